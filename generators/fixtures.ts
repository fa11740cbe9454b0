import type { LoadedProfile } from '../src/profile/load.ts';
import { MissingFixture } from '../src/scenario/build.ts';

/**
 * What the generators know about the target: its profile (DESIGN principle 7: every value
 * that depends on the target comes from there) and the moment the run started, for dates.
 */
export interface GenContext { profile: LoadedProfile; now: Date }

export { fixturesOf, legalAddresses, type Fixtures, type Individual, type Legal, type LegalAddress, type Places } from '../src/profile/fixtures.ts';
import type { Fixtures } from '../src/profile/fixtures.ts';

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
