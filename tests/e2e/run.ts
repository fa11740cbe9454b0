import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after } from 'node:test';
import { parse, stringify } from 'yaml';
import type { Summary } from '../../src/report/summary.ts';
import { REFERENCE_PROFILE } from '../../scripts/reference-profile.ts';
import { leaveNothing, tempDir } from '../../scripts/bench/leftovers.ts';
import { spawnRun, type Spawned } from '../../scripts/bench/wall.ts';

// A run a timed-out test left going is stopped, and the file's temporary directories removed, once
// the file's last test ends, not at the run's own time limit.
after(leaveNothing);

// spawnRun lives with the bench's runs (scripts/bench/wall.ts); the end-to-end and CLI tests import it from here.
export { spawnRun, type During, type Spawned } from '../../scripts/bench/wall.ts';

export const ROOT = new URL('../../', import.meta.url).pathname;

/** An `npm start`, with the reports it wrote. */
export interface StartRun extends Spawned { reports: string; summary(): Summary }

/** Runs `npm start` as the README shows it, with its own reports directory; never longer than `limitMs`. */
export async function start(args: string[], env: NodeJS.ProcessEnv, limitMs = 240_000): Promise<StartRun> {
  const reports = tempDir('ocs-reports-');
  const run = await spawnRun('npm', ['start', '--silent', ...(args.length ? ['--', ...args] : [])], { env: { OCS_REPORTS_DIR: reports, ...env }, limitMs });
  return { ...run, reports, summary: () => JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as Summary };
}

/**
 * The most requests a run had in flight at once: each worker's most (its pace grows the window
 * past the 48 it starts with while the answers come as fast, a loaded machine's local target
 * included), times the workers. What a bound on the requests sent after a target went away is
 * made of.
 */
export function mostInFlight(summary: Summary): number {
  return (summary.pace?.inFlight.max ?? 48) * (summary.provenance?.workers ?? 1);
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
