/**
 * A process and its descendants, read from /proc (Linux only: elsewhere, no memory and no tree):
 * what a whole run's memory is, and which processes a stopped run leaves behind.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export const HAS_PROC = existsSync('/proc/self/status');

/** The fields of /proc/PID/stat after the command name (state, parent, ...); undefined once the process is gone. */
function stat(pid: number | string): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields after its last ')' are fixed.
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** Parent of every live process; processes that end mid-scan are skipped. */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    const ppid = /^\d+$/.test(name) ? stat(name)?.[1] : undefined;
    if (ppid !== undefined) out.set(Number(name), Number(ppid));
  }
  return out;
}

export const running = (pid: number): boolean => (stat(pid)?.[0] ?? 'Z') !== 'Z';

export function processTree(root: number): number[] {
  const byParent = new Map<number, number[]>();
  for (const [pid, ppid] of parents()) byParent.set(ppid, [...(byParent.get(ppid) ?? []), pid]);
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(byParent.get(tree[i]!) ?? []));
  return tree;
}

/** Whether the kernel gives a process's PSS (/proc/PID/smaps_rollup, Linux 4.14 and later). */
export const HAS_PSS = existsSync('/proc/self/smaps_rollup');

/** A field of a /proc file in kB (`VmRSS:  1234 kB`), in bytes; 0 where the file or the field is not there (the process gone, or a zombie). */
function procBytes(pid: number, file: string, field: string): number {
  let text = '';
  try { text = readFileSync(`/proc/${pid}/${file}`, 'utf8'); } catch { return 0; }
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(text)?.[1] ?? 0) * 1024;
}

/**
 * The process tree under `root` as processTree finds it, each call reading the parent only of the
 * processes it has not seen before and of the tree's own (whose parent ends and leaves them to
 * another): a process outside the tree never moves into it, and a machine shared by several runs
 * has a few hundred processes, whose reading every 100 ms was a tenth of a core.
 */
function treeWatcher(root: number): () => number[] {
  const parent = new Map<number, number>();
  let tree: number[] = [];
  return () => {
    const live = new Set(readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(Number));
    for (const pid of parent.keys()) if (!live.has(pid)) parent.delete(pid);
    for (const pid of live) {
      if (parent.has(pid) && !tree.includes(pid)) continue;
      const ppid = stat(pid)?.[1];
      if (ppid === undefined) parent.delete(pid);
      else parent.set(pid, Number(ppid));
    }
    const children = new Map<number, number[]>();
    for (const [pid, ppid] of parent) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    tree = [root];
    for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
    return tree;
  };
}

/** The highest memory a process tree was seen to use: resident pages summed over its processes, and its PSS (undefined where the kernel gives none). */
export interface TreePeaks { peakRssBytes: number; peakPssBytes: number | undefined }

/** What the tree's PSS may have grown past its highest reading before it is read again. */
export const PSS_GROWTH_BYTES = 4 * 1024 * 1024;
/** The longest the tree's PSS goes unread otherwise: processes outside the tree that end share the node binary's pages with fewer. */
const PSS_AT_LEAST_EVERY_MS = 2_000;

/**
 * The peak memory of the process tree under `root`, over the samples its caller takes (spawnRun's
 * `memory`, scripts/bench/wall.ts): `rss`, resident pages summed over the processes, and `pss`,
 * each page counted once, split among the processes sharing it (summed RSS counts the node binary
 * and libraries every process maps, about 45 MB, once per process). smaps_rollup, the only
 * source of PSS, walks every page of a process: about 10 ms of the kernel's time a sample for a
 * run's tree, which made the memory sampling of tests/e2e/hostile.test.ts's runs a large part of
 * that file's CPU. Each sample reads the tree (treeWatcher) and each process's RSS
 * (/proc/PID/status, counters: a fiftieth of that); the PSS is read only where it may have
 * passed its highest reading: a tree's PSS grows by at most what its processes' RSS grew since
 * the PSS was read (a page counts in the PSS of a process that maps it at most as in its RSS; a
 * process that ends takes its share of a page with it, and raises no other's within the tree),
 * so the PSS is read again once that growth, added to the last reading, passes the highest
 * reading by PSS_GROWTH_BYTES, and every PSS_AT_LEAST_EVERY_MS anyway. The peak it gives is
 * within PSS_GROWTH_BYTES of the peak of a PSS read at every sample. `pss: false`: the RSS alone
 * (the bench's runs). `last()`: a sample of the processes the last sample found, for when the
 * root has ended (its children, left to another parent, are no longer found under it).
 */
export function treeMemorySampler(root: number, { pss = true } = {}): { sample(): void; last(): void; peaks(): TreePeaks } {
  const readPss = pss && HAS_PSS;
  let peakRssBytes = 0;
  let peakPssBytes = 0;
  let lastPssAt = -Infinity;
  let rssAtPss = new Map<number, number>();
  let lastPss = 0;
  const treeOf = treeWatcher(root);
  let tree: number[] = [];
  const sampleOf = (processes: number[]): void => {
    const rss = new Map(processes.map((p) => [p, procBytes(p, 'status', 'VmRSS')]));
    peakRssBytes = Math.max(peakRssBytes, [...rss.values()].reduce((n, b) => n + b, 0));
    if (!readPss) return;
    // What the tree's pages grew by since the PSS was last read: an upper bound on its PSS's growth.
    const grown = processes.reduce((n, p) => n + Math.max(0, rss.get(p)! - (rssAtPss.get(p) ?? 0)), 0);
    const now = performance.now();
    if (lastPss + grown >= peakPssBytes + PSS_GROWTH_BYTES || now - lastPssAt >= PSS_AT_LEAST_EVERY_MS) {
      lastPss = processes.reduce((n, p) => n + procBytes(p, 'smaps_rollup', 'Pss'), 0);
      peakPssBytes = Math.max(peakPssBytes, lastPss);
      [lastPssAt, rssAtPss] = [now, rss];
    }
  };
  return {
    sample: () => { if (HAS_PROC) sampleOf(tree = treeOf()); },
    last: () => { if (HAS_PROC) sampleOf(tree); },
    peaks: () => ({ peakRssBytes, peakPssBytes: readPss ? peakPssBytes : undefined }),
  };
}
