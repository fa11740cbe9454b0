import fc from 'fast-check';
import type { Format } from '../src/contract/load.ts';
import { failsTest, RANK, type Finding } from '../src/checks/finding.ts';
import type { Part } from '../src/checks/part.ts';
import { prefetching } from './prefetch.ts';
import { counterexample, type RunParams, type Trial } from './trial.ts';

/**
 * A property run with fast-check (generators/suite.ts defines them, generators/check.ts runs
 * one): its trials sent ahead of fast-check where a limit allows (generators/prefetch.ts), its
 * passing runs folded into one finding per rule and format.
 */
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
 * Runs `trial` on generated values with fc.asyncProperty and fc.check: fast-check draws,
 * shrinks and reports the seed and path; nothing here loops by hand. The last failing trial
 * is the shrunk counterexample's, since fast-check only moves to a candidate that fails.
 */
export async function runProperty<V>(arbitrary: fc.Arbitrary<V>, trial: (value: V) => Promise<Trial>, params: RunParams): Promise<PropertyRun<V>> {
  const merged: Merged = new Map();
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
  const ahead = params.limit ? prefetching(arbitrary, trial, { ...params, seed }, params.limit) : undefined;
  if (ahead) take = ahead.take;
  // Runs sent ahead that all pass are the whole answer: fast-check would draw them again
  // only to be told they pass. Only a run that fails (or errs, or is left unsent) needs
  // fast-check's own check, which judges it and shrinks; it is told the runs before it pass
  // (they were folded) without sending them again.
  // A replayed path is always fast-check's to walk.
  if (ahead && params.path === undefined) {
    const passed = await ahead.inOrder((t) => { for (const p of t.parts) fold(merged, p); });
    if (passed !== undefined) {
      await ahead.settle();
      return { failed: false, seed, numRuns: passed, numShrinks: 0, merged: folded(merged), missed: 0 };
    }
  }
  let details: fc.RunDetails<[V]>;
  let missed: number | undefined;
  try {
    await ahead?.drawn;
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
    merged: folded(merged),
    stopped,
    missed,
  };
}

type Merged = Map<Format, Part & { byRule: Map<string, Finding> }>;

const folded = (merged: Merged): Part[] =>
  [...merged.values()].map(({ format, byRule, exchange }) => ({ format, findings: [...byRule.values()], ...(exchange ? { exchange } : {}) }));

function fold(merged: Merged, part: Part): void {
  let into = merged.get(part.format);
  if (!into) merged.set(part.format, (into = { format: part.format, findings: [], byRule: new Map() }));
  for (const f of part.findings) {
    const seen = into.byRule.get(f.rule);
    if (!seen || RANK[f.verdict] > RANK[seen.verdict]) into.byRule.set(f.rule, f);
  }
  if (!into.exchange && part.findings.some(failsTest)) into.exchange = part.exchange;
}
