// The mutation run (`npm run mutation`): the harness must find the faithful reference
// conformant and every fault of reference/faults.ts non-conformant, blaming the rule the
// fault breaks, with both finding sources (scenarios and properties). Also the faults'
// registry, the reference CLI's --fault and --list-faults, and the property source alone.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FAULTS } from '../reference/faults.ts';
import { DELAYS } from '../reference/faults/delays.ts';
import { startReference } from '../reference/server.ts';
import { loadErrors, loadRules, ROOT } from '../src/contract/load.ts';
import { writeMutationReports } from '../scripts/mutation/report.ts';
import { passes, runMutation, type MutationReport } from '../scripts/mutation/run.ts';
import { DEFAULT_PROPERTY_SETTINGS, findingSources, propertySettings, propertySource, type SourcedFinding } from '../scripts/mutation/sources.ts';
import { PROPERTIES } from '../generators/suite.ts';
import { undiciTransport } from '../src/client/undici.ts';
import { runContext } from '../src/runner/context.ts';
import { describeFinding } from '../src/checks/finding.ts';

function cli(args: string[], env: NodeJS.ProcessEnv = {}): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'reference/cli.ts', ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 30_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('the fault registry', () => {
  it('names each fault once, in kebab case, with a description', () => {
    const names = FAULTS.map((f) => f.name);
    assert.deepEqual(names.filter((n, i) => names.indexOf(n) !== i), [], 'duplicate names');
    for (const f of FAULTS) {
      assert.match(f.name, /^[a-z0-9]+(-[a-z0-9]+)*$/, f.name);
      assert.ok(f.description.length > 10, `${f.name} has a description`);
    }
  });

  it('intends each fault to break a MUST rule of the catalog (a SHOULD or INFO rule cannot be killed)', () => {
    const levels = new Map(loadRules().map((r) => [r.id, r.level]));
    const wrong = FAULTS.filter((f) => levels.get(f.rule) !== 'MUST').map((f) => `${f.name}: ${f.rule} is ${levels.get(f.rule) ?? 'not in the catalog'}`);
    assert.deepEqual(wrong, []);
  });

  it('answers the wrong number for every documented error', () => {
    const missing = loadErrors().filter((e) => !FAULTS.some((f) => f.rule === `ERR-${e.code}`)).map((e) => e.code);
    assert.deepEqual(missing, [], 'documented errors without a fault');
  });

  it('has a fault in every MUST rule family', () => {
    const families = new Set(loadRules().filter((r) => r.level === 'MUST').map((r) => r.id.split('-')[0]!));
    const missing = [...families].filter((family) => !FAULTS.some((f) => f.rule.startsWith(`${family}-`)));
    assert.deepEqual(missing, [], 'families without a fault');
  });
});

describe('the reference CLI and faults', () => {
  it('--fault with an unknown name exits 2 and says how to list the faults', () => {
    const run = cli(['--fault', 'unknown-name']);
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stderr, /unknown fault 'unknown-name'/);
    assert.match(run.stderr, /--list-faults/);
    assert.equal(run.stdout, '');
  });

  it('OCS_REFERENCE_FAULT with an unknown name exits 2 too', () => {
    const run = cli(['--port', '0'], { OCS_REFERENCE_FAULT: 'unknown-name' });
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stderr, /unknown fault 'unknown-name'/);
  });

  it('--list-faults lists every fault with its intended rule, then the delays, and exits 0', () => {
    const run = cli(['--list-faults']);
    assert.equal(run.status, 0, run.stderr);
    const lines = run.stdout.trimEnd().split('\n');
    assert.equal(lines.length, FAULTS.length + DELAYS.length);
    FAULTS.forEach((f, i) => assert.match(lines[i]!, new RegExp(`^${f.name} +${f.rule} +${f.description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)));
    DELAYS.forEach((d, i) => assert.match(lines[FAULTS.length + i]!, new RegExp(`^${d.name} +\\(delay\\) +${d.description}$`)));
  });

  it('startReference refuses an unknown fault', async () => {
    await assert.rejects(startReference({ fault: 'unknown-name' }), /unknown fault 'unknown-name'/);
  });

  it('a fault changes only what it names: json-on-xml-path answers JSON on the XML path, and JSON as before', async () => {
    const ref = await startReference({ fault: 'json-on-xml-path' });
    try {
      for (const format of ['json', 'xml']) {
        const res = await fetch(`${ref.url}/v3/orders/change_receiver.${format}`, { method: 'POST', body: format === 'json' ? '{}' : '<request/>' });
        assert.equal(res.status, 400);
        assert.match(res.headers.get('content-type') ?? '', /json/);
        assert.equal((JSON.parse(await res.text()) as { metadata: { status: number } }).metadata.status, 400);
      }
    } finally {
      await ref.close();
    }
  });
});

describe('the property source', { timeout: 120_000 }, () => {
  const ctx = runContext();
  const transport = undiciTransport(ctx.timeoutMs);
  after(() => transport.close());

  async function judged(fault: string | undefined): Promise<SourcedFinding[]> {
    // A faithful reference beside it judges the rewritten requests of the lax readers' properties, as in the mutation run.
    const [ref, oracle] = await Promise.all([startReference({ fault }), startReference()]);
    try {
      return await propertySource(DEFAULT_PROPERTY_SETTINGS)({ url: ref.url, transport, ctx, oracle: oracle.url });
    } finally {
      await Promise.all([ref.close(), oracle.close()]);
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
