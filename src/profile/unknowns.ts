/**
 * Values the profile names as unknown to the target (`fixtures.unknown`, docs/known-unknowns.md):
 * per kind, one or two IDs, legal forms and street codes the vendor guarantees it does not know.
 * Where a kind is given, the look-up cases and the violators send exactly those values instead
 * of drawing them (contract/assumptions.yaml A-UNKNOWN-VALUES); a drawn value might happen to
 * sit in a large directory.
 */
import { fixturesOf, legalAddresses } from './fixtures.ts';
import { UNKNOWN_KINDS, type IdKind, type UnknownKind, type UnknownValue } from './unknown-kinds.ts';

export { UNKNOWN_KINDS, type IdKind, type UnknownKind, type UnknownValue };

const ID_KINDS: IdKind[] = ['counteragentIDs', 'contactIDs', 'phoneIDs', 'addressIDs'];

interface WithUnknowns { fixtures: Record<string, unknown> }

/** The values the profile names for `kind` (the schema holds a given list to one or two), or undefined when the harness draws them. */
export function namedUnknowns<K extends UnknownKind>(profile: WithUnknowns, kind: K): UnknownValue<K>[] | undefined {
  return fixturesOf(profile).unknown?.[kind] as UnknownValue<K>[] | undefined;
}

/** The kinds the profile names, in catalog order: the certificate says these came from the profile. */
export const namedKinds = (profile: WithUnknowns): UnknownKind[] => UNKNOWN_KINDS.filter((k) => namedUnknowns(profile, k));

/**
 * A street's region: its first two characters after edge whitespace (which a target trims, as
 * `compared` says), the CLADR region code that unknownLike keeps when it draws a street
 * (src/scenario/build.ts).
 */
const regionOf = (street: string): string => [...street.trim()].slice(0, 2).join('');

/**
 * The named streets a pickup address may carry in place of `known`, one of the pickup order's
 * in-region streets: those of its region. A named street of another region would be refused by
 * the region rule (PCK-ADDRESS-SAME-REGION) whether or not the target knows it, so the
 * look-up rule would pass for the wrong reason; undefined when none is of the region, and the
 * street is drawn in it.
 */
export function namedStreetsIn(profile: WithUnknowns, known: string): string[] | undefined {
  const same = (namedUnknowns(profile, 'streets') ?? []).filter((s) => regionOf(s) === regionOf(known));
  return same.length ? same : undefined;
}

/** What a value of the same form as a known one stands for: a legal form, a street, or a street of the pickup address. */
export type LikeKind = 'forms' | 'streets' | 'pickup streets';

/**
 * The named unknowns that may stand in for `known` (a scenario's `$unknownLike`, a violator's
 * unknownLike): the profile's own for the kind, a pickup street's only of `known`'s region
 * (namedStreetsIn); undefined when the harness draws one (sameFormPools).
 */
export const namedLike = (profile: WithUnknowns, kind: LikeKind, known: string): string[] | undefined =>
  kind === 'pickup streets' ? namedStreetsIn(profile, known) : namedUnknowns(profile, kind);

/**
 * How a value of the same form as `known` is drawn, as the characters each position may hold:
 * the first two kept (a CLADR code's region, a UID's `0x`), every later digit and hex letter
 * drawn anew from its class, anything else kept (spec 2.3, 2.7 directories). A drawn value
 * equal to `known` is drawn again: a directory look-up is the only thing that can tell it apart.
 */
export function sameFormPools(known: string): string[] {
  return [...known].map((ch, i) => (i < 2 ? ch : /[0-9]/.test(ch) ? '0123456789' : /[a-f]/.test(ch) ? 'abcdef' : /[A-F]/.test(ch) ? 'ABCDEF' : ch));
}

/** The kind of unknown a scenario's `$unknownId: contactID` or `$unknownLike: …form` stands for. */
export function kindOf(name: string): UnknownKind {
  const last = name.split('.').at(-1)!;
  if (last === 'form') return 'forms';
  if (last === 'street') return 'streets';
  const kind = `${last}s`;
  if (!(UNKNOWN_KINDS as readonly string[]).includes(kind)) throw new Error(`no kind of unknown value for ${name}`);
  return kind as UnknownKind;
}

/**
 * What a scenario's `$unknownLike: <fixture path>` stands for: a legal form, a street, or a
 * street of the pickup address (a path under `pickup.`, kept in the pickup order's region).
 */
export function likeKindOf(path: string): LikeKind {
  const kind = kindOf(path);
  if (kind === 'forms') return 'forms';
  if (kind === 'streets') return path.startsWith('pickup.') ? 'pickup streets' : 'streets';
  throw new Error(`$unknownLike: ${path} is not a legal form or a street (an ID's unknown value is $unknownId)`);
}

/** What the profile lists as known for a kind: the values a target resolves, which no named unknown may be. */
export function knownValues<K extends UnknownKind>(fixtures: Record<string, unknown>, kind: K): UnknownValue<K>[] {
  const f = fixturesOf({ fixtures });
  const places = [f.pickup?.inRegion, f.pickup?.outOfRegion];
  const values: (number | string | undefined)[] = (() => {
    switch (kind as UnknownKind) {
      case 'counteragentIDs': case 'contactIDs': case 'phoneIDs': return f.addressBook?.[kind as 'contactIDs'] ?? [];
      case 'addressIDs': return places.flatMap((p) => p?.addressIDs ?? []);
      case 'forms': return [...f.counteragents?.individual ?? [], ...f.counteragents?.legal ?? []].map((c) => c.form);
      case 'streets': return legalAddresses(f).map((a) => a.street);
    }
  })();
  return values.filter((v) => v !== undefined) as UnknownValue<K>[];
}

/** Every ID the profile lists, of any kind: an ID drawn as unknown is none of them. */
export const knownIds = (fixtures: Record<string, unknown>): Set<number> => new Set(ID_KINDS.flatMap((k) => knownValues(fixtures, k)));

/**
 * A value as a target compares it: text without its edge whitespace, and a `0x` UID in any
 * case, so ` 0xAB…` named unknown is the known `0xab…`.
 */
const compared = (v: number | string): number | string => {
  if (typeof v === 'number') return v;
  const t = v.trim();
  return /^0x/i.test(t) ? t.toLowerCase() : t;
};

/**
 * Each named unknown value that the profile also lists as known: `fixtures.unknown.KIND: VALUE …`.
 * `fixtures` are read as lists (listFixtures).
 */
export function unknownProblems(file: string, fixtures: Record<string, unknown>): string[] {
  return UNKNOWN_KINDS.flatMap((kind) => {
    const known = new Set(knownValues(fixtures, kind).map(compared));
    return (namedUnknowns({ fixtures }, kind) ?? []).filter((v) => known.has(compared(v))).map((v) => `${file}: key fixtures.unknown.${kind}: ${JSON.stringify(v)} is also one of the profile's known values; a value the target knows cannot be its unknown one`);
  });
}
