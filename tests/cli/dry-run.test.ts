import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { captureConsole, ROOT, sharedTransforms } from './helpers.ts';
import { profileTemplate } from '../../src/cli/init.ts';
import { dryRun as listing } from '../../src/cli/dry-run.ts';

interface DryRun { status: number | null; stdout: string; stderr: string }

/** `npm run dry-run ARGS` as npm runs it: its own process, from the package's root. */
const dryRun = (args: string[], env: NodeJS.ProcessEnv = {}): DryRun =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/dry-run.ts', ...args], { cwd: ROOT, env: { ...process.env, ...sharedTransforms(), OCS_BASE_URL: '', ...env }, encoding: 'utf8' });

/**
 * What that process does, in this one: the script's whole work is dryRun(its environment,
 * --coverage or not), its exit code what dryRun returns, its output what dryRun prints. The spawn
 * costs a process loading every module and transform again (about 2 s of CPU) for each case; two
 * tests keep it, for the script's own line that reads --coverage and sets the exit code.
 */
function dryRunHere(args: string[], env: NodeJS.ProcessEnv = {}): DryRun {
  const printing = captureConsole();
  try {
    const status = listing({ ...process.env, OCS_BASE_URL: '', ...env }, { coverage: args.includes('--coverage') });
    return { status, stdout: printing.stdout(), stderr: printing.stderr() };
  } finally {
    printing.restore();
  }
}

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
    const dir = tempDir('ocs-profile-');
    const file = join(dir, 'no-anonymous.yaml');
    writeFileSync(file, readFileSync(join(ROOT, 'profiles/reference.yaml'), 'utf8').replace(/^ {4}anonymous: .*\n/m, ''));
    const run = dryRunHere([], { OCS_PROFILE: file });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /ERR-610003 .*\n.*\n {2}\(skip: the profile has no fixtures\.orders\.anonymous\)/);
  });

  it('--coverage names every catalog rule as covered', () => {
    const run = dryRun(['--coverage']);
    assert.equal(run.status, 0, run.stdout);
    assert.match(run.stdout, /^([0-9]+) of \1 rules have a scenario/m);
  });

  it('--coverage lists, all at once, the cases the profile cannot build and the key each lacks', () => {
    const dir = tempDir('ocs-profile-');
    const file = join(dir, 'fewer.yaml');
    writeFileSync(file, readFileSync(join(ROOT, 'profiles/reference.yaml'), 'utf8').replace(/^ {4}anonymous: .*\n/m, '').replace(/^ {6}- 5003\n/m, ''));
    const run = dryRunHere(['--coverage'], { OCS_PROFILE: file });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^skip: ERR-610003 .*: the profile has no fixtures\.orders\.anonymous$/m);
    assert.match(run.stdout, /^skip: .*: the profile has no fixtures\.addressBook\.counteragentIDs\.2$/m);
    assert.match(run.stdout, /cases, [1-9][0-9]* skipped for a missing fixture$/m);
  });

  it('--coverage finds no case skipped for a missing fixture with the init template\'s fixtures, and needs no secrets', () => {
    const file = join(tempDir('ocs-profile-'), 'template.yaml');
    writeFileSync(file, profileTemplate());
    const run = dryRunHere(['--coverage'], { OCS_BASE_URL: 'https://sandbox.vendor.example', OCS_PROFILE: file, OCS_APPKEY: '', OCS_SESSION_ID: '' });
    assert.equal(run.status, 0, run.stderr + run.stdout);
    assert.match(run.stdout, /^OCS_APPKEY and OCS_SESSION_ID not set: placeholders stand in/m);
    assert.doesNotMatch(run.stdout, /^skip:/m);
    assert.match(run.stdout, /cases, 0 skipped for a missing fixture$/m);
  });

  it('lists a vendor\'s requests without its secrets, with marked placeholders that are never masked away', () => {
    const run = dryRunHere([], { OCS_BASE_URL: 'https://sandbox.vendor.example', OCS_PROFILE: join(ROOT, 'profiles/example-vendor.yaml'), OCS_APPKEY: '', OCS_SESSION_ID: '' });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /"appkey":"<placeholder: OCS_APPKEY not set>"/);
  });

  it('refuses a secret shorter than 8 characters with exit 2, naming the variable', () => {
    const run = dryRunHere([], { OCS_BASE_URL: 'https://sandbox.vendor.example', OCS_PROFILE: join(ROOT, 'profiles/example-vendor.yaml'), OCS_APPKEY: 'abc', OCS_SESSION_ID: 'dummy-session' });
    assert.equal(run.status, 2, run.stdout);
    assert.match(run.stderr, /OCS_APPKEY holds 3 characters; a secret needs at least 8/);
  });
});
