import { cpus } from 'node:os';

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

/** A profile's safety settings that decide a run's workers and requests in flight. */
interface Safety { workers?: number; concurrency?: number }

/**
 * A run's workers and each one's share of the requests in flight, as playwright.config.ts
 * sets them: workers from `requested` (--workers), else OCS_WORKERS, else the profile's
 * safety.workers, else half the cores (Playwright's default), never more than the run's cap.
 */
export function workerPlan(safety: Safety | undefined, requested?: string, env: NodeJS.ProcessEnv = process.env): { total: number; workers: number; inFlight: number } {
  const total = concurrency(safety, env);
  const workers = workersFor(Number(requested ?? env.OCS_WORKERS ?? safety?.workers ?? Math.max(1, Math.floor(cpus().length / 2))), total);
  return { total, workers, inFlight: perWorker(total, workers) };
}
