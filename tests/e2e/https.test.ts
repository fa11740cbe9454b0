// A target whose TLS certificate the machine does not trust: the run could not be made, so its
// checks are errored, none failed (issue 34: the counts line read `0 passed, 1264 failed`), in
// the console's counts, summary.json and JUnit alike. The certificate is a fixed self-signed one
// (tests/https/, valid 2000 to 2100, made with openssl once), so the test needs nothing but Node.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { referenceEnv } from '../../src/profile/reference.ts';
import type { Summary } from '../../src/report/summary.ts';
import { BIN, cliRun, ROOT, type CliResult } from '../cli/helpers.ts';

const tls = (file: string): Buffer => readFileSync(join(ROOT, 'tests', 'https', file));

describe('ocs-conformance run against an https target with an untrusted certificate', () => {
  let server: Server;
  let run: CliResult;
  const reports = tempDir('ocs-https-');

  before(async () => {
    server = createServer({ key: tls('self-signed.key'), cert: tls('self-signed.crt') }, (_req, res) => res.end('{}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    run = await cliRun(process.execPath, [BIN, 'run', '--base-url', url, '--profile', 'profiles/reference.yaml', '--runs', '0', '--grep', 'CNT-', '--report-dir', reports], {
      env: { ...referenceEnv(), OCS_BASE_URL: '', OCS_PROFILE: '' },
    });
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('counts every check as errored, none as failed, and exits 2 with the reason and the profile key to set', () => {
    const context = `${run.stdout.slice(-1500)}\n${run.stderr.slice(-800)}`;
    assert.equal(run.code, 2, context);
    assert.match(run.stderr.trim().split('\n').at(-1)!, /^ocs-conformance: the run could not be made: .* did not answer the preflight: transport: TLS: self-signed certificate \(DEPTH_ZERO_SELF_SIGNED_CERT\); .*: set the profile's tls\.ca to the CA bundle/, context);
    const { counts } = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as Summary;
    assert.ok(counts.error > 0, JSON.stringify(counts));
    assert.deepEqual({ pass: counts.pass, fail: counts.fail, skip: counts.skip }, { pass: 0, fail: 0, skip: 0 });
    assert.equal(run.stdout.trim().split('\n').at(-1), `0 passed, 0 failed, ${counts.error} errored, 0 skipped`);
  });

  it('gives JUnit errors, not failures', () => {
    const junit = readFileSync(join(reports, 'junit.xml'), 'utf8');
    const [, tests, failures, errors] = /<testsuites [^>]*tests="(\d+)" failures="(\d+)" errors="(\d+)"/.exec(junit) ?? [];
    assert.equal(failures, '0');
    assert.equal(errors, tests, 'every rule that ran errored');
    assert.ok(Number(errors) > 0);
    assert.doesNotMatch(junit, /<failure /);
  });
});
