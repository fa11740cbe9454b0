import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { Format } from '../src/contract/load.ts';
import { failsTest, RANK, type Finding } from '../src/checks/finding.ts';
import type { Part } from '../src/runner/case.ts';
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

export interface PropertyRun<V> {
  failed: boolean;
  seed: number;
  /** fast-check's path to the shrunk counterexample: with the seed, it replays it. */
  path?: string;
  numRuns: number;
  numShrinks: number;
  counterexample?: V;
  /** The shrunk counterexample's trial, or the harness error it raised. */
  failure?: Trial | { error: unknown };
  /**
   * Every passing run folded into one finding per rule and format (the worst verdict wins),
   * with the exchange of the first run that broke a rule, if any did.
   */
  merged: Part[];
  /** Why the property stopped before its runs were done, if it did. */
  stopped?: string;
  /** With a limit: the values fast-check asked for that were not sent ahead (shrink candidates). */
  missed?: number;
}

/**
 * `limit`: send trials ahead of fast-check, `ahead` at most, under this cap on requests in
 * flight (see prefetching). Without it every trial waits for the one before.
 */
export interface RunParams { numRuns: number; seed?: number; path?: string; limit?: Limit; ahead?: number }

/**
 * Runs `trial` on generated values with fc.asyncProperty and fc.check: fast-check draws,
 * shrinks and reports the seed and path; nothing here loops by hand. The last failing trial
 * is the shrunk counterexample's, since fast-check only moves to a candidate that fails.
 */
export async function runProperty<V>(arbitrary: fc.Arbitrary<V>, trial: (value: V) => Promise<Trial>, params: RunParams): Promise<PropertyRun<V>> {
  const merged = new Map<Format, Part & { byRule: Map<string, Finding> }>();
  let failure: PropertyRun<V>['failure'];
  let stopped: string | undefined;
  let halted = false;
  // fast-check needs a seed before it starts so that the prefetched values are its own.
  const seed = params.seed ?? Math.floor(Math.random() * 0x7fffffff);
  let take: (value: V) => Promise<Trial> = trial;
  const property = fc.asyncProperty(arbitrary, async (value) => {
    // After a transport failure every candidate would fail the same way, and after the
    // budget is spent nothing may be sent: the runs left pass unsent, the first failure stays.
    if (halted) return true;
    let t: Trial;
    try {
      t = await take(value);
    } catch (error) {
      failure = { error };
      return false;
    }
    if (t.unsent !== undefined) {
      stopped = t.unsent;
      halted = true;
      return true;
    }
    if (counterexample(t)) {
      failure = t;
      halted = t.broken ?? false;
      return false;
    }
    for (const p of t.parts) fold(merged, p);
    return true;
  });
  const ahead = params.limit ? await prefetching(arbitrary, trial, { ...params, seed }, params.limit) : undefined;
  if (ahead) take = ahead.take;
  let details: fc.RunDetails<[V]>;
  let missed: number | undefined;
  try {
    details = await fc.check(property, { numRuns: params.numRuns, seed, path: params.path });
  } finally {
    missed = await ahead?.settle();
  }
  return {
    failed: details.failed,
    seed: details.seed,
    path: details.counterexamplePath ?? undefined,
    numRuns: details.numRuns,
    numShrinks: details.numShrinks,
    counterexample: details.counterexample?.[0],
    failure: details.failed ? failure ?? { error: details.errorInstance } : undefined,
    merged: [...merged.values()].map(({ format, byRule, exchange }) => ({ format, findings: [...byRule.values()], ...(exchange ? { exchange } : {}) })),
    stopped,
    missed,
  };
}

/**
 * fast-check runs a property's trials one after another, so against a distant target each
 * run waits a round trip. fc.check draws the same values for the same arbitrary, seed and
 * path whatever the predicate does (fc.sample does not: it draws other values than check in
 * fast-check 4), so a first check whose predicate only keeps the values gives the runs to
 * come. Their trials are started `ahead` at a time under `limit` and handed over when
 * fast-check asks for the value. Shrinking draws new values, which are sent when asked;
 * after the first failure nothing more is sent ahead. A value asked for that was not drawn
 * ahead is simply sent then.
 */
async function prefetching<V>(
  arbitrary: fc.Arbitrary<V>, trial: (value: V) => Promise<Trial>, params: RunParams & { seed: number }, limit: Limit,
): Promise<{ take: (value: V) => Promise<Trial>; settle: () => Promise<number> }> {
  const values: ([V] | undefined)[] = [];
  await fc.check(fc.asyncProperty(arbitrary, async (value) => {
    values.push([value]);
    return true;
  }), { numRuns: params.numRuns, seed: params.seed, path: params.path });
  const window = Math.max(1, params.ahead ?? 16);
  // By run index: fast-check asks for the values in the order the first check drew them, so
  // the i-th value asked for is the i-th drawn, which a deep comparison confirms (a value
  // told by its JSON text cost a serialization per run on each side).
  const started: (Promise<Trial> | undefined)[] = [];
  const all: Promise<unknown>[] = [];
  let next = 0;
  let stopped = false;
  const topUp = (upTo: number): void => {
    for (; !stopped && next < Math.min(upTo, values.length); next++) {
      const value = values[next]![0];
      const t = limit(() => trial(value));
      // Kept only to wait for at the end, without the trial: a deep run draws thousands.
      all.push(t.then(() => undefined, () => undefined));
      started[next] = t;
    }
  };
  let asked = 0;
  topUp(window);
  let misses = 0;
  return {
    async take(value) {
      const i = asked++;
      const ahead = started[i];
      const same = ahead !== undefined && isDeepStrictEqual(values[i]![0], value);
      started[i] = undefined;
      values[i] = undefined;
      if (!same) misses++;
      const t = same ? ahead : limit(() => trial(value));
      topUp(asked + window);
      const done = await t;
      if (counterexample(done) || done.unsent !== undefined) stopped = true;
      return done;
    },
    async settle() {
      stopped = true;
      await Promise.all(all);
      return misses;
    },
  };
}

function fold(merged: Map<Format, Part & { byRule: Map<string, Finding> }>, part: Part): void {
  let into = merged.get(part.format);
  if (!into) merged.set(part.format, (into = { format: part.format, findings: [], byRule: new Map() }));
  for (const f of part.findings) {
    const seen = into.byRule.get(f.rule);
    if (!seen || RANK[f.verdict] > RANK[seen.verdict]) into.byRule.set(f.rule, f);
  }
  if (!into.exchange && part.findings.some(failsTest)) into.exchange = part.exchange;
}
