// Shared pieces of the generators' tests: the reference profile, one clock for generating
// and checking, and fixed seeds so a failure replays.
import { join } from 'node:path';
import fc from 'fast-check';
import { ROOT } from '../../src/contract/load.ts';
import { loadProfile } from '../../src/profile/load.ts';
import type { GenContext } from '../../generators/fixtures.ts';

/** Stand-in credentials: these tests never reach a target. */
const ENV = { OCS_APPKEY: 'test-appkey', OCS_SESSION_ID: 'test-session', OCS_SESSION_ID_2: 'test-session-2', OCS_APPKEY_2: 'test-appkey-2' };

export const profile = loadProfile(join(ROOT, 'profiles', 'reference.yaml'), ENV);
export const ctx: GenContext = { profile, now: new Date() };

const SEED = 20261121;

/** `n` values of `arb`, the same ones on every run. */
export const sample = <T>(arb: fc.Arbitrary<T>, n: number, seed = SEED): T[] => fc.sample(arb, { seed, numRuns: n });

/** A request cut short for an assertion message. */
export const show = (v: unknown): string => {
  const text = JSON.stringify(v);
  return text.length > 600 ? `${text.slice(0, 600)}… (${text.length} characters)` : text;
};
