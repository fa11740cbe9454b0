/**
 * A run stopped from outside (SIGTERM or SIGINT: a CI job's cancel or timeout, `timeout`,
 * Kubernetes, Ctrl-C; docs/stopping.md) stops sending, keeps what it judged and writes every
 * report, its verdict INCOMPLETE.
 *
 * Playwright's runner stops a run on SIGINT: it interrupts the tests in the workers, runs
 * their after-hooks, and still calls every reporter's onEnd (status 'interrupted'). SIGTERM,
 * which it does not handle, ended the runner at once and wrote nothing; the runner now takes
 * it down the same path. In a worker, an interrupted test's after-hook stops the sending
 * (requests in flight fail at once, queued checks never start) and waits a little for the
 * test's body to record the steps that ended before the stop; the others judged nothing.
 */
import { NotSent, NOT_SENT, type Transport } from '../client/transport.ts';
import type { Limit } from './limit.ts';

/** The environment variable that names the signal a stop came from, set in the runner for its reporter. */
const STOPPED_BY = 'OCS_STOPPED_BY';
const INSTALLED = Symbol.for('ocs-conformance.stop-signals');

/**
 * Runner side: SIGTERM stops the run as Playwright's SIGINT does, and the signal that stopped
 * it is kept for the reports. Once a stop is under way, a further signal is left to Playwright
 * (a second Ctrl-C), and a SIGTERM is ignored: a CI job's cancel sends SIGINT, then SIGTERM a
 * few seconds later, which must not cut the reports short. Before Playwright listens for SIGINT
 * (while the config loads) and after it has stopped listening, there is no run to stop with
 * reports, and either signal ends the process as it always did.
 */
export function handleStopSignals(): void {
  // Once per process, however often the config is loaded: the count of SIGINT listeners below relies on it.
  const installed = globalThis as { [INSTALLED]?: boolean };
  if (installed[INSTALLED]) return;
  installed[INSTALLED] = true;
  delete process.env[STOPPED_BY];
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, function stop() {
      // Playwright's runner listens for SIGINT while a run is under way: with ours, two listeners.
      if (process.listenerCount('SIGINT') < 2) {
        process.off(signal, stop);
        process.kill(process.pid, signal);
        return;
      }
      if (process.env[STOPPED_BY]) return;
      process.env[STOPPED_BY] = signal;
      if (signal === 'SIGTERM') process.emit('SIGINT');
    });
  }
}

/**
 * What stopped the run, as the reports say it: `by SIGTERM`, `by SIGINT` (a runner of this
 * process interrupts on nothing else), or `(interrupted)` where the signal is not known: in
 * `playwright merge-reports`, joining shards' reports.
 */
export function stoppedBy(env: NodeJS.ProcessEnv): string {
  if (env[STOPPED_BY]) return `by ${env[STOPPED_BY]}`;
  return (globalThis as { [INSTALLED]?: boolean })[INSTALLED] ? 'by SIGINT' : '(interrupted)';
}

/**
 * How long an interrupted test's body has to record what it judged once the sending stopped:
 * well under a second on a quiet machine, a bound for a loaded one (a worker starved of CPU
 * may take longer than the 3 s this was; its judged checks would then go uncounted).
 */
const GRACE_MS = 10_000;

const STOP_REASON = `${NOT_SENT}the run was stopped`;
let stopped = false;
/** The requests in flight, each a way to fail it at once when the run stops. */
const inFlight = new Set<(err: Error) => void>();
/** The sleeps under way, each a way to end it at once when the run stops. */
const sleeping = new Set<() => void>();
/** The body of the test running in this worker (one at a time per worker). */
let body: Promise<unknown> | undefined;

export const isStopped = (): boolean => stopped;

/** Worker side: nothing more is sent, and every request in flight fails at once as not sent. */
export function stopSending(): void {
  stopped = true;
  for (const fail of inFlight) fail(new NotSent(STOP_REASON));
  inFlight.clear();
  for (const wake of [...sleeping]) wake();
}

/**
 * Waits `ms`, or ends at once when the run stops (a same-day case waiting for the target's
 * clock to cross 16:00, src/runner/case.ts): whether the run was stopped.
 */
export function sleepUnlessStopped(ms: number): Promise<boolean> {
  if (stopped) return Promise.resolve(true);
  return new Promise((resolve) => {
    const wake = (): void => {
      clearTimeout(timer);
      sleeping.delete(wake);
      resolve(stopped);
    };
    const timer = setTimeout(wake, ms);
    sleeping.add(wake);
  });
}

/** A transport that sends nothing once the run stops, and lets go of its requests in flight then. */
export function stoppable(transport: Transport): Transport {
  return {
    send(request) {
      if (stopped) return Promise.reject(new NotSent(STOP_REASON));
      return new Promise((resolve, reject) => {
        inFlight.add(reject);
        transport.send(request).then(resolve, reject).finally(() => inFlight.delete(reject));
      });
    },
  };
}

/**
 * A cap whose queued tasks do not start once the run stops: each fails at once as not sent,
 * instead of building its request (a property's trials are queued by the hundred) to have it refused.
 */
export function stoppableLimit(limit: Limit): Limit {
  return (task, weight) => limit(() => (stopped ? Promise.reject(new NotSent(STOP_REASON)) : task()), weight);
}

/** What a step gave if it ended before the stop; a step the stop cut short judged nothing. */
export async function beforeStop<T>(step: () => Promise<T>): Promise<T | undefined> {
  const result = await step();
  return stopped ? undefined : result;
}

/** Runs a test's body, kept so that a stop can wait for what it records. */
export function running<T>(test: () => Promise<T>): Promise<T> {
  const p = test();
  body = p;
  return p;
}

/**
 * After Playwright interrupted a test: stops the sending, then waits, at most GRACE_MS, for
 * the test's body to record the steps that ended before the stop, so that the test's end
 * carries them to the reporter.
 */
export async function recordStopped(): Promise<void> {
  stopSending();
  if (!body) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([body.catch(() => undefined), new Promise((resolve) => { timer = setTimeout(resolve, GRACE_MS); })]);
  clearTimeout(timer);
}
