import { failsTest } from '../src/checks/finding.ts';
import type { Part } from '../src/checks/part.ts';
import type { Limit } from '../src/runner/limit.ts';

/**
 * One run of a property: a part per format sent. `broken`: the transport failed, so
 * shrinking stops. `unsent`: why nothing was sent (the budget of accepted requests is
 * spent), which ends the property where it is.
 */
export interface Trial { parts: Part[]; broken?: boolean; unsent?: string; own?: string[] }

/**
 * A trial is a counterexample when it broke a rule it was sent for (`own`, every rule when
 * not given) or errored. Another rule it broke on the way (a response rule judged on every
 * response) is recorded, with the exchange, but not shrunk: it is not this property's, and
 * shrinking it in every property would cost a target that breaks it a shrink per property.
 */
export const counterexample = (t: Trial): boolean =>
  t.parts.some((p) => p.findings.some((f) => failsTest(f) && (f.verdict === 'error' || !t.own || t.own.includes(f.rule))));

/**
 * `limit`: send trials ahead of fast-check, `ahead` at most, under this cap on requests in
 * flight (see prefetching). Without it every trial waits for the one before.
 */
export interface RunParams {
  numRuns: number;
  seed?: number;
  path?: string;
  limit?: Limit;
  ahead?: number;
  /** How many places of `limit` a value's trial takes (a burst sends several requests at once); one by default. */
  weight?: (value: never) => number;
}

