// Issue 44's start-up cuts and the bench's phases: the cases `ocs-conformance run` reads to check
// the inputs are handed to the run as the runner would have read them, and the marks of
// src/runner/phases.ts make the breakdown scripts/bench/phases.ts prints.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { prepareRun } from '../../src/cli/run.ts';
import { loadAllCases } from '../../src/scenario/load.ts';
import { referenceDefaults } from '../../src/profile/target.ts';
import { breakdown } from '../../scripts/bench/phases.ts';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { DUMMY_ENV, ROOT } from './helpers.ts';

describe('the cases a run checks before it starts', () => {
  it('are kept where the run\'s processes read them, equal to what Playwright\'s runner would read, and named for the config to keep', () => {
    const reports = tempDir('ocs-cases-');
    const env = prepareRun({ ...DUMMY_ENV, PATH: process.env.PATH }, reports);
    assert.notEqual(env, 2, 'the reference\'s inputs pass');
    const file = join(reports, '.cases.json');
    assert.deepEqual({ cache: (env as NodeJS.ProcessEnv).OCS_CASES_CACHE, read: (env as NodeJS.ProcessEnv).OCS_CASES_READ }, { cache: file, read: file });
    // The runner reads the cases with the run's profile from its environment (src/scenario/each.ts runFixtures).
    const saved = { ...process.env };
    try {
      Object.assign(process.env, referenceDefaults({ ...DUMMY_ENV }));
      assert.equal(readFileSync(file, 'utf8'), JSON.stringify(loadAllCases()));
    } finally {
      for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
      Object.assign(process.env, saved);
    }
  });
});

describe('the phases of a run', () => {
  it('are marked by each process that loads them with OCS_PHASES_FILE set: its start, its first request, its exit with CPU, wall, collector and judging', () => {
    const file = join(tempDir('ocs-phases-'), 'phases');
    const script = `
      import { observePhases, sending, judging, judged } from ${JSON.stringify(join(ROOT, 'src/runner/phases.ts'))};
      observePhases(); observePhases();
      sending(); sending();
      const since = judging(); let x = 0; for (let i = 0; i < 2e6; i++) x += i; judged(since);`;
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: { ...process.env, OCS_PHASES_FILE: file, TEST_WORKER_INDEX: '3' } });
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => l.split(' '));
    assert.deepEqual(lines.map((l) => l.slice(0, 2)), [['start', 'worker3'], ['first-request', 'worker3'], ['exit', 'worker3']], 'each mark once');
    assert.match(lines[0]!.slice(3).join(' '), /^cpu=\d+$/, 'the CPU spent by the start');
    assert.match(lines[1]!.slice(3).join(' '), /^cpu=\d+$/, 'and by the first request');
    assert.match(lines[2]!.slice(3).join(' '), /^cpu=\d+ wall=\d+ gc=\d+ judging=\d+$/);
  });

  it('are neither read nor written without OCS_PHASES_FILE: the judging clock reads no CPU time', () => {
    const script = `
      import { observePhases, sending, judging, judged } from ${JSON.stringify(join(ROOT, 'src/runner/phases.ts'))};
      let reads = 0; const cpuUsage = process.cpuUsage; process.cpuUsage = (...a) => { reads++; return cpuUsage(...a); };
      observePhases(); sending();
      const since = judging(); judged(since);
      process.stdout.write(JSON.stringify({ since: since ?? null, reads }));`;
    const env: NodeJS.ProcessEnv = { ...process.env, TEST_WORKER_INDEX: '3' };
    delete env.OCS_PHASES_FILE;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env, encoding: 'utf8' });
    assert.deepEqual(JSON.parse(out), { since: null, reads: 0 });
  });

  it('break a run down into start-up, sending and judging, and reporting, with the workers\' CPU', () => {
    const at = (phase: string, role: string, t: number, figures: Record<string, number> = {}) => ({ phase, role, at: t, figures });
    const b = breakdown(1000, 20_000, [
      at('start', 'runner', 3000), at('start', 'worker0', 7000), at('first-request', 'runner', 6000), at('first-request', 'worker0', 9000),
      at('exit', 'worker0', 19_000, { cpu: 9000, wall: 12_000, gc: 1500, judging: 1800 }), at('exit', 'runner', 20_500, { cpu: 3000, wall: 17_500, gc: 400, judging: 0 }),
    ]);
    assert.deepEqual(b, {
      wall: 20_000, startUp: 8000, toRunner: 2000, toWorker: 4000, workerStart: 2000, sending: 10_000, reporting: 2000,
      cpu: 12_000, workerCpu: 9000, judging: 1800, workerGc: 1500, workerWall: 12_000,
    });
    // With the runner's listing marked and the CPU on the marks: where the runner's own start-up ends, and what each process's cost.
    const c = breakdown(1000, 20_000, [
      at('start', 'runner', 3000, { cpu: 900 }), at('listed', 'runner', 5500, { cpu: 1700 }), at('start', 'worker0', 7000, { cpu: 500 }), at('first-request', 'runner', 4000, { cpu: 1200 }),
      at('first-request', 'worker0', 9000, { cpu: 800 }), at('exit', 'worker0', 19_000, { cpu: 9000, wall: 12_000, gc: 1500, judging: 1800 }),
      at('exit', 'runner', 20_500, { cpu: 3000, wall: 17_500, gc: 400, judging: 0 }),
    ]);
    assert.deepEqual({ toListed: c.toListed, runnerStartCpu: c.runnerStartCpu, workerStartCpu: c.workerStartCpu }, { toListed: 2500, runnerStartCpu: 1700, workerStartCpu: 800 });
  });
});
