/**
 * Whole `npm start` runs through a proxy to a reference in the bench process, which counts what
 * it forwards: 50 ms and 200 ms of network round trip away against none (delayed, distant;
 * every byte both ways, the proxy's own refusals too, scripts/bench/proxy.ts), a deep property
 * run (deep), and a reference behind a rate limit against one without (limited).
 */
import { referenceEnv, REFERENCE_PROFILE } from '../reference-profile.ts';
import { withProxies, type Proxy } from './proxy.ts';
import { median } from './stats.ts';
import { CONFORMANT, describe, heading, inTurns, megabytes, seconds, wall } from './runs.ts';
import { runStart, type WallRun } from './wall.ts';

const DELAY_MS = 50;
/** A target 200 ms away (issue 33): its run takes at most twice the direct one's. */
const DISTANT_MS = 200;
/** The rate-limited reference's limit, the issue's: 429 with Retry-After: 1 past 50 requests a second. */
const LIMIT = 50;
/** The rate-limited run's bound: this many times its requests ÷ the limit, plus a conformant run's time. */
const LIMIT_SLACK = 1.5;

interface Proxied extends WallRun { requests: number; pushedBack: number }

/** A conformant run against `proxy`: the requests it got final answers to, and those it was pushed back on (429, 503). */
async function proxied(label: string, proxy: Proxy, env: Record<string, string> = {}): Promise<Proxied> {
  const [forwarded, pushedBack] = [proxy.forwarded(), proxy.pushedBack()];
  const run = await runStart(label, { ...referenceEnv(), OCS_BASE_URL: proxy.url, OCS_PROFILE: REFERENCE_PROFILE, ...env }, CONFORMANT);
  const back = proxy.pushedBack() - pushedBack;
  return { ...run, requests: proxy.forwarded() - forwarded - back, pushedBack: back };
}

const requests = (runs: Proxied[]): string => `, ${median(runs.map((r) => r.requests))} requests`;

const NOT_COUNTED = '  peak RSS: the spawned run\'s process tree only; the reference and the proxy run in the bench process and are not counted';

export async function delayed(rounds: number): Promise<void> {
  heading(`Whole runs through a proxy to a reference in the bench process, across a network of ${DELAY_MS} ms, ${DISTANT_MS} ms or no round trip`, rounds);
  await withProxies([DELAY_MS, DISTANT_MS, 0], async ([slow, distant, direct]) => {
    const [held, far, passed] = await inTurns(rounds, [
      () => proxied(`delayed (${DELAY_MS} ms round trip)`, slow!),
      () => proxied(`distant (${DISTANT_MS} ms round trip)`, distant!),
      () => proxied('direct (0 ms)', direct!),
    ]);
    for (const runs of [held, far, passed]) console.log(describe(runs, requests(runs)));
    console.log(NOT_COUNTED);
    console.log(`delayed / direct wall time: ${(wall(held) / wall(passed)).toFixed(2)}`);
    console.log(`distant (${DISTANT_MS} ms) / direct wall time: ${(wall(far) / wall(passed)).toFixed(2)} (goal: at most 2)`);
  }, { network: true });
}

/**
 * The reference behind a rate limit of LIMIT requests a second (OCS_REFERENCE_MODE's
 * rate-limit, in the bench process) against the reference without: the limited run must take at
 * most LIMIT_SLACK × its requests ÷ LIMIT, plus the conformant run's time.
 */
export async function limited(rounds: number): Promise<void> {
  heading(`Whole runs through a proxy, to a reference behind a rate limit of ${LIMIT} requests a second (429, Retry-After: 1) and to one without`, rounds);
  await withProxies([0], async ([direct]) => withProxies([0], async ([toLimited]) => {
    const [conformant, limitedRuns] = await inTurns(rounds, [
      () => proxied('conformant (no limit)', direct!),
      () => proxied(`rate-limited (${LIMIT} requests a second)`, toLimited!),
    ]);
    console.log(describe(conformant, requests(conformant)));
    console.log(describe(limitedRuns, `${requests(limitedRuns)}, ${median(limitedRuns.map((r) => r.pushedBack))} answered 429`));
    console.log(NOT_COUNTED);
    const n = median(limitedRuns.map((r) => r.requests));
    const bound = (LIMIT_SLACK * n * 1000) / LIMIT + wall(conformant);
    console.log(`rate-limited wall / its bound (${LIMIT_SLACK} × ${n} requests / ${LIMIT} a second + the conformant run's ${seconds(wall(conformant))} s = ${seconds(bound)} s): ${(wall(limitedRuns) / bound).toFixed(2)} (goal: at most 1)`);
  }, {}, [`rate-limit=${LIMIT}`]));
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
