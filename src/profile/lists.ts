/**
 * Fixtures a profile may give as one entry or as a list (contract/schemas/profile.schema.json,
 * docs/profile-values.md). Read as lists everywhere, so the generators draw from every entry
 * and a scenario case can walk them (`each`, src/scenario/each.ts); the one-entry form of
 * older profiles stays valid.
 */
export const LIST_FIXTURES = ['counteragents.individual', 'counteragents.legal', 'juridicalAddress'] as const;
export type ListFixture = typeof LIST_FIXTURES[number];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The fixtures with every LIST_FIXTURES key that is given as one entry turned into a list of it. */
export function listFixtures<F extends Obj>(fixtures: F): F {
  const out = structuredClone(fixtures) as Obj;
  for (const path of LIST_FIXTURES) {
    const segs = path.split('.');
    let holder: unknown = out;
    for (const seg of segs.slice(0, -1)) holder = isObj(holder) ? holder[seg] : undefined;
    const key = segs.at(-1)!;
    if (isObj(holder) && holder[key] !== undefined && !Array.isArray(holder[key])) holder[key] = [holder[key]];
  }
  return out as F;
}
