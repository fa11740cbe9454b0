/**
 * A test's time limit that follows the target's pace (issue 33): no fixed budget cuts a test
 * still progressing at the pace the target allows (a rate limit of a few requests a second, slow
 * answers), and a test whose requests all stop coming back ends `idleMs` after the last one did.
 * Playwright's `testInfo.setTimeout` may be called while the test runs: it sets the test's whole
 * time limit, counted from its start, so each step forward sets it to the time spent so far plus
 * `idleMs`.
 */
const TICK_MS = 1_000;

/**
 * Keeps `setTimeout` (the test's) `idleMs` ahead of the last time `progress` (a count of answers
 * and failures) moved; the returned function stops watching.
 */
export function timeLimitFollowing(setTimeout: (ms: number) => void, progress: () => number, idleMs: number): () => void {
  const began = performance.now();
  let seen = progress();
  const extend = (): void => setTimeout(Math.ceil(performance.now() - began) + idleMs);
  extend();
  const timer = setInterval(() => {
    const now = progress();
    if (now === seen) return;
    seen = now;
    extend();
  }, TICK_MS).unref();
  return () => clearInterval(timer);
}

/**
 * How long a test may go without one answer or failure: longer than anything the harness waits
 * on by design. A request's time limit twice over (a suspected stall waits on a fresh
 * connection too), the longest Retry-After honoured (30 s), and the same-day case's wait for the
 * target's clock to cross 16:00 (profile clock.waitForCutoffSeconds), with a minute to spare.
 */
export function idleLimitMs(timeoutMs: number, waitForCutoffSeconds = 0): number {
  return 60_000 + 2 * timeoutMs + 30_000 + waitForCutoffSeconds * 1_000;
}
