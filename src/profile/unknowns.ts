/**
 * Values the profile names as unknown to the target (`fixtures.unknown`, docs/known-unknowns.md):
 * per kind, IDs, legal forms and street codes the vendor guarantees it does not know. Where a
 * kind is given, the look-up cases and the violators send exactly those values instead of
 * drawing them (contract/assumptions.yaml A-UNKNOWN-VALUES); a drawn value might happen to
 * sit in a large directory.
 */
export const UNKNOWN_KINDS = ['counteragentIDs', 'contactIDs', 'phoneIDs', 'addressIDs', 'forms', 'streets'] as const;
export type UnknownKind = typeof UNKNOWN_KINDS[number];

export type Unknowns = Partial<Record<'counteragentIDs' | 'contactIDs' | 'phoneIDs' | 'addressIDs', number[]>> & Partial<Record<'forms' | 'streets', string[]>>;

interface WithUnknowns { fixtures: Record<string, unknown> }

/** The values the profile names for `kind`, or undefined when the harness draws them. */
export function namedUnknowns<K extends UnknownKind>(profile: WithUnknowns, kind: K): NonNullable<Unknowns[K]> | undefined {
  const list = (profile.fixtures.unknown as Unknowns | undefined)?.[kind];
  return list?.length ? list as NonNullable<Unknowns[K]> : undefined;
}

/** The kinds the profile names, in catalog order: the certificate says these came from the profile. */
export const namedKinds = (profile: WithUnknowns): UnknownKind[] => UNKNOWN_KINDS.filter((k) => namedUnknowns(profile, k));

/** The kind of unknown a scenario's `$unknownId: contactID` or `$unknownLike: …form` stands for. */
export function kindOf(name: string): UnknownKind {
  const last = name.split('.').at(-1)!;
  if (last === 'form') return 'forms';
  if (last === 'street') return 'streets';
  const kind = `${last}s`;
  if (!(UNKNOWN_KINDS as readonly string[]).includes(kind)) throw new Error(`no kind of unknown value for ${name}`);
  return kind as UnknownKind;
}

type Obj = Record<string, unknown>;
const values = (v: unknown, key: string): unknown[] => {
  if (Array.isArray(v)) return v.flatMap((x) => values(x, key));
  if (v === null || typeof v !== 'object') return [];
  return Object.entries(v as Obj).flatMap(([k, x]) => (k !== key ? values(x, key) : Array.isArray(x) ? x : typeof x === 'object' ? [] : [x]));
};

/**
 * What the profile itself lists as known for a kind: a value named both known and unknown is
 * a contradiction the profile must not hold, since a case would expect it refused and accepted.
 */
function knownOf(fixtures: Obj, kind: UnknownKind): unknown[] {
  const book = (fixtures.addressBook ?? {}) as Obj;
  switch (kind) {
    case 'counteragentIDs': case 'contactIDs': case 'phoneIDs': return (book[kind] as unknown[] | undefined) ?? [];
    case 'addressIDs': return values(fixtures.pickup, 'addressIDs');
    case 'forms': return values(fixtures.counteragents, 'form');
    case 'streets': return [...values(fixtures.juridicalAddress, 'street'), ...values(fixtures.pickup, 'street')];
  }
}

/** Each named unknown value that the profile also lists as known: `fixtures.unknown.KIND: VALUE …`. */
export function unknownProblems(file: string, fixtures: Obj): string[] {
  const unknown = (fixtures.unknown ?? {}) as Unknowns;
  return UNKNOWN_KINDS.flatMap((kind) => {
    const known = new Set(knownOf(fixtures, kind));
    return (unknown[kind] ?? []).filter((v) => known.has(v)).map((v) => `${file}: key fixtures.unknown.${kind}: ${JSON.stringify(v)} is also one of the profile's known values; a value the target knows cannot be its unknown one`);
  });
}
