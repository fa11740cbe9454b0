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
 * - `--max-semi-space-size`: V8's young generation takes up to 3 × 16 MB per process by
 *   default. At 8 MB a whole run's process tree stays about 40 MB smaller whatever the target
 *   sends (430 MB against a hung, an echoing or a 60 MB target), for 8% of a deep run's time
 *   (`npm run bench`, OCS_RUNS=1000: 109 s at 16 MB, 118 s at 8, 132 s at 4).
 * package.json's `start` gives Playwright's runner the same limits on its command line (it
 * execs the runner, no process of ours starts it); a test holds the two together.
 */
const LIMITS: [flag: string, value: number][] = [['--max-old-space-size', 128], ['--max-semi-space-size', 8]];

export function withMemoryLimits(nodeOptions = ''): string {
  const added = LIMITS.filter(([flag]) => !nodeOptions.includes(flag)).map(([flag, value]) => `${flag}=${value}`);
  return [nodeOptions, ...added].join(' ').trim();
}
