// The mutation run (`npm run mutation`): the harness must find the faithful reference
// conformant and every fault of reference/faults.ts non-conformant, blaming the rule the
// fault breaks, with both finding sources (scenarios and properties). Also the property source
// alone. The faults' registry and the reference CLI's --fault and --list-faults are checked in the
// quick tier (tests/reference/faults.test.ts).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FAULTS } from '../reference/faults.ts';
import { startReference } from '../reference/server.ts';
import { writeMutationReports } from '../scripts/mutation/report.ts';
import { passes, runMutation, type MutationReport } from '../scripts/mutation/run.ts';
import { DEFAULT_PROPERTY_SETTINGS, findingSources, propertySettings, propertySource, type SourcedFinding } from '../scripts/mutation/sources.ts';
import { PROPERTIES } from '../generators/suite.ts';
import { undiciTransport } from '../src/client/undici.ts';
import { runContext } from '../src/runner/context.ts';
import { describeFinding } from '../src/checks/finding.ts';

describe('the property source', { timeout: 120_000 }, () => {
  const ctx = runContext();
  const transport = undiciTransport(ctx.timeoutMs);
  after(() => transport.close());

  async function judged(fault: string | undefined): Promise<SourcedFinding[]> {
    // A faithful reference beside it judges the rewritten requests of the lax readers' properties, as in the mutation run.
    // Started together; one that started is closed even when the other could not start.
    const started = await Promise.allSettled([startReference({ fault }), startReference()]);
    try {
      const [ref, oracle] = started.map((s) => { if (s.status === 'rejected') throw s.reason; return s.value; });
      return await propertySource(DEFAULT_PROPERTY_SETTINGS)({ url: ref!.url, transport, ctx, oracle: oracle!.url });
    } finally {
      await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.close() : undefined)));
    }
  }

  it('runs every property against the faithful reference, each finding named after its property, and none fails', async () => {
    const findings = await judged(undefined);
    const origins = new Set(findings.map((f) => f.origin));
    const missing = PROPERTIES.filter((p) => !origins.has(`property: ${p.title}`)).map((p) => p.title);
    assert.deepEqual(missing, [], 'properties without a finding');
    const failed = findings.filter((f) => f.verdict === 'fail' || f.verdict === 'error');
    assert.deepEqual(failed.map((f) => `${f.origin} [${f.format}]\n${describeFinding(f)}`), []);
  });

  it('blames the rule a fault breaks with the shrunk counterexample of its property', async () => {
    const findings = await judged('contact-ids-max-not-enforced');
    const blamed = findings.filter((f) => f.verdict === 'fail' && f.level === 'MUST');
    assert.deepEqual([...new Set(blamed.map((f) => f.rule))], ['CNT-CONTACTIDS-MAX']);
    const own = blamed.filter((f) => f.origin.startsWith('property: CNT-CONTACTIDS-MAX ['));
    assert.deepEqual([...new Set(own.map((f) => f.format))].sort(), ['json', 'xml'], 'its own property blames it in each format');
    // A sequence or burst that drew such a request records its failure too, judged alone: not the company's.
    const others = blamed.filter((f) => !own.includes(f)).map((f) => f.origin);
    assert.ok(others.every((o) => /^property: (SEQ|OVL)-INDEPENDENT \[/.test(o)), others.join('\n'));
  });

  it('reads its runs from OCS_MUTATION_RUNS, else OCS_RUNS, and its seed from OCS_SEED, fixed by default', () => {
    assert.deepEqual(propertySettings({}), DEFAULT_PROPERTY_SETTINGS);
    assert.deepEqual(propertySettings({ OCS_MUTATION_RUNS: '3', OCS_SEED: '7' }), { runs: 3, seed: 7 });
    assert.deepEqual(propertySettings({ OCS_RUNS: '0' }), { ...DEFAULT_PROPERTY_SETTINGS, runs: 0 });
    assert.deepEqual(propertySettings({ OCS_RUNS: '1000', OCS_MUTATION_RUNS: '4' }), { ...DEFAULT_PROPERTY_SETTINGS, runs: 4 }, 'the mutation run\'s own variable wins');
    assert.deepEqual(propertySettings({ OCS_RUNS: 'many', OCS_MUTATION_RUNS: '4' }).runs, 4, 'OCS_RUNS is not read when OCS_MUTATION_RUNS is set');
    assert.throws(() => propertySettings({ OCS_RUNS: '-1' }), /OCS_RUNS must be a whole number/);
    assert.throws(() => propertySettings({ OCS_MUTATION_RUNS: 'ten' }), /OCS_MUTATION_RUNS must be a whole number/);
    assert.throws(() => propertySettings({ OCS_SEED: '1.5' }), /OCS_SEED must be an integer/);
    assert.equal(findingSources({ runs: 0, seed: 1 }).length, 2, 'OCS_MUTATION_RUNS=0 leaves the scenarios and the lax readers\' sweep, which no draw decides');
    assert.equal(findingSources(DEFAULT_PROPERTY_SETTINGS).length, 3);
  });
});

describe('the mutation run', { timeout: 600_000 }, () => {
  let report: MutationReport;
  let written: { json: string; html: string };
  const dir = mkdtempSync(join(tmpdir(), 'ocs-mutation-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  before(async () => {
    report = await runMutation({ properties: DEFAULT_PROPERTY_SETTINGS });
    written = writeMutationReports(report, dir);
  });

  it('finds the faithful reference conformant (no false positive)', () => {
    const b = report.baseline;
    assert.ok(b.conformant, `the faithful reference is blamed for ${b.blamed.join(', ') || 'nothing'}; errors on ${b.errors.join(', ') || 'nothing'}:\n${b.evidence.map((e) => `${e.origin} [${e.format}]\n${e.finding}`).join('\n')}`);
  });

  it('kills every fault with its intended rule blamed', () => {
    const offenders = report.faults.filter((f) => !passes(f))
      .map((f) => `${f.name} (intended ${f.rule}): ${f.killed ? 'killed' : 'survived'}, blamed [${f.blamed.join(', ')}]${f.errors.length ? `, errors [${f.errors.join(', ')}]` : ''}`);
    assert.deepEqual(offenders, []);
    assert.equal(report.score, 1);
    assert.equal(report.faults.length, FAULTS.length);
  });

  it('judges with the properties too: some rule is blamed by a property alone', () => {
    assert.deepEqual(report.properties, DEFAULT_PROPERTY_SETTINGS);
    const byProperty = report.faults.flatMap((f) => f.evidence).filter((e) => e.origin.startsWith('property: '));
    assert.ok(byProperty.length > 0, 'no evidence comes from a property');
  });

  it('writes mutation.json in the documented shape', () => {
    const json = JSON.parse(readFileSync(written.json, 'utf8')) as Record<string, unknown>;
    assert.equal(typeof json.score, 'number');
    const baseline = json.baseline as Record<string, unknown>;
    assert.equal(typeof baseline.conformant, 'boolean');
    assert.ok(Array.isArray(baseline.blamed));
    assert.ok(Array.isArray(json.faults) && json.faults.length === FAULTS.length);
    for (const f of json.faults as Record<string, unknown>[]) {
      assert.equal(typeof f.name, 'string');
      assert.equal(typeof f.rule, 'string');
      assert.equal(typeof f.killed, 'boolean');
      assert.ok(Array.isArray(f.blamed) && f.blamed.every((id) => typeof id === 'string'), `${String(f.name)}.blamed`);
      assert.equal(typeof f.intendedBlamed, 'boolean');
      assert.equal(f.intendedBlamed, (f.blamed as string[]).includes(f.rule as string));
    }
    assert.equal(typeof json.wallMs, 'number');
  });

  it('writes mutation.html with the score, the baseline and a row per fault', () => {
    const html = readFileSync(written.html, 'utf8');
    assert.match(html, /Score 100\.0%/);
    assert.match(html, /Baseline \(the faithful reference\): <b[^>]*>conformant/);
    for (const f of FAULTS) assert.ok(html.includes(`<code>${f.name}</code>`), f.name);
  });
});
