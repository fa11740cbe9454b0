/**
 * Scenario cases that walk a list fixture of the profile (`each: juridicalAddress`): a copy of
 * the case per entry, so every legal address, individual and legal entity the profile lists is
 * sent by a case of its own, and a fault that refuses one of them is caught without the
 * properties (DESIGN principle 10). The copies depend on the profile, so the cases of a run are
 * its profile's.
 */
import { referenceDefaults } from '../profile/target.ts';
import { readProfile } from '../profile/load.ts';
import type { LoadedCase } from './types.ts';

/**
 * The fixtures of the run's profile (OCS_PROFILE, else the embedded reference's), read without its
 * secrets, with its further identities beside them: a case may walk those too (`each: identities`).
 */
export function runFixtures(env: NodeJS.ProcessEnv = process.env): Record<string, unknown> {
  const profile = readProfile(referenceDefaults(env).OCS_PROFILE!);
  return { ...profile.fixtures, identities: profile.identities ?? [] };
}

function entriesOf(fixtures: Record<string, unknown>, path: string): number {
  let cur: unknown = fixtures;
  for (const seg of path.split('.')) cur = cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown>)[seg] : undefined;
  return Array.isArray(cur) ? cur.length : 0;
}

/**
 * Each case with `each` as one copy per entry, named after it. A profile without that list
 * keeps the one case, which is skipped when built, naming the missing fixture.
 */
export function eachEntry(cases: LoadedCase[], fixtures: Record<string, unknown>): LoadedCase[] {
  return cases.flatMap((c) => {
    if (!c.each) return [c];
    const n = entriesOf(fixtures, c.each);
    if (n <= 1) return [{ ...c, entry: { list: c.each, index: 0 } }];
    return Array.from({ length: n }, (_, index) => ({ ...c, name: `${c.name} (entry ${index + 1} of ${n} of ${c.each})`, entry: { list: c.each!, index } }));
  });
}
