import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { Limit } from '../src/runner/limit.ts';
import { counterexample, type RunParams, type Trial } from './trial.ts';

export interface Prefetched<V> {
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
export function prefetching<V>(
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

