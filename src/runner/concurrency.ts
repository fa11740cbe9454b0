import { cpus } from 'node:os';

/**
 * Requests in flight are a setting of their own, apart from CPU workers (DESIGN principle 9):
 * a distant target is then not waited on one request at a time, and a vendor's sandbox never
 * sees more at once than its profile allows.
 *
 * A run starts with START_CONCURRENCY in flight (shared by the workers) and the pace
 * (src/client/pace.ts) grows that while the answers come as fast with more in flight (a distant
 * target), up to the cap: DEFAULT_CONCURRENCY unless the profile or OCS_CONCURRENCY says. 48 was
 * the fixed cap before, and the start stays there: a target on the same machine answers no
 * faster with more. 256: a default run sends about 7,300 requests; at 48 in flight a target
 * 200 ms away cost 30 s of waiting alone (3.2 times the run against a local one), at 256 about
 * 6 s (`npm run bench`: the distant line).
 */
const DEFAULT_CONCURRENCY = 256;
const START_CONCURRENCY = 48;

/**
 * OCS_CONCURRENCY, else the profile's safety.concurrency, else DEFAULT_CONCURRENCY: the cap for
 * the whole run.
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

/** A profile's safety settings that decide a run's workers and requests in flight. */
interface Safety { workers?: number; concurrency?: number }

/**
 * A run's workers and each one's share of the requests in flight (`inFlight`, the most; `start`,
 * where its pace begins), as playwright.config.ts sets them: workers from `requested`
 * (--workers), else OCS_WORKERS, else the profile's safety.workers, else half the cores
 * (Playwright's default), never more than the run's cap.
 */
export function workerPlan(safety: Safety | undefined, requested?: string, env: NodeJS.ProcessEnv = process.env): { total: number; workers: number; inFlight: number; start: number } {
  const total = concurrency(safety, env);
  const workers = workersFor(Number(requested ?? env.OCS_WORKERS ?? safety?.workers ?? Math.max(1, Math.floor(cpus().length / 2))), total);
  return { total, workers, inFlight: perWorker(total, workers), start: perWorker(Math.min(START_CONCURRENCY, total), workers) };
}

/** Where this process's pace starts: its share of START_CONCURRENCY (OCS_WORKER_START_IN_FLIGHT), within its cap. */
export function startInFlight(cap: number, env: NodeJS.ProcessEnv = process.env): number {
  return Math.min(cap, Number(env.OCS_WORKER_START_IN_FLIGHT) || START_CONCURRENCY);
}
