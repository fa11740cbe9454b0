// The packed package: `npm pack`, installed globally under a temporary prefix, gives an
// `ocs-conformance` command that answers --help and makes a run from any directory.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import type { Summary } from '../../src/report/summary.ts';
import { cliRun, ROOT } from '../cli/helpers.ts';

describe('npm pack, then npm install -g of the tarball', () => {
  const dir = tempDir('ocs-pack-');
  const prefix = join(dir, 'prefix');
  const bin = join(prefix, 'bin', 'ocs-conformance');
  const npm = (args: string[]) => cliRun('npm', [...args, '--no-audit', '--no-fund'], { env: { npm_config_loglevel: 'error' } });

  before(async () => {
    const pack = await npm(['pack', ROOT, '--pack-destination', dir]);
    assert.equal(pack.code, 0, pack.stderr);
    const tarball = join(dir, pack.stdout.trim().split('\n').at(-1)!);
    // The lock's packages are in npm's cache after `npm ci`: no download is needed.
    const install = await npm(['install', '--global', '--prefix', prefix, '--prefer-offline', tarball]);
    assert.equal(install.code, 0, install.stderr);
  });

  it('installs a command that prints its help and version', async () => {
    const help = await cliRun(bin, ['--help'], { cwd: dir });
    assert.equal(help.code, 0, help.stderr);
    assert.match(help.stdout, /^Usage: ocs-conformance <command> \[options\]/);
    const version = await cliRun(bin, ['--version'], { cwd: dir });
    assert.equal(version.stdout, `${(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version}\n`);
  });

  it('runs part of the suite from another directory, writing ./reports, and says the untested rules are expected', async () => {
    const cwd = join(dir, 'project');
    mkdirSync(cwd);
    const run = await cliRun(bin, ['run', '--runs', '0', '--grep', 'CNT-CONTACTIDS-MAX'], { cwd, env: { OCS_BASE_URL: '', OCS_PROFILE: '', OCS_REPORTS_DIR: '' } });
    assert.equal(run.code, 2, run.stdout.slice(-2000) + run.stderr.slice(-2000));
    const summary = JSON.parse(readFileSync(join(cwd, 'reports', 'summary.json'), 'utf8')) as Summary;
    assert.equal(summary.partial, true);
    const row = summary.rules.find((r) => r.id === 'CNT-CONTACTIDS-MAX')!;
    assert.deepEqual([row.json, row.xml], ['pass', 'pass']);
    assert.equal(summary.counts.fail + summary.counts.error, 0);
    const verdict = run.stdout.split('\n').find((l) => l.startsWith('Conformance: '));
    assert.equal(verdict, `Conformance: INCOMPLETE (${summary.untested.length} rules not run (expected for a partial run))`);
  });
});
