import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { Format } from '../src/contract/load.ts';
import { failsTest, RANK, type Finding } from '../src/checks/finding.ts';
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
export interface RunParams {
  numRuns: number;
  seed?: number;
  path?: string;
  limit?: Limit;
  ahead?: number;
  /** How many places of `limit` a value's trial takes (a burst sends several requests at once); one by default. */
  weight?: (value: never) => number;
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

interface Prefetched<V> {
  /**
   * Hands each run's trial to `pass` in run order while they pass; the number of runs when
   * all did, undefined from the first that did not (fast-check's check then judges it).
   */
  inOrder: (pass: (t: Trial) => void) => Promise<number | undefined>;
  /** Resolves once every value is drawn: fast-check's check may then ask for them. */
  drawn: Promise<unknown>;
  /** The trial of the value fast-check asks for: the one sent ahead, or sent now. */
  take: (value: V) => Promise<Trial>;
  /** Waits for every trial sent ahead; how many values asked for had not been. */
  settle: () => Promise<number>;
}

/** How many values are drawn between two turns of the event loop. */
const DRAWN_PER_TURN = 8;

/**
 * fast-check runs a property's trials one after another, so against a distant target each
 * run waits a round trip. fc.check draws the same values for the same arbitrary, seed and
 * path whatever the predicate does (fc.sample does not: it draws other values than check in
 * fast-check 4), so a first check whose predicate only keeps the values gives the runs to
 * come. Each value's trial is started as soon as it is drawn and the window admits it, `ahead`
 * at a time under `limit`; the drawing hands the event loop over every few values, so the
 * first requests leave while the rest are drawn. Runs that all pass are the answer; from the
 * first that does not, fast-check's own check takes the trials when it asks for their values,
 * shrinks, and sends the new values it draws when it asks for them. After the first failure
 * nothing more is sent ahead. A value asked for that was not drawn ahead is simply sent then.
 */
function prefetching<V>(
  arbitrary: fc.Arbitrary<V>, trial: (value: V) => Promise<Trial>, params: RunParams & { seed: number }, limit: Limit,
): Prefetched<V> {
  const window = Math.max(1, params.ahead ?? 16);
  const weigh = (value: V): number | undefined => (params.weight as ((v: V) => number) | undefined)?.(value);
  // By run index: fast-check asks for the values in the order the first check drew them, so
  // the i-th value asked for is the i-th drawn, which a deep comparison confirms (a value
  // told by its JSON text cost a serialization per run on each side).
  const values: ([V] | undefined)[] = [];
  const started: (Promise<Trial> | undefined)[] = [];
  const all: Promise<unknown>[] = [];
  let next = 0;
  let upTo = window;
  let stopped = false;
  const topUp = (to: number): void => {
    upTo = Math.max(upTo, to);
    for (; !stopped && next < Math.min(upTo, values.length); next++) {
      const value = values[next]![0];
      const t = limit(() => trial(value), weigh(value));
      // Kept only to wait for at the end, without the trial: a deep run draws thousands.
      all.push(t.then(() => undefined, () => undefined));
      started[next] = t;
    }
  };
  // Wakes `inOrder` when a value is drawn or the drawing ends.
  let wake: (() => void) | undefined;
  const woken = (): void => {
    wake?.();
    wake = undefined;
  };
  let finished = false;
  // Drawing failed (an arbitrary that throws): nothing is known to pass; the check finds it.
  let complete = false;
  const drawn = fc.check(fc.asyncProperty(arbitrary, async (value) => {
    values.push([value]);
    topUp(upTo);
    woken();
    if (values.length % DRAWN_PER_TURN === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    return true;
  }), { numRuns: params.numRuns, seed: params.seed, path: params.path }).then((d) => !d.failed, () => false).then((ok) => {
    finished = true;
    complete = ok;
    woken();
  });
  let asked = 0;
  let misses = 0;
  // Runs `inOrder` found passing, and folded: the check that may follow is told they pass.
  let passing = 0;
  return {
    drawn,
    async inOrder(pass) {
      for (let i = 0; ; i++) {
        while (started[i] === undefined && !finished) await new Promise<void>((resolve) => (wake = resolve));
        const done = await started[i]?.catch(() => undefined);
        if (!done || counterexample(done) || done.unsent !== undefined) break;
        started[i] = values[i] = undefined;
        pass(done);
        passing++;
        topUp(i + 1 + window);
      }
      if (complete && passing === values.length) return passing;
      // fast-check's check takes over from the first run that did not pass: nothing more ahead.
      stopped = true;
      return undefined;
    },
    async take(value) {
      const i = asked++;
      if (i < passing) return { parts: [] };
      const ahead = started[i];
      const same = ahead !== undefined && isDeepStrictEqual(values[i]![0], value);
      started[i] = undefined;
      values[i] = undefined;
      if (!same) misses++;
      const t = same ? ahead : limit(() => trial(value), weigh(value));
      topUp(asked + window);
      const done = await t;
      if (counterexample(done) || done.unsent !== undefined) stopped = true;
      return done;
    },
    async settle() {
      stopped = true;
      await Promise.all([drawn, ...all]);
      return misses;
    },
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
