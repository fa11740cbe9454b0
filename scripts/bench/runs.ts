/**
 * Whole-run wall times of `npm start`: what a developer waits for, start-up, reports and all.
 * Each ratio compares two runs made back to back, in alternating order over BENCH_WALL_ROUNDS
 * rounds (default 1), as a ratio of medians: the machine's speed drifts, a ratio of
 * neighbours drifts less.
 */
import { referenceEnv, REFERENCE_PROFILE } from '../reference-profile.ts';
import { withProxies, type Proxy } from './proxy.ts';
import { median } from './stats.ts';
import { runStart, TUNING, type WallRun } from './wall.ts';

const DELAY_MS = 50;
const FAULT = 'generated-at-iso';
/** A target that never answers again on a connection it kept open after an error (issue 29): its run must end in seconds. */
const STALL = 'stall-after-error-on-kept-connection';
const CONFORMANT = 0;
const NOT_CONFORMANT = 1;

const seconds = (ms: number): string => (ms / 1000).toFixed(1);
const megabytes = (bytes: number | undefined): string => (bytes === undefined ? 'n/a (no /proc)' : `${(bytes / 1e6).toFixed(0)} MB`);
const wall = (runs: WallRun[]): number => median(runs.map((r) => r.wallMs));

function describe(runs: WallRun[], extra = ''): string {
  const peaks = runs.map((r) => r.peakRssBytes).filter((b) => b !== undefined);
  const peak = peaks.length ? Math.max(...peaks) : undefined;
  const rounds = runs.length > 1 ? `   (rounds: ${runs.map((r) => seconds(r.wallMs)).join(', ')} s)` : '';
  return `  ${runs[0]!.label.padEnd(48)} wall ${seconds(wall(runs)).padStart(6)} s, peak RSS ${megabytes(peak)}${extra}${rounds}`;
}

/** The two runs of a ratio, back to back; every other round starts with the second, so neither always runs first. */
async function pairs<R extends WallRun>(rounds: number, a: () => Promise<R>, b: () => Promise<R>): Promise<[R[], R[]]> {
  const as: R[] = [];
  const bs: R[] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      as.push(await a());
      bs.push(await b());
    } else {
      bs.push(await b());
      as.push(await a());
    }
  }
  return [as, bs];
}

function heading(what: string, rounds: number): void {
  const tuning = TUNING.filter((k) => process.env[k]).map((k) => `${k}=${process.env[k]}`);
  console.log(`${what} (npm start${tuning.length ? `, ${tuning.join(' ')}` : ''}; median of ${rounds} round${rounds > 1 ? 's' : ''}, order alternating):`);
}

export async function failing(rounds: number): Promise<void> {
  heading('Whole runs against the embedded reference', rounds);
  const [conformant, failed] = await pairs(
    rounds,
    () => runStart('conformant (embedded reference)', {}, CONFORMANT),
    () => runStart(`failing (OCS_REFERENCE_FAULT=${FAULT})`, { OCS_REFERENCE_FAULT: FAULT }, NOT_CONFORMANT),
  );
  const stalled: WallRun[] = [];
  for (let round = 0; round < rounds; round++) stalled.push(await runStart(`stalling (OCS_REFERENCE_FAULT=${STALL})`, { OCS_REFERENCE_FAULT: STALL }, NOT_CONFORMANT));
  console.log(describe(conformant));
  console.log(describe(failed));
  console.log(describe(stalled));
  console.log('  peak RSS: the spawned run\'s process tree, which here includes the embedded reference (Playwright\'s webServer child)');
  console.log(`failing / conformant wall time: ${(wall(failed) / wall(conformant)).toFixed(2)}`);
  console.log(`stalling / conformant wall time: ${(wall(stalled) / wall(conformant)).toFixed(2)} (goal: at most 2)`);
}

/** A conformant run against `proxy`, with the requests it forwarded. */
async function proxied(label: string, proxy: Proxy, env: Record<string, string> = {}): Promise<WallRun & { requests: number }> {
  const before = proxy.forwarded();
  const run = await runStart(label, { ...referenceEnv(), OCS_BASE_URL: proxy.url, OCS_PROFILE: REFERENCE_PROFILE, ...env }, CONFORMANT);
  return { ...run, requests: proxy.forwarded() - before };
}

const NOT_COUNTED = '  peak RSS: the spawned run\'s process tree only; the reference and the proxy run in the bench process and are not counted';

export async function delayed(rounds: number): Promise<void> {
  heading(`Whole runs through a proxy to a reference in the bench process, each request held ${DELAY_MS} ms or not`, rounds);
  await withProxies([DELAY_MS, 0], async ([slow, direct]) => {
    const [held, passed] = await pairs(
      rounds,
      () => proxied(`delayed (${DELAY_MS} ms per request)`, slow!),
      () => proxied('direct (0 ms)', direct!),
    );
    const requests = (runs: { requests: number }[]): string => `, ${median(runs.map((r) => r.requests))} requests`;
    console.log(describe(held, requests(held)));
    console.log(describe(passed, requests(passed)));
    console.log(NOT_COUNTED);
    console.log(`delayed / direct wall time: ${(wall(held) / wall(passed)).toFixed(2)}`);
  });
}

export async function deep(runs: number): Promise<void> {
  console.log(`Deep run (npm start, OCS_RUNS=${runs}, through the proxy with no delay so requests are counted; one run):`);
  await withProxies([0], async ([direct]) => {
    const run = await proxied(`deep (OCS_RUNS=${runs})`, direct!, { OCS_RUNS: String(runs) });
    const perSecond = run.requests / (run.wallMs / 1000);
    console.log(`deep run (OCS_RUNS=${runs}): wall ${seconds(run.wallMs)} s, ${perSecond.toFixed(0)} requests/s, peak RSS ${megabytes(run.peakRssBytes)}`);
    console.log(`  ${run.requests} requests forwarded`);
    console.log(NOT_COUNTED);
  });
}
