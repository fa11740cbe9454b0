import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Summary } from '../../src/report/summary.ts';
import { planUnits, selectSteps } from '../../src/runner/units.ts';
import { loadAllCases } from '../../src/scenario/load.ts';
import { PROPERTIES } from '../../generators/suite.ts';
import { parse } from 'test-results-parser';
import { ROOT } from './run.ts';

/** The test cases of a junit.xml as a CI test view reads them: name and status. */
const junitCases = (dir: string): string[] =>
  parse({ type: 'junit', files: [join(dir, 'junit.xml')] }).suites.flatMap((s) => s.cases.map((c) => `${c.name}: ${c.status}`)).sort();

const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');

describe('a sharded run', () => {
  it('merges its blob reports into one summary that counts every shard, and the JUnit test cases of a single run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ocs-shards-'));
    const merged = join(dir, 'blobs');
    mkdirSync(merged);
    const grep = ['--grep', 'CNT-PHONE'];
    for (const shard of ['1/2', '2/2']) {
      const blobs = join(dir, `blob-${shard[0]}`);
      execFileSync(process.execPath, [cli, 'test', ...grep, `--shard=${shard}`, '--reporter=blob'], {
        cwd: ROOT, stdio: 'pipe', timeout: 120_000,
        env: { ...process.env, OCS_BASE_URL: '', OCS_RUNS: '3', PLAYWRIGHT_BLOB_OUTPUT_DIR: blobs, OCS_REPORTS_DIR: join(dir, `r${shard[0]}`) },
      });
      for (const f of readdirSync(blobs)) copyFileSync(join(blobs, f), join(merged, f));
    }
    const listed = execFileSync(process.execPath, [cli, 'test', ...grep, '--list'], { cwd: ROOT, env: { ...process.env, OCS_BASE_URL: '' } }).toString();
    const total = Number(/Total: ([0-9]+) tests?/.exec(listed)?.[1]);
    assert.equal(total, 4, `the four endpoints carry CNT-PHONE rules, listed ${total}`);
    const reports = join(dir, 'merged');
    const merge = spawnSync(process.execPath, [cli, 'merge-reports', '--config', 'playwright.merge.config.ts', merged], {
      cwd: ROOT, stdio: 'pipe', timeout: 120_000, env: { ...process.env, OCS_REPORTS_DIR: reports },
    });
    // The merge ends as a run does: exit 2, for a partial run is incomplete.
    assert.equal(merge.status, 2, merge.stderr.toString());
    const summary = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as Summary;
    // Every check the grep selects, in every endpoint, ran in one shard or the other, once.
    const selected = planUnits(loadAllCases(), PROPERTIES).flatMap((u) => selectSteps(u.title, u.steps, { grep: 'CNT-PHONE' }));
    assert.deepEqual(summary.counts, { pass: selected.length, fail: 0, skip: 0, error: 0 });
    // Only the CNT-PHONE rules ran: a partial run certifies nothing.
    assert.equal(summary.verdict, 'incomplete');
    assert.ok(summary.untested.includes('TOP-APPKEY-REQUIRED') && !summary.untested.includes('CNT-PHONENUMBERS-MAX'));
    assert.equal(summary.rules.find((r) => r.id === 'CNT-PHONENUMBERS-MAX')?.xml, 'pass');
    // The same selection in one run gives the same JUnit test cases, a case per rule and format.
    const single = join(dir, 'single');
    spawnSync(process.execPath, [cli, 'test', ...grep], { cwd: ROOT, stdio: 'pipe', timeout: 120_000, env: { ...process.env, OCS_BASE_URL: '', OCS_RUNS: '3', OCS_REPORTS_DIR: single } });
    const cases = junitCases(reports);
    assert.ok(cases.some((c) => c.startsWith('CNT-PHONENUMBERS-MAX [xml] ')), cases.join('\n'));
    assert.deepEqual(cases, junitCases(single));
  });
});
