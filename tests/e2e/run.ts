import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after } from 'node:test';
import { parse, stringify } from 'yaml';
import type { Summary } from '../../src/report/summary.ts';
import { REFERENCE_PROFILE } from '../../scripts/reference-profile.ts';
import { leaveNothing, tempDir } from '../../scripts/bench/leftovers.ts';
import { HAS_PROC } from '../../scripts/bench/process-tree.ts';
import { spawnRun, type During, type Spawned } from '../../scripts/bench/wall.ts';

// A run a timed-out test left going is stopped, and the file's temporary directories removed, once
// the file's last test ends, not at the run's own time limit.
after(leaveNothing);

// spawnRun lives with the bench's runs (scripts/bench/wall.ts); the end-to-end and CLI tests import it from here.
export { spawnRun, type During, type Spawned } from '../../scripts/bench/wall.ts';

export const ROOT = new URL('../../', import.meta.url).pathname;

/** An `npm start`, with the reports it wrote. */
export interface StartRun extends Spawned { reports: string; summary(): Summary }

/**
 * Moves a run's kill deadline `limitMs` past the last time it printed: a guard against a run that
 * hangs, never a bound on one that goes on at the pace a loaded machine allows (beside a bench, a
 * hostile run's endpoints took 60 to 85 s each, and a fixed 240 s killed a run that was ending).
 */
export const whileItPrints = (limitMs: number): During => (_pid, killIn, stdout) => {
  let printed = 0;
  const poll = setInterval(() => {
    if (stdout().length === printed) return;
    printed = stdout().length;
    killIn(limitMs);
  }, 1000);
  return () => clearInterval(poll);
};

/** A field of a /proc file in kB (`VmRSS:  1234 kB`), in bytes; 0 where the file or the field is not there. */
function procBytes(pid: number, file: string, field: string): number {
  let text = '';
  try { text = readFileSync(`/proc/${pid}/${file}`, 'utf8'); } catch { return 0; } // gone, or a zombie
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(text)?.[1] ?? 0) * 1024;
}

/** The parent of a process, from /proc/PID/stat; undefined once it is gone. */
function parentOf(pid: number): number | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields after its last ')' are fixed.
    return Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/**
 * The process tree under `root` as scripts/bench/process-tree.ts's processTree finds it, each call
 * reading the parent only of the processes it has not seen before and of the tree's own (whose
 * parent ends and leaves them to another): a process outside the tree never moves into it, and a
 * machine shared by several runs has a few hundred processes, whose reading every 100 ms was a
 * tenth of a core.
 */
function treeWatcher(root: number): () => number[] {
  const parent = new Map<number, number>();
  let tree: number[] = [];
  return () => {
    const live = new Set(readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(Number));
    for (const pid of parent.keys()) if (!live.has(pid)) parent.delete(pid);
    for (const pid of live) {
      if (parent.has(pid) && !tree.includes(pid)) continue;
      const ppid = parentOf(pid);
      if (ppid === undefined) parent.delete(pid);
      else parent.set(pid, ppid);
    }
    const children = new Map<number, number[]>();
    for (const [pid, ppid] of parent) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    tree = [root];
    for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
    return tree;
  };
}

/** How often the tree's memory is looked at, as spawnRun's own sampler does (scripts/bench/wall.ts). */
const SAMPLE_MS = 100;
/** What the tree's PSS may have grown past its highest reading before it is read again. */
const PSS_GROWTH_BYTES = 4 * 1024 * 1024;
/** The longest the tree's PSS goes unread otherwise: processes outside the tree that end share the node binary's pages with fewer. */
const PSS_AT_LEAST_EVERY_MS = 2_000;

/**
 * The peak memory of a run's process tree, as spawnRun's `memory` samples it (summed RSS and PSS
 * every 100 ms), for a fraction of its CPU. smaps_rollup, the only source of PSS, walks every page
 * of a process: about 10 ms of the kernel's time a sample for a run's tree, which made the memory
 * sampling of tests/e2e/hostile.test.ts's runs a large part of that file's CPU. Each sample here
 * reads the tree and each process's RSS (/proc/PID/status, counters: a fiftieth of that); the PSS
 * is read only where it may have passed its highest reading: a tree's PSS grows by at most what
 * its processes' RSS grew since the PSS was read (a page counts in the PSS of a process that maps
 * it at most as in its RSS; a process that ends takes its share of a page with it, and raises no
 * other's within the tree), so the PSS is read again once that growth, added to the last reading,
 * passes the highest reading by PSS_GROWTH_BYTES, and every PSS_AT_LEAST_EVERY_MS anyway. The
 * peak it gives is within PSS_GROWTH_BYTES of the peak of a PSS read at every sample.
 */
function treeMemorySampler(): { during: (pid: number) => () => void; peaks: () => { peakRssBytes: number; peakPssBytes: number } } {
  let peakRssBytes = 0;
  let peakPssBytes = 0;
  return {
    during: (pid) => {
      if (!HAS_PROC) return () => {};
      let lastPssAt = -Infinity;
      let rssAtPss = new Map<number, number>();
      let lastPss = 0;
      const treeOf = treeWatcher(pid);
      const sample = (): void => {
        const tree = treeOf();
        const rss = new Map(tree.map((p) => [p, procBytes(p, 'status', 'VmRSS')]));
        const summed = [...rss.values()].reduce((n, b) => n + b, 0);
        // What the tree's pages grew by since the PSS was last read: an upper bound on its PSS's growth.
        const grown = tree.reduce((n, p) => n + Math.max(0, rss.get(p)! - (rssAtPss.get(p) ?? 0)), 0);
        const now = performance.now();
        if (lastPss + grown >= peakPssBytes + PSS_GROWTH_BYTES || now - lastPssAt >= PSS_AT_LEAST_EVERY_MS) {
          lastPss = tree.reduce((n, p) => n + procBytes(p, 'smaps_rollup', 'Pss'), 0);
          peakPssBytes = Math.max(peakPssBytes, lastPss);
          [lastPssAt, rssAtPss] = [now, rss];
        }
        peakRssBytes = Math.max(peakRssBytes, summed);
      };
      const sampler = setInterval(sample, SAMPLE_MS);
      return () => clearInterval(sampler);
    },
    peaks: () => ({ peakRssBytes, peakPssBytes }),
  };
}

/**
 * Runs `npm start` as the README shows it, with its own reports directory; killed once it has
 * printed nothing for `limitMs`. `memory`: its process tree's peak memory sampled (summed RSS and
 * PSS, as spawnRun's `memory` gives them, by treeMemorySampler).
 */
export async function start(args: string[], env: NodeJS.ProcessEnv, limitMs = 240_000, { memory = false } = {}): Promise<StartRun> {
  const reports = tempDir('ocs-reports-');
  const sampler = memory ? treeMemorySampler() : undefined;
  const printing = whileItPrints(limitMs);
  const during: During = (pid, killIn, stdout) => {
    const stops = [printing(pid, killIn, stdout), sampler?.during(pid)];
    return () => { for (const stop of stops) stop?.(); };
  };
  const run = await spawnRun('npm', ['start', '--silent', ...(args.length ? ['--', ...args] : [])], { env: { OCS_REPORTS_DIR: reports, ...env }, limitMs, during });
  return { ...run, ...sampler?.peaks(), reports, summary: () => JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as Summary };
}

/**
 * The most requests a run had in flight at once: each worker's most (its pace grows the window
 * past the 48 it starts with while the answers come as fast, a loaded machine's local target
 * included), times the workers. What a bound on the requests sent after a target went away is
 * made of.
 */
function mostInFlight(summary: Summary): number {
  return (summary.pace?.inFlight.max ?? 48) * (summary.provenance?.workers ?? 1);
}

/**
 * The most requests that may reach a target after it went away (stopped answering, or resets
 * every connection), by the breaker's design (src/client/transport.ts), with `most` in flight:
 * - those in flight when it went away: `most`;
 * - those sent while the failures in a row stay under the breaker's threshold (3 beyond those in
 *   flight): `3 + most`, each sent as a failure frees its place;
 * - as many again sent at one count: several failures may land before their places are taken,
 *   and a test's start, a sequence's next step or a burst sends without one freeing: `most`;
 * - each request whose kept connection was closed unanswered, once more on a fresh one
 *   (A-IDLE-CLOSE): at most the connections kept, `most`.
 * A CI run once sent 222 against `3 + 3 × 72`, the bound before the third line; one case per
 * check would be thousands.
 */
export function sentAfterTargetWentAway(summary: Summary): { bound: number; most: number } {
  const most = mostInFlight(summary);
  return { bound: 3 + 4 * most, most };
}

/** The last non-empty line a run printed. */
export const lastLine = (text: string): string => text.trim().split('\n').at(-1) ?? '';

/** The reference's profile with another request timeout (`http.timeoutMs`), in a file of its own. */
export function profileWithTimeout(timeoutMs: number): string {
  const p = parse(readFileSync(REFERENCE_PROFILE, 'utf8')) as { http?: Record<string, unknown> };
  p.http = { ...p.http, timeoutMs };
  const file = join(tempDir('ocs-profile-'), `timeout-${timeoutMs}.yaml`);
  writeFileSync(file, stringify(p));
  return file;
}
