/**
 * The V8 limits for the processes of a run (Playwright's runner, its workers, the embedded
 * reference), added to NODE_OPTIONS unless the user set their own:
 * - `--max-old-space-size`: a worker allocates fast (thousands of requests generated, encoded
 *   and judged) and V8 lets garbage grow to several hundred MB before it collects; its live
 *   data is a few dozen MB. The cap keeps a deep run's memory where it was before requests
 *   were sent together.
 * - `--max-semi-space-size`: V8's young generation takes up to 3 × 16 MB per process by
 *   default; at 4 MB the run's process tree is about 70 MB smaller, whatever the target sends
 *   (`npm run bench` measures the time it costs).
 * package.json's `start` gives Playwright's runner the same limits on its command line (it
 * execs the runner, no process of ours starts it); a test holds the two together.
 */
const LIMITS: [flag: string, value: number][] = [['--max-old-space-size', 192], ['--max-semi-space-size', 4]];

export function withMemoryLimits(nodeOptions = ''): string {
  const added = LIMITS.filter(([flag]) => !nodeOptions.includes(flag)).map(([flag, value]) => `${flag}=${value}`);
  return [nodeOptions, ...added].join(' ').trim();
}
