import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after } from 'node:test';
import { parse, stringify } from 'yaml';
import type { Summary } from '../../src/report/summary.ts';
import { REFERENCE_PROFILE } from '../../scripts/reference-profile.ts';
import { leaveNothing, tempDir } from '../../scripts/bench/leftovers.ts';
import { spawnRun, type During, type Spawned } from '../../scripts/bench/wall.ts';

// A run a timed-out test left going is stopped, and the file's temporary directories removed, once
// the file's last test ends, not at the run's own time limit.
after(leaveNothing);

// spawnRun lives with the bench's runs (scripts/bench/wall.ts); the end-to-end tests import it from here. A quick
// test file imports it from there, never this module, whose `after` above would remove the
// temporary directories of every file sharing its process (tests/tiers.mjs, quick groups).
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

/**
 * Runs `npm start` as the README shows it, with its own reports directory; killed once it has
 * printed nothing for `limitMs`. `memory`: its process tree's peak memory sampled (summed RSS and
 * PSS: spawnRun's `memory`).
 */
export async function start(args: string[], env: NodeJS.ProcessEnv, limitMs = 240_000, { memory = false } = {}): Promise<StartRun> {
  const reports = tempDir('ocs-reports-');
  const run = await spawnRun('npm', ['start', '--silent', ...(args.length ? ['--', ...args] : [])], { env: { OCS_REPORTS_DIR: reports, ...env }, limitMs, during: whileItPrints(limitMs), memory });
  return { ...run, reports, summary: () => JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as Summary };
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
