import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './run.ts';

const dryRun = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/dry-run.ts', ...args], { cwd: ROOT, env: { ...process.env, OCS_BASE_URL: '', ...env }, encoding: 'utf8' });

describe('npm run dry-run', () => {
  it('lists every case with its rules and masked request, and sends nothing', () => {
    const run = dryRun([], { OCS_APPKEY: 'dry-secret-key', OCS_SESSION_ID: 'dry-secret-session' });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^CNT-CONTACTIDS-MAX \[json,xml\] four receiver contactIDs are rejected/m);
    assert.match(run.stdout, /"appkey":"\*\*\*"/);
    assert.ok(!run.stdout.includes('dry-secret'), 'a secret reached the listing');
    assert.match(run.stdout, /^[0-9]+ cases$/m);
  });

  it('shows why a case would be skipped when the profile lacks its fixture', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ocs-profile-'));
    const file = join(dir, 'no-anonymous.yaml');
    writeFileSync(file, readFileSync(join(ROOT, 'profiles/reference.yaml'), 'utf8').replace(/^ {4}anonymous: .*\n/m, ''));
    const run = dryRun([], { OCS_PROFILE: file });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /ERR-610003 .*\n.*\n {2}\(skip: the profile has no fixtures\.orders\.anonymous\)/);
  });

  it('--coverage names every catalog rule as covered', () => {
    const run = dryRun(['--coverage']);
    assert.equal(run.status, 0, run.stdout);
    assert.match(run.stdout, /^([0-9]+) of \1 rules have a scenario/m);
  });
});
