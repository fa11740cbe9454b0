/**
 * What a bench or a test makes outside reports/ and must not leave behind: its temporary
 * directories and the runs spawnRun starts (each in a process group of its own, which a
 * terminal's Ctrl-C does not reach). Both go when this process ends however it ends: its loop
 * drained, process.exit, an uncaught error, SIGINT or SIGTERM. The runs go first, so none
 * writes into a directory already removed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dirs = new Set<string>();
const stops = new Set<() => void>();

/** A fresh directory in the OS's temporary directory, removed when this process ends. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.add(dir);
  return dir;
}

/**
 * Removes now a directory tempDir made, and forgets it; whether it was one. A test file that shares
 * its process with others (the quick tier's groups, tests/tiers.mjs) removes its own directories
 * so, not with leaveNothing, which would remove the others' too.
 */
export function removeTemp(dir: string): boolean {
  if (!dirs.delete(dir)) return false;
  rmSync(dir, { recursive: true, force: true });
  return true;
}

/** Runs `stop` when this process ends, unless the function returned is called first (the run ended by itself). */
export function stopAtEnd(stop: () => void): () => void {
  stops.add(stop);
  return () => stops.delete(stop);
}

/** Stops every run still going, then removes every temporary directory; synchronous, as an 'exit' listener must be. */
export function leaveNothing(): void {
  for (const stop of stops) stop();
  stops.clear();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs.clear();
}

process.on('exit', leaveNothing);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    leaveNothing();
    // A listener of the caller's (the bench's abort of a whole run) ends the process its own
    // way; without one, this process ends as the signal would have ended it.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  });
}
