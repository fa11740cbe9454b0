// Nothing left behind: the suite's own commands (npm start, the mutation run, the bench) and a
// bench or test ended by an error or a signal leave no entry in the OS's temporary directory and
// no process running. Each runs with TMPDIR pointed at a fresh directory of this test's, so what
// appears there is theirs, and their processes carry that TMPDIR, so a survivor is found by it.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { spawnRun, type Spawned } from '../../scripts/bench/wall.ts';
import { ROOT } from '../harness/helpers.ts';

/**
 * What sends the compilers' caches out of the temporary directory (src/runner/caches.ts): each
 * command below must set it itself, as package.json's scripts and the runs they start do, so it
 * is taken out of the environment the test runner gave this process.
 */
const CACHE_VARIABLES = ['TSX_DISABLE_CACHE', 'PLAYWRIGHT_TRANSFORM_CACHE_DIR'];

/** The processes, of those this user may read, whose environment holds `TMPDIR=tmp`. */
function processesWith(tmp: string): string[] {
  const marker = `\0TMPDIR=${tmp}\0`;
  return readdirSync('/proc').filter((pid) => {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) return false;
    try {
      return `\0${readFileSync(`/proc/${pid}/environ`, 'latin1')}`.includes(marker);
    } catch {
      return false; // gone, or another user's
    }
  });
}

interface Clean { run: Spawned; left: string[]; running: string[] }

/** Runs a command with a temporary directory of its own, then says what it left there and which of its processes still run. */
async function inFreshTmp(command: string, args: string[], env: NodeJS.ProcessEnv = {}, limitMs = 120_000): Promise<Clean> {
  const root = tempDir('ocs-temp-clean-');
  const [tmp, reports] = [join(root, 'tmp'), join(root, 'reports')];
  mkdirSync(tmp);
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !CACHE_VARIABLES.includes(k)));
  const run = await spawnRun(command, args, { env: { ...inherited, CI: '1', ...env, TMPDIR: tmp, OCS_REPORTS_DIR: reports }, inheritEnv: false, limitMs });
  // A webServer stopped by Playwright may take a moment to be gone after the run's last output.
  let running = processesWith(tmp);
  for (let i = 0; i < 20 && running.length; i++) {
    await sleep(100);
    running = processesWith(tmp);
  }
  // Survivors are reported, not left behind by this test in turn.
  for (const pid of running) {
    try { process.kill(Number(pid), 'SIGKILL'); } catch { /* gone meanwhile */ }
  }
  return { run, left: readdirSync(tmp), running };
}

const output = (r: Spawned): string => r.stdout.slice(-1500) + r.stderr.slice(-1500);

/** A process that makes a temporary directory and starts a run as the bench does, then ends by `ending`. */
const ended = (ending: string): Promise<Clean> => inFreshTmp(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `
  import { tempDir } from ${JSON.stringify(join(ROOT, 'scripts/bench/leftovers.ts'))};
  import { spawnRun } from ${JSON.stringify(join(ROOT, 'scripts/bench/wall.ts'))};
  tempDir('ocs-left-');
  void spawnRun(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { limitMs: 60_000 });
  setTimeout(() => { ${ending} }, 300);`], { TSX_DISABLE_CACHE: '1' });

describe('the temporary directory and the processes after a command', { skip: process.platform !== 'linux' && 'reads /proc' }, () => {
  it('hold nothing new after a process with a run going throws', async () => {
    const r = await ended("throw new Error('a bench that broke');");
    assert.match(r.run.stderr, /a bench that broke/);
    assert.deepEqual({ left: r.left, running: r.running }, { left: [], running: [] });
  });

  it('hold nothing new after a process with a run going is sent SIGTERM', async () => {
    const r = await ended("process.kill(process.pid, 'SIGTERM');");
    assert.equal(r.run.code, null, 'it ends as the signal ends it');
    assert.deepEqual({ left: r.left, running: r.running }, { left: [], running: [] });
  });

  it('hold no process after a run killed at its limit, not even one in a process group of its own, as Playwright\'s webServer is', async () => {
    const detached = "require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' });";
    const r = await inFreshTmp(process.execPath, ['-e', `${detached} setInterval(() => {}, 1000);`], {}, 1_000);
    assert.equal(r.run.killed, true);
    assert.deepEqual(r.running, []);
  });

  it('hold nothing new after the ocs-conformance command, not even a compiler cache', async () => {
    const r = await inFreshTmp(process.execPath, [join(ROOT, 'bin/ocs-conformance.js'), 'run', '--runs', '0', '--grep', 'CNT-CONTACTIDS-MAX'], { OCS_BASE_URL: '', OCS_PROFILE: '' });
    assert.equal(r.run.code, 2, output(r.run));
    assert.deepEqual({ left: r.left, running: r.running }, { left: [], running: [] });
  });

  it('hold nothing new after npm start of one rule, not even a compiler cache', async () => {
    const r = await inFreshTmp('npm', ['start', '--silent', '--', '--grep', 'CNT-CONTACTIDS-MAX'], { OCS_BASE_URL: '', OCS_RUNS: '0' });
    assert.equal(r.run.code, 2, output(r.run));
    assert.deepEqual({ left: r.left, running: r.running }, { left: [], running: [] });
  });

  it('hold nothing new after the mutation run of one fault', async () => {
    const r = await inFreshTmp('npm', ['run', '--silent', 'mutation', '--', '--fault', 'contact-ids-max-not-enforced', '--threads', '1'], { OCS_MUTATION_RUNS: '0' });
    assert.match(r.run.stdout, /^killed +contact-ids-max-not-enforced /m, output(r.run));
    assert.deepEqual({ left: r.left, running: r.running }, { left: [], running: [] });
  });

  // The bench's cheapest section, its reference in a child process: its whole runs take a minute
  // and more, and keep a failing run's reports in the reports directory (scripts/bench/wall.ts).
  it('hold nothing new after the bench\'s throughput section', async () => {
    const r = await inFreshTmp('npm', ['run', '--silent', 'bench'], { BENCH_ONLY: 'throughput', BENCH_RUNS: '20', BENCH_ROUNDS: '1', BENCH_WARM_UP: '0' });
    assert.equal(r.run.code, 0, output(r.run));
    assert.deepEqual({ left: r.left, running: r.running }, { left: [], running: [] });
  });
});
