/**
 * One whole `npm start`, spawned as a developer would run it, timed from spawn to exit, with
 * the peak resident memory of its process tree (the start script, Playwright's runner, its
 * workers and, when there is no OCS_BASE_URL, the embedded reference Playwright starts as its
 * webServer), read from /proc (scripts/bench/process-tree.ts, Linux only). spawnRun, the same for any
 * command in its own process group, serves the end-to-end tests and the sharded run.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { HAS_PROC, processTree, running, treeMemorySampler, type TreePeaks } from './process-tree.ts';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from '../../src/contract/load.ts';
import { stopAtEnd } from './leftovers.ts';

export interface WallRun { label: string; wallMs: number; peakRssBytes: number | undefined }

/** A run that did not end as expected measures nothing; the message carries the tail of its output. */
export class BenchFailure extends Error {}

const SAMPLE_MS = 100;
/** The least time between two samples of a run's memory taken because it printed. */
const PRINTED_SAMPLE_MS = SAMPLE_MS / 4;
const ABORT_GRACE_MS = 5_000;
const TAIL_LINES = 40;
const TAIL_CHARS = 64 * 1024;
export const TUNING = ['OCS_RUNS', 'OCS_SEED', 'OCS_WORKERS'];

/** A run's memory being watched: told when the run prints, and when its first process has ended. */
interface MemoryWatch { printed(): void; exited(): void; peaks(): TreePeaks }

/**
 * Watches the peak memory of the process tree under `pid` (treeMemorySampler,
 * scripts/bench/process-tree.ts) until `peaks()`: a sample every SAMPLE_MS; one more each time
 * the run prints, at most every PRINTED_SAMPLE_MS, since a run's last lines (a conformance run's
 * summary, printed once its reports are written) come as it ends, when its memory may be at its
 * highest and the next sample would find nothing left; and a last one when the first process
 * has ended, of the processes the samples found and still there. `pss: false`: the RSS alone.
 */
function watchMemory(pid: number, pss: boolean): MemoryWatch {
  const sampler = treeMemorySampler(pid, { pss });
  let sampledAt = performance.now();
  let exited = false;
  // Once the first process has ended, its children are no longer found under it: the processes found before are sampled.
  const sample = (): void => {
    sampledAt = performance.now();
    if (exited) sampler.last();
    else sampler.sample();
  };
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    printed: () => { if (performance.now() - sampledAt >= PRINTED_SAMPLE_MS) sample(); },
    exited: () => { exited = true; clearInterval(timer); sample(); },
    peaks: () => { clearInterval(timer); return sampler.peaks(); },
  };
}

/**
 * `env` without its OCS_ variables but those named in `keep`: a spawned run's target, profile
 * and reports are the bench's choice, never the developer's shell's.
 */
export function withoutOcs(keep: readonly string[], env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith('OCS_') || keep.includes(k)));
}

/**
 * Runs `npm start` with `env` and its own reports directory. Of the bench's own OCS_ variables
 * only the run's tuning passes on: the developer's shell (or the throughput section, which sets
 * the reference's profile in this process) must not choose the target. Throws a BenchFailure
 * when it does not exit with `expectedExit`; the reports are then kept for a look, in a folder
 * of the bench's reports directory (OCS_REPORTS_DIR, else reports/), never in the OS's
 * temporary directory, which nobody empties. `cwd`: the checkout whose `npm start` runs (another
 * commit's, scripts/bench/baseline.ts).
 */
export async function runStart(label: string, env: Record<string, string>, expectedExit: number, cwd = ROOT): Promise<WallRun> {
  const parent = resolve(ROOT, process.env.OCS_REPORTS_DIR ?? 'reports');
  mkdirSync(parent, { recursive: true });
  const reports = mkdtempSync(join(parent, 'bench-'));
  const base = withoutOcs(TUNING);
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd,
    env: { ...base, ...env, OCS_REPORTS_DIR: reports },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const memory = HAS_PROC && child.pid !== undefined ? watchMemory(child.pid, false) : undefined;
  child.once('exit', () => memory?.exited());
  let output = '';
  const keep = (chunk: Buffer): void => {
    output += chunk.toString();
    if (output.length > 2 * TAIL_CHARS) output = output.slice(-TAIL_CHARS);
    memory?.printed();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  // Children do not die with the bench on SIGTERM, nor the webServer (its own process group) on
  // Ctrl-C: stop the whole tree and drop its reports, then end as the signal would have.
  let aborting = false;
  const abort = async (signal: NodeJS.Signals): Promise<void> => {
    aborting = true;
    const tree = HAS_PROC && child.pid !== undefined ? processTree(child.pid) : [];
    for (const pid of tree) {
      try { process.kill(pid, 'SIGTERM'); } catch { /* already gone */ }
    }
    // A dying run still writes reports: remove them only once it is gone.
    const deadline = performance.now() + ABORT_GRACE_MS;
    while (tree.some(running) && performance.now() < deadline) await sleep(SAMPLE_MS);
    for (const pid of tree.filter(running)) {
      try { process.kill(pid, 'SIGKILL'); } catch { /* already gone */ }
    }
    rmSync(reports, { recursive: true, force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', abort);
  process.once('SIGTERM', abort);
  try {
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
      child.once('error', reject);
      // A run stopped by abort() is no failure to report: the bench is ending.
      child.once('close', (c, s) => { if (!aborting) resolve([c, s]); });
    });
    const wallMs = performance.now() - started;
    if (code !== expectedExit) {
      const tail = output.split('\n').slice(-TAIL_LINES).join('\n');
      throw new BenchFailure(`${label}: npm start ended with ${signal ?? `exit ${code}`}, expected exit ${expectedExit}; reports kept in ${reports}; last lines of its output:\n${tail}`);
    }
    rmSync(reports, { recursive: true, force: true });
    return { label, wallMs, peakRssBytes: memory?.peaks().peakRssBytes };
  } finally {
    memory?.peaks();
    process.off('SIGINT', abort);
    process.off('SIGTERM', abort);
  }
}

/** What a spawned run gave back. */
export interface Spawned {
  code: number | null; stdout: string; stderr: string;
  /**
   * The peak resident memory of the run's process tree, summed, when `memory` was asked for and
   * /proc is there to read it (Linux); else undefined. Sampled every 100 ms, when the run prints
   * and as it ends (watchMemory).
   */
  peakRssBytes: number | undefined;
  /** The peak proportional memory (PSS) of the run's process tree, sampled with it where the kernel gives it (Linux 4.14 and later), else undefined. */
  peakPssBytes: number | undefined;
  /** Whether the run was killed at `limitMs` instead of ending by itself. */
  killed: boolean;
}

/**
 * What a caller does while the run goes on: given the run's pid, a way to move the kill
 * deadline (`limitMs` from now) and what the run has printed so far, it may signal the run;
 * the function it returns stops it.
 */
export type During = (pid: number, killIn: (limitMs: number) => void, stdout: () => string) => () => void;

export interface SpawnOptions {
  /** Added to this process's environment and CI=1; with `inheritEnv: false`, the whole environment. */
  env?: NodeJS.ProcessEnv;
  inheritEnv?: boolean;
  cwd?: string;
  limitMs?: number;
  during?: During;
  /**
   * Sample the peak memory of the run's process tree (`peakRssBytes`, `peakPssBytes`). Off unless
   * asked: each sample reads the /proc entries of the processes not seen before to find the tree,
   * and each process's memory, every 100 ms for each run going; a scan of every process's entry
   * at each sample cost the calling process more CPU than anything else it did for a run on a
   * busy machine, and held up a reference it served (the run then errored on timeouts).
   */
  memory?: boolean;
}

/** How much of each of a run's output streams spawnRun keeps, in UTF-16 code units: a run writes a few KB. */
export const OUTPUT_KEPT = 16 * 1024 * 1024;

/**
 * Runs a command that may take a while (a conformance run) in its own process group, never
 * longer than `limitMs` (or the deadline `during` sets), nor than this process
 * (scripts/bench/leftovers.ts): then its whole process tree is killed, the runner's workers
 * and webServer too. With `memory`, samples the peak memory of its process tree. Asynchronous, so a
 * reference or proxy in this process keeps answering.
 */
export function spawnRun(command: string, args: string[], options: SpawnOptions = {}): Promise<Spawned> {
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: options.inheritEnv === false ? options.env : { ...process.env, CI: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // Decoded as a stream, so a character split between two chunks arrives whole.
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  let stdout = '';
  let stderr = '';
  const memory = options.memory && HAS_PROC && child.pid !== undefined ? watchMemory(child.pid, true) : undefined;
  child.once('exit', () => memory?.exited());
  // A run that writes without end keeps its last OUTPUT_KEPT characters (its summary is last), not all of it.
  const kept = (text: string): string => (text.length > OUTPUT_KEPT ? text.slice(-OUTPUT_KEPT) : text);
  child.stdout.on('data', (d: string) => { stdout = kept(stdout + d); memory?.printed(); });
  child.stderr.on('data', (d: string) => { stderr = kept(stderr + d); memory?.printed(); });
  let killed = false;
  const kill = (): void => {
    killed = true;
    // Playwright starts its webServer in a process group of its own: killing the run's group
    // alone would leave the embedded reference listening, a child of nobody.
    const tree = HAS_PROC ? processTree(child.pid!) : [];
    for (const pid of [-child.pid!, ...tree]) {
      try { process.kill(pid, 'SIGKILL'); } catch { /* already gone */ }
    }
  };
  const ended = stopAtEnd(kill);
  let timer = setTimeout(kill, options.limitMs ?? 240_000);
  const killIn = (ms: number): void => { clearTimeout(timer); timer = setTimeout(kill, ms); };
  const stopDuring = options.during?.(child.pid!, killIn, () => stdout);
  return new Promise((resolve, reject) => {
    child.once('error', (err) => {
      clearTimeout(timer);
      memory?.peaks();
      ended();
      stopDuring?.();
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const peaks = memory?.peaks();
      ended();
      stopDuring?.();
      resolve({ code, stdout, stderr, peakRssBytes: peaks?.peakRssBytes, peakPssBytes: peaks?.peakPssBytes, killed });
    });
  });
}
