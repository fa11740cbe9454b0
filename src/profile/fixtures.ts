/**
 * The typed view of a profile's fixtures (profile.schema.json `fixtures`), read as lists
 * (src/profile/lists.ts listFixtures): what the generators draw from and what the harness
 * reads as the values a target knows and the ones it names unknown (src/profile/unknowns.ts).
 */
import type { UnknownKind } from './unknown-kinds.ts';

export interface Places {
  addressIDs?: number[];
  search?: string[];
  coordinates?: string[];
  streets?: { street: string; house: string }[];
}

export interface Individual { form: string; document: { type: string; serial?: string; number: string } }
export interface Legal { form: string; inn: number }
export interface LegalAddress { search?: string; street?: string; house?: string }

/** Every part but orders is optional; the list fixtures are lists, whichever form the profile gave. */
export interface Fixtures {
  orders: Record<string, string | undefined>;
  addressBook?: { counteragentIDs?: number[]; contactIDs?: number[]; phoneIDs?: number[] };
  counteragents?: { individual?: Individual[]; legal?: Legal[] };
  storePayers?: string[];
  juridicalAddress?: LegalAddress[];
  pickup?: { inRegion?: Places; outOfRegion?: Places; longSearch?: string };
  /** One or two values per kind the target does not know (docs/known-unknowns.md). */
  unknown?: Partial<Record<UnknownKind, (number | string)[]>>;
}

/** The typed view of a loaded profile's fixtures. */
export const fixturesOf = (profile: { fixtures: Record<string, unknown> }): Fixtures => profile.fixtures as unknown as Fixtures;

/**
 * Every legal address the profile gives a target resolves: its juridicalAddress entries, then
 * the text searches and streets of its pickup places, inside and outside the pickup order's
 * region, since spec 4 rule 5 binds the pickup address only (a coordinates search is a
 * pickup form, spec 2.7, not a legal address's).
 */
export function legalAddresses(f: Fixtures): LegalAddress[] {
  const places = [f.pickup?.inRegion, f.pickup?.outOfRegion];
  return [
    ...(f.juridicalAddress ?? []),
    ...places.flatMap((p) => (p?.search ?? []).filter((s) => [...s].length >= 2).map((search) => ({ search }))),
    ...places.flatMap((p) => p?.streets ?? []),
  ];
}
