/**
 * Where a run's time goes, for the bench (scripts/bench/phases.ts): with OCS_PHASES_FILE set,
 * Playwright's runner and each worker append a line at the phase boundaries they see (the
 * runner's config loaded, the tests listed, a worker's first request, each with the process's
 * CPU so far; each process's end with its CPU, its wall
 * time, its garbage collector's pauses (wall time) and, in a worker, the CPU spent judging
 * answers). Unset, nothing is observed, written or read: the judging clock, two reads of
 * process.cpuUsage() per answer (CPU, not wall: on a loaded machine a wall clock counts the
 * time other processes had the core), is read only with the file set (each read is a system
 * call, and a run judges some 8,000 answers).
 */
import { appendFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';

const FILE = process.env.OCS_PHASES_FILE;
const ROLE = process.env.TEST_WORKER_INDEX === undefined ? 'runner' : `worker${process.env.TEST_WORKER_INDEX}`;

let judgingMs = 0;
let firstSent = false;

/** One line: `phase role epoch-ms [key=value …]`. */
function mark(phase: string, extra = ''): void {
  if (FILE) appendFileSync(FILE, `${phase} ${ROLE} ${Date.now()}${extra}\n`);
}

/** The process's CPU so far (user and system), in ms, as a mark's figure (read only with OCS_PHASES_FILE set). */
function cpuSoFar(): string {
  if (!FILE) return '';
  const cpu = process.cpuUsage();
  return ` cpu=${((cpu.user + cpu.system) / 1000).toFixed(0)}`;
}

/** Called once per process as the config loads: marks its start and, at its exit, its CPU and collector's time. */
export function observePhases(): void {
  // Once per process, should Playwright load the config again.
  const flags = globalThis as { ocsPhasesObserved?: boolean };
  if (!FILE || flags.ocsPhasesObserved) return;
  flags.ocsPhasesObserved = true;
  mark('start', cpuSoFar());
  const started = performance.now();
  let gcMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcMs += e.duration;
  });
  gc.observe({ entryTypes: ['gc'] });
  process.on('exit', () => {
    const cpu = process.cpuUsage();
    mark('exit', ` cpu=${((cpu.user + cpu.system) / 1000).toFixed(0)} wall=${(performance.now() - started).toFixed(0)} gc=${gcMs.toFixed(0)} judging=${judgingMs.toFixed(0)}`);
  });
}

/** A request is about to leave: the first one ends the process's start-up. */
export function sending(): void {
  if (firstSent) return;
  firstSent = true;
  mark('first-request', cpuSoFar());
}

let listedOnce = false;
/** The runner has listed the tests (the conformance reporter's onBegin): its own start-up ends, the workers' begins. */
export function listed(): void {
  if (listedOnce) return;
  listedOnce = true;
  mark('listed', cpuSoFar());
}

/** The clock judged() reads: the process's CPU time, with OCS_PHASES_FILE set (undefined without: nothing reads it). */
export function judging(): NodeJS.CpuUsage | undefined {
  return FILE ? process.cpuUsage() : undefined;
}

/** Adds the CPU of one answer's judging (nothing without OCS_PHASES_FILE). */
export function judged(since: NodeJS.CpuUsage | undefined): void {
  if (!since) return;
  const d = process.cpuUsage(since);
  judgingMs += (d.user + d.system) / 1000;
}
