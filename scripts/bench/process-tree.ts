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

/**
 * The memory of a process and all its descendants, now (zeros where /proc is not there), from one
 * read of each process's smaps_rollup: `rss`, resident pages summed over the processes, and `pss`,
 * each page counted once, split among the processes sharing it. Summed RSS counts the node
 * binary and libraries every process maps (about 45 MB) once per process.
 */
export function treeMemory(root: number): { rss: number; pss: number } {
  const sum = { rss: 0, pss: 0 };
  if (!HAS_PROC) return sum;
  for (const pid of processTree(root)) {
    let text = '';
    try { text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'); } catch { continue; } // gone, or a zombie
    sum.rss += kilobytes(text, 'Rss');
    sum.pss += kilobytes(text, 'Pss');
  }
  return sum;
}

const kilobytes = (text: string, field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(text)?.[1] ?? 0) * 1024;

