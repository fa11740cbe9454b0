/**
 * Whole-run wall times of `npm start`: what a developer waits for, start-up, reports and all.
 * Each ratio compares runs made back to back, in turning order over BENCH_WALL_ROUNDS rounds
 * (default 1), as a ratio of medians: the machine's speed drifts, a ratio of neighbours drifts
 * less. The runs through a proxy are in scripts/bench/proxied.ts.
 */
import { median } from './stats.ts';
import { runStart, TUNING, type WallRun } from './wall.ts';

const FAULT = 'generated-at-iso';
/** A target that never answers again on a connection it kept open after an error (issue 29): its run must end in seconds. */
const STALL = 'stall-after-error-on-kept-connection';
export const CONFORMANT = 0;
const NOT_CONFORMANT = 1;

export const seconds = (ms: number): string => (ms / 1000).toFixed(1);
export const megabytes = (bytes: number | undefined): string => (bytes === undefined ? 'n/a (no /proc)' : `${(bytes / 1e6).toFixed(0)} MB`);
export const wall = (runs: WallRun[]): number => median(runs.map((r) => r.wallMs));

export function describe(runs: WallRun[], extra = ''): string {
  const peaks = runs.map((r) => r.peakRssBytes).filter((b) => b !== undefined);
  const peak = peaks.length ? Math.max(...peaks) : undefined;
  const rounds = runs.length > 1 ? `   (rounds: ${runs.map((r) => seconds(r.wallMs)).join(', ')} s)` : '';
  return `  ${runs[0]!.label.padEnd(48)} wall ${seconds(wall(runs)).padStart(6)} s, peak RSS ${megabytes(peak)}${extra}${rounds}`;
}

/** Runs made back to back each round, each round starting one further on, so none always runs first. */
export async function inTurns<R extends WallRun>(rounds: number, makers: (() => Promise<R>)[]): Promise<R[][]> {
  const runs = makers.map((): R[] => []);
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < makers.length; i++) {
      const k = (i + round) % makers.length;
      runs[k]!.push(await makers[k]!());
    }
  }
  return runs;
}

export function heading(what: string, rounds: number): void {
  const tuning = TUNING.filter((k) => process.env[k]).map((k) => `${k}=${process.env[k]}`);
  console.log(`${what} (npm start${tuning.length ? `, ${tuning.join(' ')}` : ''}; median of ${rounds} round${rounds > 1 ? 's' : ''}, order turning):`);
}

export async function failing(rounds: number): Promise<void> {
  heading('Whole runs against the embedded reference', rounds);
  const [conformant, failed] = await inTurns(rounds, [
    () => runStart('conformant (embedded reference)', {}, CONFORMANT),
    () => runStart(`failing (OCS_REFERENCE_FAULT=${FAULT})`, { OCS_REFERENCE_FAULT: FAULT }, NOT_CONFORMANT),
  ]);
  const stalled: WallRun[] = [];
  for (let round = 0; round < rounds; round++) stalled.push(await runStart(`stalling (OCS_REFERENCE_FAULT=${STALL})`, { OCS_REFERENCE_FAULT: STALL }, NOT_CONFORMANT));
  console.log(describe(conformant));
  console.log(describe(failed));
  console.log(describe(stalled));
  console.log('  peak RSS: the spawned run\'s process tree, which here includes the embedded reference (Playwright\'s webServer child)');
  console.log(`failing / conformant wall time: ${(wall(failed) / wall(conformant)).toFixed(2)}`);
  console.log(`stalling / conformant wall time: ${(wall(stalled) / wall(conformant)).toFixed(2)} (goal: at most 2)`);
}
