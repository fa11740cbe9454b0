/**
 * Where a default run's time goes: a conformant `npm start` against the embedded reference with
 * OCS_PHASES_FILE set, which makes Playwright's runner and its workers write the boundaries they
 * see (src/runner/phases.ts). Start-up runs from the spawn to a worker's first request (npm,
 * bin/launch.js and the plan check up to the runner's config, the embedded reference starting
 * beside the check; then the reporters, the preflight and listing the tests up to a worker's
 * start; then the worker's own start), sending
 * and judging from there to the last worker's end, reporting from there to the run's exit. The
 * judging's share is of the workers' CPU, the garbage collector's (its pauses) of the workers'
 * wall time, from their start to their end. Each figure is a median over BENCH_WALL_ROUNDS runs;
 * compare the shares, not the seconds.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT } from '../../src/contract/load.ts';
import { median } from './stats.ts';
import { CONFORMANT, heading, seconds } from './runs.ts';
import { runStart } from './wall.ts';

interface Mark { phase: string; role: string; at: number; figures: Record<string, number> }

/** The lines of src/runner/phases.ts: `phase role epoch-ms key=value …`. */
function marks(file: string): Mark[] {
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => {
    const [phase, role, at, ...rest] = line.split(' ');
    return { phase: phase!, role: role!, at: Number(at), figures: Object.fromEntries(rest.map((kv) => kv.split('=')).map(([k, v]) => [k!, Number(v)])) };
  });
}

/** One run's phases in ms, and its CPU figures. */
export function breakdown(spawnedAt: number, wallMs: number, all: Mark[]): Record<string, number> {
  const workers = all.filter((m) => m.role.startsWith('worker'));
  const at = (phase: string, of: Mark[], pick: (xs: number[]) => number): number => {
    const xs = of.filter((m) => m.phase === phase).map((m) => m.at);
    if (!xs.length) throw new Error(`the run wrote no '${phase}' mark`);
    return pick(xs);
  };
  const runner = at('start', all.filter((m) => m.role === 'runner'), (xs) => Math.min(...xs));
  const worker = at('start', workers, (xs) => Math.min(...xs));
  const first = at('first-request', workers, (xs) => Math.min(...xs));
  const done = at('exit', workers, (xs) => Math.max(...xs));
  const exits = all.filter((m) => m.phase === 'exit');
  const sum = (key: string, of: Mark[]): number => of.reduce((n, m) => n + (m.figures[key] ?? 0), 0);
  // The runner's listing (its reporter's onBegin) and the CPU each process had spent by then and by its first request.
  const listed = all.find((m) => m.phase === 'listed' && m.role === 'runner');
  const firstOf = all.filter((m) => m.phase === 'first-request' && m.role.startsWith('worker')).sort((a, b) => a.at - b.at)[0];
  return {
    wall: wallMs, startUp: first - spawnedAt, toRunner: runner - spawnedAt, toWorker: worker - runner, workerStart: first - worker,
    sending: done - first, reporting: spawnedAt + wallMs - done,
    cpu: sum('cpu', exits), workerCpu: sum('cpu', exits.filter((m) => m.role !== 'runner')), judging: sum('judging', exits),
    workerGc: sum('gc', exits.filter((m) => m.role !== 'runner')), workerWall: sum('wall', exits.filter((m) => m.role !== 'runner')),
    ...(listed ? { toListed: listed.at - runner, runnerStartCpu: listed.figures.cpu ?? 0 } : {}),
    ...(firstOf?.figures.cpu !== undefined ? { workerStartCpu: firstOf.figures.cpu } : {}),
  };
}

const ratio = (part: number, whole: number): string => (part / whole).toFixed(2);

export async function phases(rounds: number): Promise<void> {
  heading('Where a default run\'s time goes (OCS_PHASES_FILE)', rounds);
  const runs: Record<string, number>[] = [];
  for (let round = 0; round < rounds; round++) {
    const file = join(resolve(ROOT, process.env.OCS_REPORTS_DIR ?? 'reports'), `.bench-phases-${process.pid}`);
    rmSync(file, { force: true });
    const spawnedAt = Date.now();
    const run = await runStart('conformant (embedded reference)', { OCS_PHASES_FILE: file }, CONFORMANT);
    runs.push(breakdown(spawnedAt, run.wallMs, marks(file)));
    rmSync(file, { force: true });
  }
  const m = (key: string): number => median(runs.map((r) => r[key]!));
  const s = (key: string): string => `${seconds(m(key))} s`;
  console.log(`  wall ${s('wall')}; the runner's and workers' CPU ${s('cpu')} (workers ${s('workerCpu')})`);
  console.log(`  start-up to a worker's first request ${s('startUp')}: npm, the launcher and the plan check ${s('toRunner')}, the reporters, the preflight and listing the tests ${s('toWorker')}, the worker's start ${s('workerStart')}`);
  if (runs.every((r) => r.toListed !== undefined && r.workerStartCpu !== undefined)) {
    console.log(`  of which the runner listed the tests ${s('toListed')} after its config; CPU by then: the runner's ${s('runnerStartCpu')}, the first worker's at its first request ${s('workerStartCpu')}`);
  }
  console.log(`  sending and judging ${s('sending')} (judging, in the workers' CPU: ${s('judging')}); reporting ${s('reporting')}`);
  console.log(`start-up / wall: ${ratio(m('startUp'), m('wall'))}   sending and judging / wall: ${ratio(m('sending'), m('wall'))}   reporting / wall: ${ratio(m('reporting'), m('wall'))}`);
  console.log(`judging / workers' CPU: ${ratio(m('judging'), m('workerCpu'))}   garbage collector's pauses / workers' wall: ${ratio(m('workerGc'), m('workerWall'))}`);
}
