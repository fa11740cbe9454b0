import type { LoadedProfile } from '../src/profile/load.ts';
import { MissingFixture } from '../src/scenario/build.ts';

/**
 * What the generators know about the target: its profile (DESIGN principle 7: every value
 * that depends on the target comes from there) and the moment the run started, for dates.
 */
export interface GenContext { profile: LoadedProfile; now: Date }

export interface Places {
  addressIDs?: number[];
  search?: string[];
  coordinates?: string[];
  streets?: { street: string; house: string }[];
}

export interface Individual { form: string; document: { type: string; serial?: string; number: string } }
export interface Legal { form: string; inn: number }
export interface LegalAddress { search?: string; street?: string; house?: string }

/**
 * The typed view of profile.schema.json's `fixtures`; every part but orders is optional. The
 * list fixtures are lists, whichever form the profile gave (src/profile/lists.ts).
 */
export interface Fixtures {
  orders: Record<string, string | undefined>;
  addressBook?: { counteragentIDs?: number[]; contactIDs?: number[]; phoneIDs?: number[] };
  counteragents?: { individual?: Individual[]; legal?: Legal[] };
  storePayers?: string[];
  juridicalAddress?: LegalAddress[];
  pickup?: { inRegion?: Places; outOfRegion?: Places; longSearch?: string };
}

export const fixturesOf = (profile: LoadedProfile): Fixtures => profile.fixtures as unknown as Fixtures;

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

/** A fixture the generator cannot do without: its absence skips the property, naming the key. */
export function need<T>(value: T | undefined, key: string): T {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) {
    throw new MissingFixture(`the profile has no fixtures.${key}`);
  }
  return value;
}

/**
 * `make()` as a one-element list, or an empty list when the profile lacks a fixture it
 * needs: for a one-of branch the profile may not support while another branch remains.
 */
export function ifFixtures<T>(make: () => T): T[] {
  try {
    return [make()];
  } catch (err) {
    if (err instanceof MissingFixture) return [];
    throw err;
  }
}

/**
 * storePayer literals to send: the profile's list, or only `third`, the one literal the spec
 * gives (contract/assumptions.yaml A-STOREPAYER-LITERALS).
 */
export const storePayers = (f: Fixtures): string[] => f.storePayers ?? ['third'];
