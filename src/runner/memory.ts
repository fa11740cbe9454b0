/**
 * The V8 limits for the processes of a run (Playwright's runner, its workers, the embedded
 * reference), added to NODE_OPTIONS unless the user set their own:
 * - `--max-old-space-size`: a worker allocates fast (thousands of requests generated, encoded
 *   and judged) and V8 lets garbage grow to several hundred MB before it collects; its live
 *   data is a few dozen MB. The cap keeps a deep run's memory where it was before requests
 *   were sent together. 128 MB, not 192: with the value and form cases of issue 16 (1031
 *   checks), a worker whose every check errs let garbage reach 259 MB at 192 and 222 MB at 128
 *   (a whole run against a hung target: 426 and 398 MB for the tree), while a deep run
 *   (OCS_RUNS=300) took 79 and 98 s at 192 against 102 and 87 s at 128: no cost above the noise.
 *   160 since issue 32 (1,859 checks, the edges and standards loaded in every worker): a worker
 *   of a whole run against the echoing hostile target died of its heap at 96 MB at once, and at
 *   112 MB midway (its test ends without its record, its checks errors: "worker process exited
 *   unexpectedly (signal=SIGABRT)"), the way one endpoint test of about 1 hostile whole run in 10
 *   ended at 128 on a loaded machine. The tree's peak PSS of that run: 343 MB at 128, 373 at 192.
 * - `--max-semi-space-size`: V8's young generation takes up to 3 × 16 MB per process by
 *   default. At 8 MB a whole run's process tree stays about 40 MB smaller whatever the target
 *   sends (430 MB against a hung, an echoing or a 60 MB target), for 8% of a deep run's time
 *   (`npm run bench`, OCS_RUNS=1000: 109 s at 16 MB, 118 s at 8, 132 s at 4).
 * - Playwright's runner gets a larger old generation than its workers, 192 MB: it holds every
 *   test's results and steps for the reports and stringifies the HTML report at the end; in a
 *   deep run (OCS_RUNS=1000, 64 tests) it reached 134 MB there and died of a 128 MB heap.
 * `ocs-conformance run` (src/cli/run.ts, which `npm start` is) starts Playwright's runner with
 * its limits and keeps the user's own NODE_OPTIONS aside in OCS_USER_NODE_OPTIONS, from which
 * playwright.config.ts makes the workers'.
 */
type Limits = [flag: string, value: number][];
const LIMITS: Record<'worker' | 'runner', Limits> = {
  worker: [['--max-old-space-size', 160], ['--max-semi-space-size', 8]],
  runner: [['--max-old-space-size', 192], ['--max-semi-space-size', 8]],
};

/** The user's NODE_OPTIONS, kept aside while the runner runs with its own limits. */
export const USER_NODE_OPTIONS = 'OCS_USER_NODE_OPTIONS';

export function withMemoryLimits(nodeOptions = '', proc: 'worker' | 'runner' = 'worker'): string {
  const added = LIMITS[proc].filter(([flag]) => !nodeOptions.includes(flag)).map(([flag, value]) => `${flag}=${value}`);
  return [nodeOptions, ...added].join(' ').trim();
}
