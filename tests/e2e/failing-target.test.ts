// Broken targets cost the run a few failed tests, not one per check: a fault in every rule
// family fails the four endpoint tests once each, and a target that stops answering mid-run
// is sent nothing more once the breaker opens; both still end with every report.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { forward } from '../hostile/server.ts';
import { startReference } from '../../reference/server.ts';
import { referenceEnv, REFERENCE_PROFILE } from '../../scripts/reference-profile.ts';
import { parse } from 'test-results-parser';
import { sentAfterTargetWentAway, start } from './run.ts';

/**
 * A proxy to `target` that answers the first `answered` requests, then resets every connection:
 * once a request past them came, an answer still on its way from `target` is not given either
 * (the connection is reset), as a target that went away answers nothing more. A late answer
 * would be the target still there, and would rightly reset the breaker's count in a run of a
 * target that went away.
 */
async function resetsAfter(target: string, answered: number): Promise<{ url: string; reset: () => number; close: () => Promise<void> }> {
  let seen = 0;
  let reset = 0;
  const server: Server = createServer((req, res) => {
    if (++seen > answered) {
      reset++;
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      forward(target, req, Buffer.concat(chunks))
        .then(async (up) => {
          const body = Buffer.from(await up.body.arrayBuffer());
          // Sent before the target went away: not one of `reset`, though a resend of it is.
          if (seen > answered) {
            req.socket.destroy();
            return;
          }
          res.writeHead(up.statusCode, { ...(up.headers.allow === undefined ? {} : { allow: String(up.headers.allow) }), 'content-type': String(up.headers['content-type']) }); res.end(body);
        })
        .catch(() => req.socket.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reset: () => reset,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

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

  it('that stops answering mid-run is sent nothing more once the breaker opens, and the run still writes every report', async () => {
    const reference = await startReference();
    const proxy = await resetsAfter(reference.url, 150);
    try {
      const run = await start([], { ...referenceEnv(), OCS_BASE_URL: proxy.url, OCS_PROFILE: REFERENCE_PROFILE, OCS_RUNS: '3' });
      // What the breaker left unsent was never judged: the run is incomplete, not the target broken.
      assert.equal(run.code, 2, run.stdout.slice(-1500));
      const summary = run.summary();
      assert.equal(summary.verdict, 'incomplete');
      assert.ok(summary.counts.error > 0, JSON.stringify(summary.counts));
      for (const file of ['summary.json', 'conformance.html', 'junit.xml', 'html/index.html']) assert.ok(existsSync(join(run.reports, file)), file);
      assert.ok(junitCases(run.reports).some((c) => c.status === 'FAIL'), 'the errored rules are JUnit errors');
      assert.match(readFileSync(join(run.reports, 'junit.xml'), 'utf8'), /not sent: the last \d+ requests to the target failed/);
      const { bound, most } = sentAfterTargetWentAway(summary);
      assert.ok(proxy.reset() <= bound, `requests after the target went away: ${proxy.reset()}, at most ${bound} with ${most} in flight`);
    } finally {
      await proxy.close();
      await reference.close();
    }
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
