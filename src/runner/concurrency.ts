/**
 * Requests in flight are a setting of their own, apart from CPU workers (DESIGN principle 9):
 * a target 50 ms away is then not waited on one request at a time, and a vendor's sandbox
 * never sees more at once than its profile allows.
 */
const DEFAULT_CONCURRENCY = 48;

/**
 * OCS_CONCURRENCY, else the profile's safety.concurrency, else 48: the cap for the whole run.
 * 48, because a default run sends about 5,000 requests: at 48 in flight a target 50 ms away
 * adds about 5 s, well under what the same run takes against a local one (at 32 it added
 * 6.5 s to 6.3 s: `npm run bench`, delayed / direct 2.04).
 */
export function concurrency(safety: { concurrency?: number } | undefined, env: NodeJS.ProcessEnv = process.env): number {
  const fromEnv = Number(env.OCS_CONCURRENCY);
  if (env.OCS_CONCURRENCY && (!Number.isInteger(fromEnv) || fromEnv < 1)) throw new RangeError(`OCS_CONCURRENCY must be a whole number of requests, at least 1, got ${env.OCS_CONCURRENCY}`);
  return env.OCS_CONCURRENCY ? fromEnv : safety?.concurrency ?? DEFAULT_CONCURRENCY;
}

/**
 * Each worker process's share: the run's cap divided among the workers, rounded down, so the
 * workers together never exceed it; a run with more workers than the cap gets one worker per
 * request in flight instead (see workersFor).
 */
export function perWorker(total: number, workers: number): number {
  return Math.max(1, Math.floor(total / workers));
}

/** The workers a run may use: no more than requests it may have in flight. */
export function workersFor(requested: number, total: number): number {
  return Math.max(1, Math.min(requested, total));
}
