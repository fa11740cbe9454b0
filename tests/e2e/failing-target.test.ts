// Broken targets cost the run a few failed tests, not one per check: a fault in every rule
// family fails the four endpoint tests once each, and still ends with every report. A target
// that stops answering mid-run is sent nothing more once the breaker opens: its test reads the
// hostile target's run that resets every connection after its first answers
// (tests/e2e/hostile.test.ts), the same whole run.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { REFERENCE_PROFILE } from '../../scripts/reference-profile.ts';
import { parse } from 'test-results-parser';
import { start } from './run.ts';

/** junit.xml as a CI test view reads it: a test case per rule and format. */
const junitCases = (dir: string) => parse({ type: 'junit', files: [join(dir, 'junit.xml')] }).suites.flatMap((s) => s.cases);

describe('a broken target', () => {
  it('that refuses nothing fails each endpoint test once, and JUnit tells it by rule, with evidence', async () => {
    const run = await start([], { OCS_BASE_URL: '', OCS_REFERENCE_FAULT: 'http-200-on-error', OCS_RUNS: '3' });
    assert.equal(run.code, 1, run.stdout.slice(-1500));
    const cases = junitCases(run.reports);
    const ran = run.summary().rules.flatMap((r) => (['json', 'xml'] as const).filter((f) => r[f] !== 'untested'));
    assert.equal(cases.length, ran.length, 'a test case per rule and format that ran');
    const broken = cases.find((c) => c.name.startsWith('CNT-CONTACTIDS-MAX [json] '))!;
    assert.equal(broken.status, 'FAIL');
    assert.ok(cases.filter((c) => c.status === 'PASS').length > 20, 'the rules that held pass');
    const junit = readFileSync(join(run.reports, 'junit.xml'), 'utf8');
    assert.match(junit, /Replay the request:\s+curl /);
    assert.match(junit, /Rerun the step:\s+OCS_REFERENCE_FAULT=&apos;http-200-on-error&apos; OCS_STEP=/);
    assert.doesNotMatch(junit, /toEqual|src\/report\/record\.ts/, 'no assertion diff, no frame of the harness');
    assert.ok(run.stdout.split('\n').every((l) => l.length <= 200), 'no console line over 200 characters');
    const summary = run.summary();
    assert.equal(summary.rules.find((r) => r.id === 'CNT-CONTACTIDS-MAX')?.xml, 'fail');
    assert.ok(summary.counts.fail > 100, 'each check is counted');
  });
});

describe('a target that refuses the profile\'s valid request', () => {
  it('is told so first, on the console and the certificate, and the checks that need an acceptance are not judged', async () => {
    const dir = tempDir('ocs-profile-');
    const file = join(dir, 'unknown-order.yaml');
    writeFileSync(file, readFileSync(REFERENCE_PROFILE, 'utf8').replace(/^( {4}receiverChangeable: ).*$/m, '$1"NO-SUCH-ORDER"'));
    const run = await start([], { OCS_BASE_URL: '', OCS_PROFILE: file, OCS_RUNS: '0' });
    assert.equal(run.code, 1);
    const first = run.stdout.split('\n').find((l) => l.startsWith('ocs-conformance:') || l.startsWith('Running'))!;
    assert.match(first, /^ocs-conformance: the target refuses the profile's valid change_receiver request on the (JSON|XML) path \(HTTP 400: .*100005/);
    const summary = run.summary();
    assert.equal(summary.refused.length, 2, 'both receiver paths, and no pickup path');
    assert.match(readFileSync(join(run.reports, 'conformance.html'), 'utf8'), /First: the target refuses the profile&#39;s valid change_receiver request/);
    const failing = summary.rules.filter((r) => r.level === 'MUST' && (r.json === 'fail' || r.xml === 'fail')).map((r) => r.id);
    assert.deepEqual(failing, ['RSP-RECEIVER-SUCCESS']);
    assert.ok(summary.counts.skip > 20, 'the receiver cases that need an acceptance are skipped');
    assert.match(readFileSync(join(run.reports, 'junit.xml'), 'utf8'), /cannot be judged: the target refuses/);
  });
});
