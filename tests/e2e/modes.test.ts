// Issue 33: endpoints as they are deployed. The embedded reference in each of its operating modes
// (reference/modes/: conformant ways of answering, never faults) is certified CONFORMANT, exit 0,
// by a whole `npm start` as a user runs it (OCS_REFERENCE_MODE). Without the properties
// (OCS_RUNS=0): every rule is still judged, and each run costs seconds, not a minute. Backpressure
// is never a verdict: the runs that are pushed back (429, 503) wait, slow down, send again and
// say so in summary.json's `pace`; the certificate says how long the answers took.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { start, type StartRun } from './run.ts';

/** A guard against a run that never ends, not a timing claim (tests/e2e/hostile.test.ts says why it is generous). */
const LIMIT_MS = 300_000;
/** The rate-limited run's limit: high enough to keep the run short, low enough that a run far exceeds it unpaced. */
const RATE = 200;

async function inMode(mode: string): Promise<StartRun> {
  return start([], { OCS_REFERENCE_MODE: mode, OCS_RUNS: '0', OCS_WORKERS: '1' }, LIMIT_MS);
}

function conformant(run: StartRun): void {
  const tail = `${run.stdout.slice(-1500)}\n${run.stderr.slice(-800)}`;
  assert.ok(!run.killed, `the run did not end within ${LIMIT_MS} ms:\n${tail}`);
  assert.equal(run.code, 0, `exit ${run.code}:\n${tail}`);
  assert.match(run.stdout, /^Conformance: CONFORMANT$/m, tail);
  const { counts } = run.summary();
  assert.equal(counts.fail + counts.error, 0, JSON.stringify(counts));
}

/** The slowest answer of the run, in ms: the certificate's latency, every endpoint. */
const slowest = (run: StartRun): number => Math.max(...(run.summary().latency ?? []).map((e) => e.answers?.whole.max ?? 0));

describe('the reference as endpoints are deployed: every operating mode is certified CONFORMANT', () => {
  it(`behind a rate limit (${RATE} a second, 429 with Retry-After: 1): the run slows to it, waits and sends again`, async () => {
    const run = await inMode(`rate-limit=${RATE}`);
    conformant(run);
    const pace = run.summary().pace!;
    assert.ok(pace.pushbacks['429']! > 0, JSON.stringify(pace));
    assert.equal(pace.waits.count, pace.pushbacks['429'], 'each 429 waited out once');
    assert.ok(pace.sustainedRps! <= RATE * 1.1, `sustained ${pace.sustainedRps} requests/s behind a limit of ${RATE}`);
    assert.match(run.stdout, /^Pace: the target answered 429 \d+ times?; .*it sustained [\d.]+ requests\/s/m, 'one console line, since the target pushed back');
  });

  for (const [mode, retryAfter] of [['shed', true], ['shed-no-retry-after', false]] as const) {
    it(`shedding load past 8 requests in progress (503${retryAfter ? ' with Retry-After: 1' : ', no Retry-After'}): fewer in flight, and every request judged on its final answer`, async () => {
      const run = await inMode(`${mode}=8`);
      conformant(run);
      const pace = run.summary().pace!;
      assert.ok(pace.pushbacks['503']! > 0, JSON.stringify(pace));
      assert.ok(pace.inFlight.min < pace.inFlight.start, JSON.stringify(pace.inFlight));
      // Without Retry-After the waits are a backoff with jitter, none of them a whole second.
      if (!retryAfter) assert.ok(pace.waits.ms < pace.waits.count * 1000, JSON.stringify(pace.waits));
    });
  }

  // The modes that shape how answers come, rather than whether they come now, all at once: one
  // endpoint as deployed can be all of them (behind a gateway that sends 103, gzips and trickles,
  // on few short-lived connections, cold at first and with a tail), and each of them alone is a
  // subset of that run's conditions. One run instead of seven keeps the project's tests quick.
  const SHAPING = ['informational', 'cold-start=3000', 'latency-tail=1000', 'few-connections=4', 'short-keep-alive=1000', 'gzip', 'trickle=64'];
  it(`in modes ${SHAPING.join(', ')} at once: 100 Continue and 103 Early Hints before every answer read past on every send path, a cold start (nothing answered for 3 s), a latency tail (one request in 50 a second late), at most 4 connections each closed after 1 s idle, gzip when asked, bodies trickled 64 bytes at a time: the run finishes, and the certificate says how long the answers took`, async () => {
    const run = await inMode(SHAPING.join(','));
    conformant(run);
    assert.ok(slowest(run) >= 1_000, `the slowest answer took ${slowest(run)} ms`);
    assert.match(readFileSync(join(run.reports, 'conformance.html'), 'utf8'), /How long the target took to answer/);
  });
});
