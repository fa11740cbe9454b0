// The faults' registry (reference/faults.ts) and the reference's CLI and server with a fault: what
// `npm run mutation` builds on, checked without a mutation run, so a fault added or renamed is
// judged in the quick tier. The mutation run itself is tests/mutation.test.ts.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { FAULTS } from '../../reference/faults.ts';
import { DELAYS } from '../../reference/faults/delays.ts';
import { startReference } from '../../reference/server.ts';
import { loadErrors, loadRules, ROOT } from '../../src/contract/load.ts';
import { sharedTransforms } from '../cli/helpers.ts';

function cli(args: string[], env: NodeJS.ProcessEnv = {}): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'reference/cli.ts', ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...sharedTransforms(), ...env }, timeout: 30_000 });
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
