// A clock for the pace's and the polite transport's tests (pace.test.ts, polite.test.ts): time
// moves only when something sleeps on it or a test says so.
import { Pace, type PaceSettings } from '../../src/client/pace.ts';

export interface TestClock { now: () => number; sleep: (ms: number) => Promise<void>; slept: number[]; pass(ms: number): void }

/** A clock that moves only when something sleeps on it, and the sleeps it was asked for. */
export function clock(): TestClock {
  let t = 1_000_000;
  const slept: number[] = [];
  return { now: () => t, sleep: async (ms) => { slept.push(ms); t += ms; }, slept, pass: (ms) => { t += ms; } };
}

/** A pace on the clock: its waits for the rate's turn move the clock, and are not among the waits `slept` records. */
export const paceOn = (c: TestClock, settings: Partial<PaceSettings> = {}): Pace =>
  new Pace({ maxInFlight: 64, startInFlight: 16, ...settings, now: c.now, sleep: async (ms) => c.pass(ms) });
