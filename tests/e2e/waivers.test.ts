// Issue 18's waivers end to end: a profile waiving the two street look-up rules, against the
// reference with fault streets-form-only (its streets directory checks only a code's form),
// is CONFORMANT WITH WAIVERS with exit 0; the same waivers from --waivers FILE, with that run
// as the baseline, exit 0 with nothing regressed; without the fault the waivers are stale, and
// --strict-waivers exits 1. A malformed waiver is refused before anything is sent.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { parse, stringify } from 'yaml';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { validator } from '../../src/contract/ajv.ts';
import { REFERENCE_PROFILE } from '../../src/profile/target.ts';
import type { Summary } from '../../src/report/summary.ts';
import { BIN, cli, cliRun, type CliResult } from '../cli/helpers.ts';

const WAIVERS = [
  { rule: 'CAG-JADDR-STREET-KNOWN', reason: 'The sandbox directory checks only a CLADR code\'s form; production looks it up', expires: '2099-12-31' },
  { rule: 'PCK-ADDRESS-STREET-KNOWN', reason: 'The same directory serves the pickup address' },
];

describe('waivers, end to end', () => {
  const dir = tempDir('ocs-waivers-e2e-');
  const profile = join(dir, 'waived.yaml');
  const waiverFile = join(dir, 'waivers.yaml');
  const report = (name: string) => join(dir, name);
  const summary = (name: string) => JSON.parse(readFileSync(join(report(name), 'summary.json'), 'utf8')) as Summary;
  const runs: Record<'waived' | 'baseline' | 'stale', CliResult> = {} as never;
  // The embedded reference, its properties left out: the scenario cases judge every rule.
  const run = (args: string[], fault?: string) => cliRun(process.execPath, [BIN, 'run', '--runs', '0', ...args], { env: { OCS_BASE_URL: '', OCS_PROFILE: '', OCS_WAIVERS: '', OCS_REFERENCE_FAULT: fault ?? '' } });

  before(async () => {
    writeFileSync(profile, stringify({ ...(parse(readFileSync(REFERENCE_PROFILE, 'utf8')) as object), waivers: WAIVERS }));
    writeFileSync(waiverFile, stringify({ waivers: WAIVERS }));
    [runs.waived, runs.stale] = await Promise.all([
      run(['--profile', profile, '--report-dir', report('waived')], 'streets-form-only'),
      run(['--profile', profile, '--strict-waivers', '--report-dir', report('stale')]),
    ]);
    // The comparison here is of rules: two like runs beside other tests on two cores differ in latency.
    runs.baseline = await run(['--waivers', waiverFile, '--baseline', join(report('waived'), 'summary.json'), '--latency-threshold', 'off', '--report-dir', report('baseline')], 'streets-form-only');
  });

  it('gives CONFORMANT WITH WAIVERS and exit 0 against the fault, the waived failures kept', () => {
    const r = runs.waived;
    assert.equal(r.code, 0, r.stdout.slice(-3000) + r.stderr.slice(-2000));
    const s = summary('waived');
    assert.ok(validator('summary.schema.json')(s), JSON.stringify(validator('summary.schema.json').errors));
    assert.equal(s.verdict, 'conformant-with-waivers');
    for (const w of WAIVERS) {
      const row = s.rules.find((x) => x.id === w.rule)!;
      assert.deepEqual([row.json, row.xml, row.waived], ['fail', 'fail', ['json', 'xml']], w.rule);
      assert.ok((row.seenIn ?? []).length > 0, `${w.rule} keeps where it failed`);
    }
    assert.deepEqual(s.waivers!.list.map((w) => [w.rule, w.status]), WAIVERS.map((w) => [w.rule, 'needed']));
    assert.match(r.stdout, /^Conformance: CONFORMANT-WITH-WAIVERS \(MUST failures waived: CAG-JADDR-STREET-KNOWN, PCK-ADDRESS-STREET-KNOWN\)$/m);
    // Every failed check broke only the waived rules, and the last line says so.
    const [, failed, waived] = /^\d+ passed, (\d+) failed, \d+ errored, \d+ skipped; (\d+) of the failed checks broke only waived rules$/m.exec(r.stdout) ?? [];
    assert.ok(failed && Number(failed) > 0 && waived === failed, `the last line tells the waived failures apart: ${r.stdout.slice(-400)}`);
    const html = readFileSync(join(report('waived'), 'conformance.html'), 'utf8');
    assert.match(html, />CONFORMANT WITH WAIVERS<\/p>/);
    assert.ok(html.includes(WAIVERS[0]!.reason.replace(/'/g, '&#39;')));
    const junit = readFileSync(join(report('waived'), 'junit.xml'), 'utf8');
    assert.match(junit, /name="CAG-JADDR-STREET-KNOWN \[xml\][^"]*"[^>]*>\s*<skipped message="The sandbox directory checks only a CLADR code&apos;s form; production looks it up">Waived/);
    assert.doesNotMatch(junit, /<failure /);
  });

  it('records the waivers\' hash, the same for the same waivers written in a profile or in --waivers FILE', () => {
    const a = summary('waived').provenance!.waivers!;
    assert.equal(a.count, 2);
    assert.match(a.sha256, /^[0-9a-f]{64}$/);
    assert.deepEqual(summary('baseline').provenance!.waivers, a);
  });

  it('exits 0 for a waived run judged against itself as its baseline: nothing regressed', () => {
    const r = runs.baseline;
    assert.equal(r.code, 0, r.stdout.slice(-3000) + r.stderr.slice(-2000));
    const s = summary('baseline');
    assert.equal(s.verdict, 'conformant-with-waivers');
    assert.deepEqual([s.baseline!.regressions, s.baseline!.waived], [[], []]);
    assert.equal(s.baseline!.verdict, 'conformant-with-waivers');
  });

  it('shows the waivers as stale without the fault, and fails the run with --strict-waivers', () => {
    const r = runs.stale;
    assert.equal(r.code, 1, r.stdout.slice(-3000) + r.stderr.slice(-2000));
    const s = summary('stale');
    assert.equal(s.verdict, 'conformant');
    assert.deepEqual(s.waivers!.list.map((w) => [w.rule, w.status]), WAIVERS.map((w) => [w.rule, 'stale']));
    assert.match(r.stderr, /^ocs-conformance: 2 stale or expired waiver\(s\) with --strict-waivers: CAG-JADDR-STREET-KNOWN \(stale\), PCK-ADDRESS-STREET-KNOWN \(stale\)$/m);
    assert.match(r.stdout, /^ {2}FAIL CAG-JADDR-STREET-KNOWN \[json, xml\] stale: its rule passed, remove the waiver \(until 2099-12-31\)\./m);
  });

  it('refuses a malformed waiver before anything is sent, naming the file and key', () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, stringify({ waivers: [{ rule: 'CAG-JADDR-STREET-KNOWN', reason: 'x', expires: '2027-02-30' }] }));
    const r = cli(['run', '--waivers', bad, '--report-dir', report('bad')], { env: { OCS_BASE_URL: '', OCS_PROFILE: '', OCS_WAIVERS: '' } });
    assert.equal(r.code, 2);
    assert.equal(r.stderr.trim(), `ocs-conformance: ${bad}: key waivers.0.expires: '2027-02-30' is not a calendar day (YYYY-MM-DD)`);
    assert.ok(!existsSync(join(report('bad'), 'summary.json')));
  });
});
