/**
 * The V8 limits for the processes of a run (Playwright's runner, its workers, the embedded
 * reference), added to NODE_OPTIONS unless the user set their own:
 * - `--max-old-space-size`: a worker allocates fast (thousands of requests generated, encoded
 *   and judged) and V8 lets garbage grow to several hundred MB before it collects; its live
 *   data is a few dozen MB. The cap keeps a deep run's memory where it was before requests
 *   were sent together.
 * - `--max-semi-space-size`: V8's young generation takes up to 3 × 16 MB per process by
 *   default. At 8 MB a whole run's process tree stays about 40 MB smaller whatever the target
 *   sends (430 MB against a hung, an echoing or a 60 MB target), for 8% of a deep run's time
 *   (`npm run bench`, OCS_RUNS=1000: 109 s at 16 MB, 118 s at 8, 132 s at 4).
 * package.json's `start` gives Playwright's runner the same limits on its command line (it
 * execs the runner, no process of ours starts it); a test holds the two together.
 */
const LIMITS: [flag: string, value: number][] = [['--max-old-space-size', 192], ['--max-semi-space-size', 8]];

export function withMemoryLimits(nodeOptions = ''): string {
  const added = LIMITS.filter(([flag]) => !nodeOptions.includes(flag)).map(([flag, value]) => `${flag}=${value}`);
  return [nodeOptions, ...added].join(' ').trim();
}
