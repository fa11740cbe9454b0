// ocs-conformance run end to end: one shard as a partial run, and `playwright test --list`, which
// gives no verdict. The command's conformant run against a started reference and its run with a
// fault against that baseline are default runs (tests/e2e/default-runs.ts): their tests are in
// tests/e2e/browser.test.ts, which opens the failing run's certificate.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { validator } from '../../src/contract/ajv.ts';
import type { Summary } from '../../src/report/summary.ts';
import { BIN, cliRun } from '../cli/helpers.ts';

const readSummary = (dir: string) => JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary;

function assertSchemaValid(summary: Summary): void {
  const validate = validator('summary.schema.json');
  assert.ok(validate(summary), JSON.stringify(validate.errors, null, 2));
}

describe('ocs-conformance run --shard', () => {
  it('runs one shard as a partial run: its untested rules are counted as expected, not listed', async () => {
    const reports = tempDir('ocs-shard-');
    const r = await cliRun(process.execPath, [BIN, 'run', '--shard', '4/4', '--runs', '0', '--report-dir', reports], { env: { OCS_BASE_URL: '', OCS_PROFILE: '' } });
    assert.equal(r.code, 2, r.stdout.slice(-2000) + r.stderr.slice(-2000));
    const summary = readSummary(reports);
    assert.equal(summary.partial, true);
    assert.equal(summary.verdict, 'incomplete');
    assert.deepEqual(summary.provenance!.shard, { current: 4, total: 4 });
    assert.ok(summary.untested.length > 0);
    assert.ok(r.stdout.includes(`Conformance: INCOMPLETE (${summary.untested.length} rules not run (expected for a partial run))\n`), r.stdout.slice(-1000));
    assertSchemaValid(summary);
  });
});

describe('npx playwright test --list', () => {
  it('lists the tests and gives no verdict', async () => {
    const reports = tempDir('ocs-list-');
    const r = await cliRun('npx', ['--no-install', 'playwright', 'test', '--list'], { env: { OCS_REPORTS_DIR: reports, OCS_BASE_URL: '' } });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Total: 4 tests$/m);
    assert.doesNotMatch(r.stdout + r.stderr, /Conformance:|CONFORMANT/);
    assert.ok(!existsSync(join(reports, 'summary.json')));
  });
});
