// ocs-conformance diff OLD NEW, on crafted summary.json files (the e2e test diffs real runs).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { loadRules } from '../../src/contract/load.ts';
import type { EndpointLatency, RuleRow, Summary } from '../../src/report/summary.ts';
import { mainHere, quickCli as cli } from './helpers.ts';

const dir = tempDir('ocs-diff-');

function summaryFile(name: string, verdict: Summary['verdict'], cells: Record<string, Partial<Pick<RuleRow, 'json' | 'xml'>>>, latency?: EndpointLatency[]): string {
  const rules = loadRules().map((r): RuleRow => ({ id: r.id, level: r.level, title: r.title, section: r.spec.section, json: 'pass', xml: 'pass', ...cells[r.id] }));
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ verdict, generatedAt: `2026-11-2${name.length}T10:00:00.000Z`, counts: { pass: 1, fail: 0, skip: 0, error: 0 }, warnings: 0, untested: [], refused: [], rules, probableCauses: [], ...(latency ? { latency } : {}) }));
  return file;
}

/** Both endpoints of change_pickup and change_receiver's JSON one, with every answer's p95 as given. */
const timings = (pickupP95: number): EndpointLatency[] => [['change_pickup', 'json', pickupP95], ['change_pickup', 'xml', pickupP95], ['change_receiver', 'json', 12]].map(([operation, format, p95]) =>
  ({ operation, format, answers: { count: 500, whole: { median: Number(p95) / 2, p95, p99: p95, max: p95 } } }) as EndpointLatency);

const old = summaryFile('old', 'not-conformant', { 'MBR-EMAIL-MAX': { xml: 'fail' } });
const regressed = summaryFile('regressed', 'not-conformant', {
  'RSP-GENERATED-AT': { json: 'fail' }, 'CNT-CONTACTIDS-MAX': { xml: 'error' }, 'MBR-EMAIL-MAX': { xml: 'pass' }, 'PCK-SAME-DAY': { json: 'untested' },
});
const fixed = summaryFile('fixed', 'conformant', {});

describe('ocs-conformance diff', () => {
  it('exits 1 on a regression, naming each regressed rule and format first, then the fixes and what is no longer tested', () => {
    const r = cli(['diff', old, regressed]);
    assert.equal(r.code, 1, r.stderr);
    assert.deepEqual(r.stdout.trim().split('\n'), [
      `${old} (2026-11-23T10:00:00.000Z) → ${regressed} (2026-11-29T10:00:00.000Z): 2 regressed, 1 fixed, 1 no longer tested`,
      '  regressed: CNT-CONTACTIDS-MAX [xml] (MUST): pass → error',
      '  regressed: RSP-GENERATED-AT [json] (MUST): pass → fail',
      '  fixed: MBR-EMAIL-MAX [xml] (MUST): fail → pass',
      '  no longer tested: PCK-SAME-DAY [json]',
      'Verdict: not-conformant → not-conformant',
    ]);
  });

  it('--json gives the same comparison as data', () => {
    const r = cli(['diff', '--json', old, regressed]);
    assert.equal(r.code, 1, r.stderr);
    const d = JSON.parse(r.stdout);
    assert.deepEqual(d.old, { file: old, generatedAt: '2026-11-23T10:00:00.000Z', verdict: 'not-conformant' });
    assert.deepEqual(d.regressions.map((c: { rule: string; format: string; was: string; now: string }) => `${c.rule} ${c.format} ${c.was} ${c.now}`), ['CNT-CONTACTIDS-MAX xml pass error', 'RSP-GENERATED-AT json pass fail']);
    assert.deepEqual(d.fixes.map((c: { rule: string }) => c.rule), ['MBR-EMAIL-MAX']);
    assert.deepEqual(d.untested.map((c: { rule: string; was: string; now: string }) => `${c.rule} ${c.was} ${c.now}`), ['PCK-SAME-DAY pass untested']);
  });

  it('exits 0 when nothing regressed, listing the fixes', async () => {
    const r = await mainHere(['diff', old, fixed]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /: 0 regressed, 1 fixed, 0 no longer tested\n {2}fixed: MBR-EMAIL-MAX \[xml\] \(MUST\): fail → pass\nVerdict: not-conformant → conformant\n$/);
  });

  it('exits 1 when an endpoint answers slower past the threshold, naming it apart from the rules; off, or a looser threshold, exits 0', async () => {
    const fast = summaryFile('fast', 'conformant', {}, timings(14));
    const slow = summaryFile('slower', 'conformant', {}, timings(96));
    const r = await mainHere(['diff', fast, slow]);
    assert.equal(r.code, 1, r.stderr);
    assert.deepEqual(r.stdout.trim().split('\n').slice(1), [
      'Verdict: conformant → conformant',
      'Latency against the baseline (slower: p95 more than 2× and at least 50 ms slower): 2 of 3 endpoints slower',
      '  slower: change_pickup [json]: p95 14 ms → 96 ms (×6.9)',
      '  slower: change_pickup [xml]: p95 14 ms → 96 ms (×6.9)',
    ]);
    assert.match(r.stdout, /^[^\n]*: 0 regressed, 0 fixed, 0 no longer tested\n/);
    assert.deepEqual(JSON.parse((await mainHere(['diff', '--json', fast, slow])).stdout).latency.slower.map((s: { operation: string; format: string }) => `${s.operation} ${s.format}`), ['change_pickup json', 'change_pickup xml']);
    for (const threshold of ['off', 'p95:8x', '100ms']) assert.equal((await mainHere(['diff', '--latency-threshold', threshold, fast, slow])).code, 0, threshold);
    assert.equal((await mainHere(['diff', slow, fast])).code, 0, 'faster is no regression');
  });

  it('exits 2 on a latency threshold it cannot read, naming the forms it takes', async () => {
    const r = await mainHere(['diff', '--latency-threshold', 'twice', old, fixed]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^ocs-conformance: --latency-threshold: expected off, RATIOx, RATIOx,MSms or MSms .*got 'twice'\n/);
  });

  it('exits 2 with a one-line reason when a file is not a summary.json', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ rules: [{ id: 'X-1', level: 'MUST', json: 'passed', xml: 'pass' }] }));
    for (const [file, reason] of [[bad, `${bad}: key rules.0.json: must be one of pass, fail, skip, error, untested, recorded`], [join(dir, 'none.json'), `${join(dir, 'none.json')}: cannot read the summary (ENOENT)`]]) {
      const r = await mainHere(['diff', old, file!]);
      assert.equal(r.code, 2);
      assert.equal(r.stderr, `ocs-conformance: ${reason}\n`);
    }
  });
});
