// A run stopped from outside (docs/stopping.md): SIGTERM or SIGINT in the middle of a run
// against a target 200 ms away stops it, and it still writes summary.json (INCOMPLETE, with
// the checks judged before the stop and the signal named), the certificate and JUnit, and
// exits 2; so does one whose requests in flight will never be answered, with a request
// timeout far past the deadline. The kill deadline after the signal bounds a hang; it is not a
// measured time. The signal goes once the run has printed its first endpoint's line, so the
// checks judged before it are known whatever the machine's speed (a count of requests seen by
// the target was not: on a loaded machine 200 of them had come before any check was judged).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { referenceEnv, REFERENCE_PROFILE } from '../../scripts/reference-profile.ts';
import type { Summary } from '../../src/report/summary.ts';
import { slowTarget, type SlowTarget } from '../stop/slow-target.ts';
import { profileWithTimeout, spawnRun, type Spawned } from './run.ts';

const DELAY_MS = 200;
/** An endpoint's line, as the run prints it when the endpoint's test ends: `  change_pickup [json]: 422 checks, 421 passed, …`. */
const ENDPOINT_LINE = /^ {2}change_\w+ \[(?:json|xml)\]: \d+ checks, (\d+) passed/m;
/** Requests a hanging target answers before it hangs, and the request timeout its run waits far longer than the deadline. */
const HANG_AFTER = 150;
const LONG_TIMEOUT_MS = 120_000;
/**
 * How long a stopped run may take to write its reports and end before it counts as hung: a bound
 * against a hang, not a measure of speed (a quiet machine takes 2 to 4 s; one running the rest of
 * the suite beside it, and a run whose npm went away and which notices it a second later, more).
 */
const DEADLINE_MS = 30_000;
/** How long a run may take to get under way on a loaded machine. */
const START_MS = 180_000;

type Stopped = Spawned & { reports: string };

let slow: SlowTarget;
let hanging: SlowTarget;
before(async () => {
  slow = await slowTarget(DELAY_MS);
  hanging = await slowTarget(DELAY_MS, { hangAfter: HANG_AFTER });
});
after(async () => {
  await slow.close();
  await hanging.close();
});

/**
 * When the signal goes: once the run has printed its first endpoint's line (`'first endpoint'`;
 * the next endpoint's test is then under way, and the first's checks are judged), or once the
 * target has seen `requests` requests (a target that hangs before any endpoint ends).
 */
type When = 'first endpoint' | { requests: number };

interface Stop { signal: NodeJS.Signals; to: 'process' | 'group'; target: SlowTarget; when: When; profile?: string }

/**
 * Starts a run in its own process group, waits for `when`, then sends `signal` to `to`: the
 * command's own process, or its whole group (as `timeout` and a terminal's Ctrl-C do). The
 * group is killed DEADLINE_MS after the signal if it has not ended.
 */
async function stopMidway(command: string, args: string[], { signal, to, target, when, profile = REFERENCE_PROFILE }: Stop): Promise<Stopped> {
  const reports = tempDir('ocs-stop-');
  const seenBefore = target.seen();
  const run = await spawnRun(command, args, {
    env: { ...referenceEnv(), OCS_BASE_URL: target.url, OCS_PROFILE: profile, OCS_REPORTS_DIR: reports, OCS_WORKERS: '1' },
    limitMs: START_MS,
    during: (pid, killIn, stdout) => {
      const poll = setInterval(() => {
        if (when === 'first endpoint' ? !ENDPOINT_LINE.test(stdout()) : target.seen() - seenBefore < when.requests) return;
        clearInterval(poll);
        process.kill(to === 'group' ? -pid : pid, signal);
        killIn(DEADLINE_MS);
      }, 50);
      return () => clearInterval(poll);
    },
  });
  return { ...run, reports };
}

/** What every stopped run shows; `code`: the exit code of the process spawned. */
function stoppedWithReports(run: Stopped, signal: string, code: (c: number | null) => boolean = (c) => c === 2): void {
  const context = `stdout:\n${run.stdout.slice(-2000)}\nstderr:\n${run.stderr.slice(-2000)}`;
  assert.equal(run.killed, false, `the run did not end within ${DEADLINE_MS} ms of ${signal} (or never got under way)\n${context}`);
  for (const f of ['summary.json', 'conformance.html', 'junit.xml', 'html/index.html']) assert.ok(existsSync(join(run.reports, f)), `${f} is written\n${context}`);
  const summary = JSON.parse(readFileSync(join(run.reports, 'summary.json'), 'utf8')) as Summary;
  assert.equal(summary.verdict, 'incomplete', context);
  assert.match(summary.stopped ?? '', new RegExp(`stopped by ${signal}`));
  // The checks the first endpoint's line counted as passed (the signal came after it), or, where
  // the signal came on a count of requests, at least one.
  const passedFirst = Number(ENDPOINT_LINE.exec(run.stdout)?.[1] ?? 1);
  assert.ok(summary.counts.pass >= passedFirst, `checks judged before the stop are counted (at least ${passedFirst}): ${JSON.stringify(summary.counts)}\n${context}`);
  // The faithful reference, stopped: nothing it judged fails, and nothing the stop cut short errs.
  assert.deepEqual({ fail: summary.counts.fail, error: summary.counts.error }, { fail: 0, error: 0 });
  assert.ok(summary.untested.length > 0, 'rules the stop left unjudged are untested');
  assert.match(readFileSync(join(run.reports, 'conformance.html'), 'utf8'), new RegExp(`INCOMPLETE[\\s\\S]*stopped by ${signal}`));
  const junit = readFileSync(join(run.reports, 'junit.xml'), 'utf8');
  assert.match(junit, /<testcase /);
  assert.match(junit, new RegExp(`Incomplete: the run was stopped by ${signal}`));
  assert.match(run.stdout, new RegExp(`Conformance: INCOMPLETE \\(the run was stopped by ${signal}`));
  assert.ok(code(run.code), `exit ${run.code}\n${context}`);
}

describe('a run stopped from outside', { timeout: 4 * (START_MS + DEADLINE_MS) }, () => {
  it('npm start stopped by SIGINT to its process group (a terminal\'s Ctrl-C) ends once it has written every report, INCOMPLETE', async () => {
    // npm's shell waits out a SIGINT for the run, then (dash) ends by it, and npm by it too; a shell that execs the command lets npm exit with the run's 2.
    stoppedWithReports(await stopMidway('npm', ['start', '--silent'], { signal: 'SIGINT', to: 'group', target: slow, when: 'first endpoint' }), 'SIGINT', (c) => c === 2 || c === null || c === 130);
  });

  it('npm start whose npm alone gets SIGTERM stops as SIGTERM stops it, writing every report, even where npm\'s shell ends without passing it on', async () => {
    // npm passes the signal to the shell it runs `start` in; dash (Debian's and Ubuntu's sh) ends
    // at once, npm with it (by the signal), and the run, left without its shell, stops itself
    // (bin/launch.js). A shell that passes it on lets npm exit with the run's 2.
    const run = await stopMidway('npm', ['start', '--silent'], { signal: 'SIGTERM', to: 'process', target: slow, when: 'first endpoint' });
    stoppedWithReports(run, 'SIGTERM', (c) => c === 2 || c === null || c === 143);
  });

  it('ocs-conformance run stopped by SIGINT to its process group writes every report, INCOMPLETE, and exits 2', async () => {
    stoppedWithReports(await stopMidway(process.execPath, ['bin/ocs-conformance.js', 'run'], { signal: 'SIGINT', to: 'group', target: slow, when: 'first endpoint' }), 'SIGINT');
  });

  it('a run whose requests in flight will never be answered stops without waiting for their timeout', async () => {
    // Every request past HANG_AFTER hangs: the cap on requests in flight fills with them.
    const run = await stopMidway(process.execPath, ['bin/ocs-conformance.js', 'run'], { signal: 'SIGTERM', to: 'process', target: hanging, when: { requests: HANG_AFTER + 20 }, profile: profileWithTimeout(LONG_TIMEOUT_MS) });
    stoppedWithReports(run, 'SIGTERM');
  });
});
