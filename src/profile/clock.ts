/**
 * The target's clock as the profile describes it (docs/target-clock.md): an instant it stands
 * at (`clock.fixed`), or the harness's clock moved by `clock.offsetSeconds`; without either,
 * the harness's own clock. The profile's timeZone turns it into the target's local time.
 * Every date the harness computes for the target (today, yesterday, a weekday ahead) and
 * every same-day or past-date verdict reads this clock, never `new Date()`.
 */
export interface ClockSpec {
  /** ISO 8601 instant with its offset: the target's clock stands still there. */
  fixed?: string;
  /** Seconds the target's clock runs ahead of the harness's (negative: behind). */
  offsetSeconds?: number;
  /** Seconds a same-day case may wait for the target's ticking clock to cross 16:00, so one run judges both sides. */
  waitForCutoffSeconds?: number;
}

/** What of a profile its clock is read from; typed here, not as load.ts's Profile, which holds a ClockSpec. */
interface WithClock { clock?: ClockSpec }

/** The target's clock now, by the profile; `at` is the harness's clock. */
export function targetNow(profile: WithClock, at: Date = new Date()): Date {
  const c = profile.clock;
  if (c?.fixed) return new Date(c.fixed);
  return new Date(at.getTime() + (c?.offsetSeconds ?? 0) * 1000);
}

/** Whether the target's clock moves: it crosses a cut-off only then. */
export const ticking = (profile: WithClock): boolean => !profile.clock?.fixed;

/** The profile's clock in words, for the certificate and the assumptions line. */
export function describeClock(profile: WithClock & { timeZone?: string }): string {
  const zone = profile.timeZone ? ` in ${profile.timeZone}` : ' (no timeZone: UTC)';
  const c = profile.clock;
  if (c?.fixed) return `fixed at ${c.fixed}${zone} (profile clock.fixed)`;
  if (c?.offsetSeconds) return `the harness's clock ${c.offsetSeconds > 0 ? '+' : '-'}${Math.abs(c.offsetSeconds)} s${zone} (profile clock.offsetSeconds)`;
  return `the harness's clock${zone}`;
}

/** The problem with a fixed instant, or undefined: it must carry its offset, so it names one instant. */
export function fixedProblem(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) || Number.isNaN(Date.parse(value))) {
    return `must be an ISO 8601 instant with its offset, such as 2026-11-25T15:00:00+03:00, got ${JSON.stringify(value)}`;
  }
  return undefined;
}
