// npm start against the embedded reference, the profile and the command line: what it does when
// stopped, unreachable, out of budget, short of a fixture or given a bad profile or flag. Its tests
// on the default runs (the conformant run, the run of one rule typed in docs/) are in
// tests/e2e/browser.test.ts, which opens the same runs' certificates (tests/e2e/default-runs.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { lastLine, ROOT, spawnRun, start } from './run.ts';

const reference = { OCS_PROFILE: 'profiles/reference.yaml', OCS_APPKEY: 'unreachable-key', OCS_SESSION_ID: 'unreachable-session', OCS_SESSION_ID_2: 'unreachable-session-2', OCS_APPKEY_2: 'unreachable-key-2' };

describe('npm start', () => {
  it('is incomplete, exit 2, when the run is stopped before every test ends', async () => {
    // After `--`, Playwright's own options (src/cli/main.ts): here its global timeout.
    const run = await start(['--', '--global-timeout=1000'], { OCS_BASE_URL: '', OCS_RUNS: '0' });
    assert.equal(run.code, 2, run.stdout.slice(-1500) + run.stderr.slice(-800));
    const summary = run.summary();
    assert.equal(summary.verdict, 'incomplete');
    assert.match(summary.stopped ?? '', /stopped \(the global timeout\)/);
    assert.match(run.stdout, /^Conformance: INCOMPLETE \(the run was stopped/m);
  });

  it('exits 2 on an unreachable target (the run could not be made), with the reason, and still writes the reports', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const run = await start([], { ...reference, OCS_BASE_URL: `http://127.0.0.1:${port}` });
    assert.equal(run.code, 2);
    assert.match(lastLine(run.stderr), /^ocs-conformance: the run could not be made: http:\/\/127\.0\.0\.1:[0-9]+ did not answer the preflight: transport: .*ECONNREFUSED/);
    const summary = run.summary();
    assert.equal(summary.verdict, 'incomplete');
    assert.match(summary.unreachable ?? '', /did not answer the preflight/);
    assert.ok(summary.counts.error > 0 && summary.counts.pass === 0);
    assert.ok(summary.rules.every((r) => r.json === 'error' || r.json === 'untested'));
    for (const file of ['conformance.html', 'junit.xml', 'html/index.html']) assert.ok(existsSync(join(run.reports, file)), `${file} is written`);
    assert.match(readFileSync(join(run.reports, 'junit.xml'), 'utf8'), /not sent: the last [0-9]+ requests to the target failed \(last: http:\/\/127\.0\.0\.1:[0-9]+ did not answer the preflight: transport: .*ECONNREFUSED/);
    assert.match(lastLine(run.stdout), /^0 passed, 0 failed, [0-9]+ errored, [0-9]+ skipped$/);
  });

  it('stops sending requests the target may accept once the profile\'s budget is spent', async () => {
    const dir = tempDir('ocs-profile-');
    const file = join(dir, 'budget.yaml');
    writeFileSync(file, `${readFileSync('profiles/reference.yaml', 'utf8')}\nsafety:\n  workers: 1\n  maxAccepted: 5\n`);
    const run = await start(['--grep', 'CNT-'], { OCS_BASE_URL: '', OCS_PROFILE: file, OCS_RUNS: '0' });
    assert.equal(readFileSync(join(run.reports, '.accepted'), 'utf8').trim().split('\n').length, 5, 'exactly the budget of acceptances with one worker');
    const summary = run.summary();
    assert.ok(summary.counts.skip > 0, 'cases past the budget are skipped');
    assert.equal(summary.counts.fail + summary.counts.error, 0);
  });

  it('skips, with the reason, the cases whose fixture the profile lacks', async () => {
    const dir = tempDir('ocs-profile-');
    const file = join(dir, 'no-anonymous.yaml');
    writeFileSync(file, readFileSync('profiles/reference.yaml', 'utf8').replace(/^ {4}anonymous: .*\n/m, ''));
    // OCS_STEP runs one step of the test the grep selects, as a rerun line does.
    const step = 'ERR-610003 [json] an order with an anonymous counteragent answers 610003';
    const run = await start(['--grep', 'change_receiver \\[json\\]'], { OCS_BASE_URL: '', OCS_PROFILE: file, OCS_RUNS: '0', OCS_STEP: step });
    const summary = run.summary();
    assert.deepEqual(summary.counts, { pass: 0, fail: 0, skip: 1, error: 0 });
    const row = summary.rules.find((r) => r.id === 'ERR-610003')!;
    assert.deepEqual([row.json, row.xml], ['skip', 'untested']);
    const junit = readFileSync(join(run.reports, 'junit.xml'), 'utf8');
    assert.match(junit, /<skipped message="the profile has no fixtures\.orders\.anonymous"/);
    assert.deepEqual(summary.skips, [{ reason: 'the profile has no fixtures.orders.anonymous', checks: 1, rules: ['ERR-610003', 'RSP-ERROR-STATUS'], fixture: { key: 'fixtures.orders.anonymous', needs: 1 } }]);
    assert.match(run.stdout, /^Skipped: 1 checks, every reason in the certificate; the profile needs fixtures\.orders\.anonymous \(1 value\)$/m);
    assert.equal(run.code, 2, 'a partial run is incomplete');
  });

  it('refuses a malformed profile with exit 2, naming the file and the key', async () => {
    const dir = tempDir('ocs-profile-');
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, 'name: bad\ncredentials: { appkey: { env: A }, sessionID: { env: B } }\nfixtures:\n  orders: { receiverChangeable: "1", pickupChangeable: 2 }\n');
    const run = await start([], { OCS_BASE_URL: 'http://127.0.0.1:1', OCS_PROFILE: file, A: 'a', B: 'b' }, 60_000);
    assert.equal(run.code, 2);
    assert.match(run.stderr, new RegExp(`${file}: key fixtures\\.orders\\.pickupChangeable: must be string`));
    assert.ok(!existsSync(join(run.reports, 'summary.json')), 'nothing is run on a malformed profile');
    // The runner a default run starts beside the check (bin/launch.js) is gone too: no process has the run's report directory.
    const left = readdirSync('/proc').filter((pid) => /^[0-9]+$/.test(pid)).filter((pid) => {
      try { return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`OCS_REPORTS_DIR=${run.reports}`); } catch { return false; }
    });
    assert.deepEqual(left, [], 'no process of the refused run is left');
  });

  it('requires a profile when OCS_BASE_URL names a target', async () => {
    const run = await start([], { OCS_BASE_URL: 'http://127.0.0.1:1', OCS_PROFILE: '' }, 60_000);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /OCS_PROFILE must name the target's profile/);
  });
});

describe('npm start is the command itself', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

  it('runs `ocs-conformance run`: no shell line, no eval', () => {
    assert.equal(pkg.scripts.start, 'node bin/ocs-conformance.js run');
    assert.ok(Object.values(pkg.scripts).every((script) => !/\beval\b/.test(script)), 'no script evals');
  });

  it('refuses a flag the command does not know, with the usage, exit 2', async () => {
    const run = await spawnRun('npm', ['start', '--silent', '--', '--no-such-flag'], { env: { OCS_BASE_URL: '' } });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /^ocs-conformance: Unknown option '--no-such-flag'/);
    assert.match(run.stderr, /Usage: ocs-conformance run \[options\]/);
  });
});
