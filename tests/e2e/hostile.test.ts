// Hostile targets (tests/hostile/server.ts): whatever a target sends, or fails to send, the run
// ends by itself with every report, each affected check an `error` or a `fail` with its
// reason, counts of the checks selected, bounded memory and reports, and no secret shown. The
// modes whose answers come but wrong (not UTF-8, malformed, misframed, a redirect, a 503) are
// judged in-process by tests/hostile/answers.test.ts: what a whole run adds, these show.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { startReference } from '../../reference/server.ts';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { referenceEnv, REFERENCE_PROFILE } from '../../scripts/reference-profile.ts';
import { loadAllCases } from '../../src/scenario/load.ts';
import { planUnits, selectSteps } from '../../src/runner/units.ts';
import { PROPERTIES } from '../../generators/suite.ts';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../../src/client/undici.ts';
import { ANSWERED, hostile, type Mode } from '../hostile/server.ts';
import { profileWithTimeout, sentAfterTargetWentAway, spawnRun, start, type StartRun } from './run.ts';
import { filesUnder, fragmentsOf, reportTexts } from './report-texts.ts';
import { parse } from 'test-results-parser';

const TIMEOUT_MS = 1_500;
const GREP = 'CNT-CONTACTIDS-MAX';
/** The rule a target that stalls a kept connection after an error breaks. */
const KEPT = 'WIRE-KEEP-ALIVE';
const RUNS = '3';
/**
 * A guard against a run that hangs, not a timing claim: a run is killed once it has printed
 * nothing for this long (tests/e2e/run.ts `whileItPrints`). A hostile run takes 15 to 25 s on a
 * quiet machine (docs/hostile-targets.md), several times that beside other test files on two
 * loaded cores, and beside the bench too its endpoints took 60 to 85 s each: a fixed 240 s for
 * the whole run killed one that was ending.
 */
const LIMIT_MS = 240_000;
/**
 * The run's process tree's peak memory, as PSS: each page counted once, split among the
 * processes sharing it. Summed RSS counted the node binary every process maps once per process.
 * 540 MB: below the 600 MB docs/hostile-targets.md promises, and 80 MB above the highest PSS
 * measured over these runs (375 MB before issue 41, 460 MB since: the faithful reference beside
 * every run against another target, the oracle of the lax readers' rewrites, about 65 to 85 MB
 * with the compiler service tsx starts), so a change that adds a worker's worth fails here.
 */
const MAX_MEMORY = 540 * 1024 * 1024;
const MAX_REPORTS = 50 * 1024 * 1024;
const REPORTS = ['summary.json', 'conformance.html', 'junit.xml', 'html/index.html'];

/**
 * The modes that stop answering mid-way: their profile's short request timeout keeps a hang
 * cheap. Every other mode answers, so it keeps the default timeout: on a loaded machine a slow
 * answer must not become a timeout error the mode is not about.
 */
const STALLING: readonly Mode[] = ['hang', 'drip', 'hang-after', 'endless', 'huge'];

const plan = new Map<string | undefined, number>();
/** How many checks a run selects: every step of every endpoint test, or those `--grep` keeps (planned once per pattern). */
function selected(grep?: string): number {
  if (!plan.has(grep)) plan.set(grep, planUnits(loadAllCases(), PROPERTIES).reduce((n, u) => n + selectSteps(u.title, u.steps, { grep }).length, 0));
  return plan.get(grep)!;
}

/**
 * Of `checks` selected, those a run sends: a check the profile's target cannot apply to (a time
 * zone with no change of offset to send a date on) is skipped as not applicable before anything is
 * sent, whatever the target does; every other skip would be a finding of its own.
 */
function sentOf(run: StartRun, checks: number): number {
  const { skips } = run.summary();
  for (const s of skips) assert.match(s.reason, /^not applicable: /, `a check skipped for another reason: ${s.reason}`);
  return checks - skips.reduce((n, s) => n + s.checks, 0);
}

interface Outcome { run: StartRun; seen: number; elsewhere: number; arrivals: number[] }

let reference: Awaited<ReturnType<typeof startReference>>;
let file: string;

/** A run against the hostile target of `mode`; `memory: false` for a run whose memory no test bounds (its sampling is the test process's CPU). */
async function against(mode: Mode, opts: { whole?: boolean; env?: Record<string, string>; memory?: boolean } = {}): Promise<Outcome> {
  const target = await hostile(mode, reference.url);
  try {
    const run = await start(opts.whole ? [] : ['--grep', GREP], {
      // One worker, the default on the 2-core machine the memory bound is stated for (each
      // further worker adds about 190 MB), so the bound holds on a machine with more cores too.
      ...referenceEnv(), OCS_BASE_URL: target.url, OCS_PROFILE: STALLING.includes(mode) ? file : REFERENCE_PROFILE, OCS_RUNS: RUNS, OCS_WORKERS: '1', ...opts.env,
    }, LIMIT_MS, { memory: opts.memory ?? true });
    return { run, seen: target.seen(), elsewhere: target.elsewhere().length, arrivals: target.arrivals() };
  } finally {
    await target.close();
  }
}

/** What every hostile run shows, whatever the mode: `whole`, a run of every check, else of those `grep` selects (GREP by default). */
function ended(run: StartRun, codes: number[], whole = false, grep = GREP): void {
  const tail = `${run.stdout.slice(-1500)}\n${run.stderr.slice(-800)}`;
  assert.ok(!run.killed, `the run printed nothing for ${LIMIT_MS} ms and was killed:\n${tail}`);
  assert.ok(codes.includes(run.code!), `exit ${run.code}, expected ${codes.join(' or ')}:\n${tail}`);
  for (const f of REPORTS) assert.ok(existsSync(join(run.reports, f)), `${f} is written:\n${tail}`);
  const { pass, fail, skip, error } = run.summary().counts;
  assert.equal(pass + fail + skip + error, selected(whole ? undefined : grep), `the counts are of the checks selected:\n${run.stdout.split('\n').slice(0, 8).join('\n')}\n…\n${tail}`);
  const mb = (bytes: number): number => Math.round(bytes / 2 ** 20);
  const [pss, rss] = [run.peakPssBytes ?? 0, run.peakRssBytes ?? 0];
  console.error(`[peak PSS ${mb(pss)} MB, summed RSS ${mb(rss)} MB]`);
  if (existsSync('/proc/self/smaps_rollup')) assert.ok(pss > 0, 'the tree\'s memory is sampled');
  assert.ok(pss < MAX_MEMORY, `peak PSS ${mb(pss)} MB (summed RSS ${mb(rss)} MB)`);
  const size = filesUnder(run.reports).reduce((n, f) => n + statSync(f).size, 0);
  assert.ok(size < MAX_REPORTS, `reports take ${Math.round(size / 2 ** 20)} MB`);
}

const junit = (run: StartRun): string => readFileSync(join(run.reports, 'junit.xml'), 'utf8');
/** junit.xml as a CI test view reads it: a test case per rule and format. */
const junitCases = (run: StartRun) => parse({ type: 'junit', files: [join(run.reports, 'junit.xml')] }).suites.flatMap((s) => s.cases);
const cell = (run: StartRun, id: string): [string, string] => {
  const r = run.summary().rules.find((x) => x.id === id)!;
  return [r.json, r.xml];
};

// One reference behind every hostile target, and one profile with a short timeout for the stalling modes.
before(async () => {
  reference = await startReference();
  file = profileWithTimeout(TIMEOUT_MS);
});
after(() => reference.close());

describe('a hostile target', () => {
  it('that never answers: the preflight finds it down, nothing more is sent, every check is an error', async () => {
    const o = await against('hang', { whole: true });
    ended(o.run, [2], true);
    assert.equal(o.run.summary().counts.error, sentOf(o.run, selected()), JSON.stringify(o.run.summary().counts));
    assert.match(o.run.stderr, new RegExp(`does not answer \\(transport: no response within ${TIMEOUT_MS} ms\\)`));
    // A request on a new connection is never sent twice: only a kept one's silence is a suspected stall (src/client/stalls.ts).
    assert.equal(o.seen, 4, 'the four preflight requests, and nothing after them');
  });

  it('that drips its answer a byte at a time is cut off by the request timeout', async () => {
    const o = await against('drip');
    ended(o.run, [2]);
    assert.match(junit(o.run), new RegExp(`no response within ${TIMEOUT_MS} ms`));
    assert.equal(o.run.summary().counts.error, selected(GREP));
  });

  for (const mode of ['hang-after', 'reset-after'] as const) {
    it(`that answers ${ANSWERED[mode]} requests and then ${mode === 'hang-after' ? 'hangs' : 'resets every connection'}: the breaker stops the sending`, async () => {
      const o = await against(mode, { whole: true });
      // The checks the breaker left unsent were never judged: incomplete, not a broken target.
      ended(o.run, [2], true);
      assert.ok(o.run.summary().counts.error > 0);
      assert.match(junit(o.run), /not sent: the last \d+ requests to the target failed/);
      const { bound, most } = sentAfterTargetWentAway(o.run.summary());
      assert.ok(o.seen <= ANSWERED[mode] + bound, `${o.seen} requests reached the target, at most ${ANSWERED[mode] + bound} with ${most} in flight`);
    });
  }

  it('that resets every connection: every check is an error naming the reset', async () => {
    const o = await against('reset');
    ended(o.run, [2]);
    assert.equal(o.run.summary().counts.error, selected(GREP));
    assert.match(o.run.stderr, /does not answer \(transport: .*(other side closed|ECONNRESET|socket)/i);
  });

  for (const mode of ['huge', 'endless'] as const) {
    it(`that sends ${mode === 'huge' ? 'a 60 MB body' : 'a body that never ends'}: it is read up to the cap, and the run stays small`, async () => {
      const o = await against(mode, { whole: mode === 'huge' });
      ended(o.run, [2], mode === 'huge');
      assert.match(`${o.run.stderr}${junit(o.run)}`, new RegExp(`the response body is over ${DEFAULT_MAX_RESPONSE_BYTES} bytes`));
      assert.equal(o.run.summary().counts.error, sentOf(o.run, selected(mode === 'huge' ? undefined : GREP)));
    });
  }

  it('that stops answering on a kept connection after an error: the stall is the target\'s, found in seconds', async () => {
    // The reference's own fault (reference/faults/wire.ts), served from this process as the hostile targets are.
    const faulty = await startReference({ fault: 'stall-after-error-on-kept-connection' });
    let run: StartRun;
    try {
      // The rule's own checks: the sequences that send a valid request after a refused one on one
      // kept connection (suites/*/sequences.yaml), and the success cases. A failed MUST makes even
      // a --grep run NOT CONFORMANT: exit 1.
      run = await start(['--grep', KEPT], { ...referenceEnv(), OCS_BASE_URL: faulty.url, OCS_PROFILE: REFERENCE_PROFILE, OCS_RUNS: RUNS, OCS_WORKERS: '1' }, LIMIT_MS, { memory: true });
    } finally {
      await faulty.close();
    }
    ended(run, [1], false, KEPT);
    // The first stall sends the run's later requests on fresh connections, so one format may never meet another.
    assert.ok(cell(run, 'WIRE-KEEP-ALIVE').includes('fail'), cell(run, 'WIRE-KEEP-ALIVE').join(' '));
    assert.match(junit(run), /no answer within \d+ ms on a kept-alive connection the target neither answered on nor closed; the same request on a fresh connection was answered in \d+ ms/);
    assert.equal(run.summary().counts.error, 0, 'every stalled request was judged on its fresh answer');
  });

  it('that answers with a wrong Content-Type only: a SHOULD warning, since the spec names no header', async () => {
    const o = await against('content-type', { whole: true });
    ended(o.run, [0], true);
    assert.deepEqual(cell(o.run, 'RSP-CONTENT-TYPE'), ['fail', 'fail']);
    assert.ok(o.run.summary().warnings > 0);
  });
});

describe('a broken target', () => {
  it('that stops answering mid-run is sent nothing more once the breaker opens, and the run still writes every report', async () => {
    // The whole run against the reference behind a target that answers 150 requests, then resets
    // every connection and gives no answer still on its way (tests/hostile/server.ts reset-after),
    // as in tests/e2e/failing-target.test.ts before. Two workers, whatever the machine's cores:
    // the bound on the requests sent after the target went away is shown with the requests of
    // several workers in flight (the default, half the cores, is one on two). Not the breaker's
    // run above, whose single worker the memory bound of every hostile run is stated for (a
    // second took this run from 378 to 607 MB, measured once); no memory bound here, so none sampled.
    const o = await against('reset-after', { whole: true, env: { OCS_WORKERS: '2' }, memory: false });
    const { run } = o;
    // What the breaker left unsent was never judged: the run is incomplete, not the target broken.
    assert.equal(run.code, 2, run.stdout.slice(-1500));
    const summary = run.summary();
    assert.equal(summary.provenance?.workers, 2, 'the run\'s two workers');
    assert.equal(summary.verdict, 'incomplete');
    assert.ok(summary.counts.error > 0, JSON.stringify(summary.counts));
    for (const file of ['summary.json', 'conformance.html', 'junit.xml', 'html/index.html']) assert.ok(existsSync(join(run.reports, file)), file);
    assert.ok(junitCases(run).some((c) => c.status === 'FAIL'), 'the errored rules are JUnit errors');
    assert.match(junit(run), /not sent: the last \d+ requests to the target failed/);
    // Every request past the first ANSWERED is reset, and no answer is given once one came.
    const reset = o.seen - ANSWERED['reset-after'];
    const { bound, most } = sentAfterTargetWentAway(summary);
    console.error(`[${reset} requests after the target went away, at most ${bound} with ${most} in flight]`);
    assert.ok(reset <= bound, `requests after the target went away: ${reset}, at most ${bound} with ${most} in flight`);
  });
});

/** Secrets with characters JSON, XML and URLs each escape (a backslash and an apostrophe too), as a vendor's may have. */
const SECRETS = { OCS_APPKEY: 'Zq7&Lm"x9/Vt+4Rw<p>e', OCS_SESSION_ID: "sess'Ab\\Cd/Ef+Gh=Ij" };

/** Every run of 6 characters of a secret a text holds. */
const leaks = (text: string): string[] => fragmentsOf(Object.values(SECRETS), text);

describe('a target that asks the harness to slow down', () => {
  it('answering 429: the request is sent again after Retry-After, judged on the real answer, and the wait is reported', async () => {
    // One rule's checks are enough to see the waits (the reference's rate-limit and shed modes are
    // certified CONFORMANT over whole runs by tests/e2e/modes.test.ts); a --grep run is partial: exit 2.
    const o = await against('too-many');
    ended(o.run, [2]);
    assert.equal(o.run.summary().counts.fail + o.run.summary().counts.error, 0, JSON.stringify(o.run.summary().counts));
    assert.match(junit(o.run), /: the target answered 429 \d+ times?; the harness waited [\d.]+ s in all \(\d+ waits\) and sent again/);
    assert.match(o.run.stdout, /^Pace: the target answered 429 \d+ times?; .* it sustained [\d.]+ requests\/s/m, 'one line in the console, since the target pushed back');
  });

  it('is never sent more than --rps requests in a second (OCS_RPS)', async () => {
    const rps = 20;
    const o = await against('content-type', { env: { OCS_RPS: String(rps) } });
    // A --grep run is partial: incomplete, exit 2.
    ended(o.run, [2]);
    // In any one second, at most the rate and one more (the request at the second's very start).
    const most = Math.max(...o.arrivals.map((t) => o.arrivals.filter((u) => u >= t && u < t + 1000).length));
    assert.ok(o.arrivals.length > rps, `${o.arrivals.length} requests`);
    assert.ok(most <= rps + 1, `${most} requests within one second at OCS_RPS=${rps}`);
  });
});

describe('a target that echoes the request into its answers', () => {
  it('gets no secret, and no 6 characters of one, into any report, the console or the blob report', async () => {
    const o = await against('echo', { whole: true, env: SECRETS });
    ended(o.run, [1], true);
    // Every file, the HTML report's data inside index.html and every zip entry and base64 body included.
    const texts = reportTexts(o.run.reports);
    assert.ok(texts.some(([where]) => where.includes('/data/')), 'the failing run attached evidence');
    for (const [where, text] of texts) assert.deepEqual(leaks(text), [], where);
    assert.deepEqual(leaks(o.run.stdout + o.run.stderr), [], 'the console');
    assert.match(o.run.stdout, /ocs-conformance: the target refuses the profile's valid/, 'the echo is quoted, masked, in the refusal line');

    // The blob report a sharded run uploads: Playwright's own zip, every file in it read back
    // (with fflate, so the test needs no unzip on the machine).
    const target = await hostile('echo', reference.url);
    try {
      const blobs = tempDir('ocs-blob-');
      const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
      // Not execFileSync: the echoing target answers from this process, whose loop must run.
      // The success rule's checks fail against an echo (HTTP 400 to a valid request): evidence is attached.
      await spawnRun(process.execPath, [cli, 'test', '--grep', 'RSP-RECEIVER-SUCCESS', '--reporter=blob'], {
        env: { ...referenceEnv(), ...SECRETS, OCS_BASE_URL: target.url, OCS_PROFILE: file, OCS_RUNS: RUNS, PLAYWRIGHT_BLOB_OUTPUT_DIR: blobs, OCS_REPORTS_DIR: join(blobs, 'r') },
        limitMs: LIMIT_MS,
      });
      const zips = readdirSync(blobs).filter((f) => f.endsWith('.zip'));
      assert.equal(zips.length, 1);
      const texts = reportTexts(blobs).filter(([where]) => where.includes('.zip!'));
      assert.ok(texts.length > 0, 'the blob report holds files');
      assert.ok(texts.some(([where, text]) => where.includes('!base64[') && text.includes('***')), 'the blob holds the evidence, masked, base64-encoded');
      for (const [where, text] of texts) assert.deepEqual(leaks(text), [], where);
    } finally {
      await target.close();
    }
  });
});
