// ocs-conformance run end to end: a started reference judged conformant (exit 0), the embedded
// reference with a fault judged against that run as its baseline (exit 1), diff of the two
// (exit 1, naming the fault's rule), the summary.json schema on both, and `playwright test
// --list`, which gives no verdict.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { startReference } from '../../reference/server.ts';
import { referenceEnv } from '../../src/profile/reference.ts';
import { validator } from '../../src/contract/ajv.ts';
import type { Summary } from '../../src/report/summary.ts';
import { BIN, cli, cliRun, ROOT, type CliResult } from '../cli/helpers.ts';

const sha256 = (file: string) => createHash('sha256').update(readFileSync(join(ROOT, file))).digest('hex');
const readSummary = (dir: string) => JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary;
const version = (file: string) => (JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as { version: string }).version;

function assertSchemaValid(summary: Summary): void {
  const validate = validator('summary.schema.json');
  assert.ok(validate(summary), JSON.stringify(validate.errors, null, 2));
}

describe('ocs-conformance run', () => {
  const dir = tempDir('ocs-cli-run-');
  const conformantDir = join(dir, 'conformant');
  const faultyDir = join(dir, 'faulty');
  let reference: Awaited<ReturnType<typeof startReference>>;
  let conformant: CliResult;
  let faulty: CliResult;

  before(async () => {
    reference = await startReference({ port: 0 });
    // Flags name the target; the credentials stay in the environment, as the profile says.
    conformant = await cliRun(process.execPath, [BIN, 'run', '--base-url', reference.url, '--profile', 'profiles/reference.yaml', '--runs', '0', '--seed', '7', '--report-dir', conformantDir], {
      env: { ...referenceEnv(), OCS_BASE_URL: '', OCS_PROFILE: '' },
    });
    // No --base-url: the embedded reference, here with a fault every response shows.
    faulty = await cliRun(process.execPath, [BIN, 'run', '--runs', '0', '--workers', '1', '--baseline', join(conformantDir, 'summary.json'), '--latency-threshold', 'p99:3x,100ms', '--report-dir', faultyDir], {
      env: { OCS_BASE_URL: '', OCS_PROFILE: '', OCS_REFERENCE_FAULT: 'generated-at-iso' },
    });
  });
  after(() => reference.close());

  it('exits 0 against a started conformant reference, named by --base-url and --profile', () => {
    assert.equal(conformant.code, 0, conformant.stdout.slice(-2000) + conformant.stderr.slice(-2000));
    const summary = readSummary(conformantDir);
    assert.equal(summary.verdict, 'conformant');
    assert.equal(summary.target.baseUrl, reference.url);
    assert.match(conformant.stdout.trim().split('\n').at(-1)!, /^[0-9]+ passed, 0 failed, 0 errored, [0-9]+ skipped$/);
  });

  it('records what the certificate was measured with, in summary.json and the HTML', () => {
    const { provenance: p } = readSummary(conformantDir);
    assert.ok(p);
    assert.deepEqual(p.harness, { name: 'ocs-conformance', version: version('package.json') });
    assert.equal(p.catalog.sha256, sha256('contract/rules.yaml'));
    assert.deepEqual(p.profile, { name: 'Embedded reference service', file: 'profiles/reference.yaml', sha256: sha256('profiles/reference.yaml') });
    assert.deepEqual(p.target, { baseUrl: reference.url, embeddedReference: false });
    assert.equal(p.seed, 7);
    assert.equal(p.runsPerProperty, 0);
    assert.equal(p.shard, null);
    assert.equal(p.node, process.version);
    assert.equal(p.playwright, version('node_modules/@playwright/test/package.json'));
    assert.ok(Date.parse(p.startedAt) <= Date.parse(readSummary(conformantDir).generatedAt));
    const html = readFileSync(join(conformantDir, 'conformance.html'), 'utf8');
    const table = html.slice(html.indexOf('<h2 id="provenance">Measured with</h2>'));
    for (const text of [p.catalog.sha256, p.profile!.sha256, `<th>Seed</th><td>7</td>`, `<th>Runs per property</th><td>0</td>`, `<th>Node</th><td>${process.version}</td>`]) assert.ok(table.includes(text), text);
    assert.ok(!JSON.stringify(readSummary(conformantDir)).includes(referenceEnv().OCS_APPKEY!), 'the appkey reached summary.json');
  });

  it('exits 1 with a reference fault, leading with the probable cause, then the failing rules and the regressions since the baseline', () => {
    assert.equal(faulty.code, 1, faulty.stdout.slice(-2000) + faulty.stderr.slice(-2000));
    const summary = readSummary(faultyDir);
    assert.equal(summary.verdict, 'not-conformant');
    const causes = summary.probableCauses.filter((c) => c.rule === 'RSP-GENERATED-AT');
    // Formats come in the order of their failed checks, most first: which leads depends on the suite's counts.
    assert.deepEqual(causes.map((c) => c.format).sort(), ['json', 'xml']);
    for (const c of causes) assert.ok(c.judged > 10 && c.failed === c.judged, JSON.stringify(c));
    const out = faulty.stdout;
    const explains = causes.reduce((n, c) => n + (c.explains ?? 0), 0);
    assert.equal(explains, causes.reduce((n, c) => n + c.failed, 0), 'every check it fails, it fails alone');
    const cause = `Probable cause: RSP-GENERATED-AT (MUST) fails on ${causes.map((c) => `${c.failed} of ${c.judged} checks in ${c.format.toUpperCase()}`).join(' and ')}, the only rule failing in ${explains} of them`;
    const changed = out.indexOf('Changed since baseline');
    assert.ok(out.includes(cause), out.slice(-3000));
    assert.ok(out.indexOf(cause) < changed && changed < out.indexOf('Conformance: NOT-CONFORMANT'));
    assert.match(out.slice(changed), /^ {2}regressed: RSP-GENERATED-AT \[json\] \(MUST\): pass → fail$/m);
    assert.match(faulty.stderr, /^ocs-conformance: [0-9]+ regression\(s\) since the baseline /m);
    const html = readFileSync(join(faultyDir, 'conformance.html'), 'utf8');
    const at = (text: string) => { const i = html.indexOf(text); assert.ok(i >= 0, text); return i; };
    // As the console and the README have it: the probable cause, what to fix first, then what changed.
    assert.ok(at(`${cause}.`) < at('<h2>Failing rules</h2>') && at('<h2>Failing rules</h2>') < at('Changed since baseline'));
    assert.ok(at('Changed since baseline') < at('Regressions ('));
  });

  it('puts the changes since the baseline in summary.json, and records the fault and the workers', () => {
    const { baseline, provenance: p } = readSummary(faultyDir);
    assert.ok(baseline);
    assert.equal(baseline.file, join(conformantDir, 'summary.json'));
    assert.equal(baseline.verdict, 'conformant');
    const regressed = baseline.regressions.map((c) => `${c.rule} [${c.format}]`);
    assert.ok(regressed.includes('RSP-GENERATED-AT [json]') && regressed.includes('RSP-GENERATED-AT [xml]'), regressed.join(', '));
    assert.deepEqual(baseline.fixes, []);
    assert.deepEqual(p!.target, { baseUrl: p!.target.baseUrl, embeddedReference: true, referenceFault: 'generated-at-iso' });
    assert.equal(p!.seed, 'random per property');
    assert.equal(p!.workers, 1);
  });

  it('keeps each endpoint\'s latency in summary.json, and compares it with the baseline by --latency-threshold', () => {
    for (const d of [conformantDir, faultyDir]) {
      const latency = readSummary(d).latency ?? [];
      assert.deepEqual(latency.map((e) => `${e.operation} ${e.format}`).sort(), ['change_pickup json', 'change_pickup xml', 'change_receiver json', 'change_receiver xml']);
      for (const e of latency) {
        const { count, whole } = e.answers!;
        assert.ok(count >= 20 && whole.median <= whole.p95 && whole.p95 <= whole.p99 && whole.p99 <= whole.max, JSON.stringify(e.answers));
      }
      assert.match(readFileSync(join(d, 'conformance.html'), 'utf8'), /<table id="latency-table"/);
    }
    const { latency } = readSummary(faultyDir).baseline!;
    assert.deepEqual([latency!.threshold, latency!.compared], [{ quantile: 'p99', ratio: 3, ms: 100 }, 4]);
  });

  it('exits 2 on a --latency-threshold it cannot read, before running anything', async () => {
    const r = await cliRun(process.execPath, [BIN, 'run', '--latency-threshold', 'fast', '--report-dir', join(dir, 'none')], { env: { OCS_BASE_URL: '', OCS_PROFILE: '' } });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^ocs-conformance: --latency-threshold: expected off, /);
    assert.ok(!existsSync(join(dir, 'none', 'summary.json')));
  });

  it('writes summary.json files that contract/schemas/summary.schema.json validates', () => {
    assertSchemaValid(readSummary(conformantDir));
    assertSchemaValid(readSummary(faultyDir));
  });

  it('diff of the two runs exits 1 and names the fault\'s rule; the other way round exits 0', () => {
    const forward = cli(['diff', join(conformantDir, 'summary.json'), join(faultyDir, 'summary.json')]);
    assert.equal(forward.code, 1, forward.stderr);
    assert.match(forward.stdout, /^ {2}regressed: RSP-GENERATED-AT \[json\] \(MUST\): pass → fail$/m);
    assert.match(forward.stdout, /^ {2}regressed: RSP-GENERATED-AT \[xml\] \(MUST\): pass → fail$/m);
    assert.match(forward.stdout, /^Verdict: conformant → not-conformant$/m);
    // Latency apart: one run sent from one worker, the other from several, on a machine shared with other tests.
    const back = cli(['diff', '--latency-threshold', 'off', join(faultyDir, 'summary.json'), join(conformantDir, 'summary.json')]);
    assert.equal(back.code, 0, back.stderr);
    assert.match(back.stdout, /: 0 regressed, [0-9]+ fixed/);
    assert.match(back.stdout, /^ {2}fixed: RSP-GENERATED-AT \[json\] \(MUST\): fail → pass$/m);
  });
});

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
