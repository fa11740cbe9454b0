/**
 * Latency against a baseline run (`--baseline`, `diff`): an endpoint whose answers got slower
 * past a threshold is a regression of its own, listed apart from the rules' and never part of
 * the verdict (the spec states no time limit). The threshold compares one quantile of every
 * answer's time (accepted, rejected or another status: a transport failure is no answer) and
 * asks for both a ratio and a margin: a ratio alone calls 1 ms against 3 ms a regression, a
 * margin alone misses a fast endpoint that became ten times slower.
 */
import { readProfile } from '../profile/load.ts';
import type { ComparableSummary } from './compare.ts';
import type { EndpointLatency, LatencyChange, LatencyComparison, LatencyThreshold } from './summary-shape.ts';

/** A p95 more than doubled and at least 50 ms slower. */
export const DEFAULT_LATENCY_THRESHOLD: LatencyThreshold = { quantile: 'p95', ratio: 2, ms: 50 };

/** With fewer answers on either side an endpoint's p95 is its slowest few answers: not compared. */
export const MIN_ANSWERS = 20;

export class LatencyThresholdError extends Error {}

const NUMBER = '([0-9]+(?:\\.[0-9]+)?)';
const SPEC = new RegExp(`^(?:(median|p50|p95|p99):)?(?:${NUMBER}x(?:,${NUMBER}ms)?|${NUMBER}ms)$`);

/** `off`, or `[QUANTILE:]RATIOx[,MSms]` or `[QUANTILE:]MSms` (`p95:2x,50ms`, `3x`, `p99:100ms`); QUANTILE is median, p50, p95 (the default) or p99. */
export function parseLatencyThreshold(text: string): LatencyThreshold | 'off' {
  const t = text.trim();
  if (t === 'off') return 'off';
  const m = SPEC.exec(t);
  const ratio = Number(m?.[2] ?? 1);
  if (!m || ratio < 1) throw new LatencyThresholdError(`expected off, RATIOx, RATIOx,MSms or MSms after an optional median:, p95: or p99: (as p95:2x,50ms; RATIO at least 1), got '${text}'`);
  return { quantile: m[1] === 'p50' || m[1] === 'median' ? 'median' : (m[1] as 'p95' | 'p99' | undefined) ?? 'p95', ratio, ms: Number(m[3] ?? m[4] ?? 0) };
}

/** `p95 more than 2× and at least 50 ms slower` */
export function thresholdText(t: LatencyThreshold): string {
  const parts = [...(t.ratio > 1 ? [`more than ${t.ratio}×`] : []), ...(t.ms > 0 || t.ratio <= 1 ? [`at least ${t.ms} ms`] : [])];
  return `${t.quantile} ${parts.join(' and ')} slower`;
}

/**
 * The threshold of a run: OCS_LATENCY_THRESHOLD (--latency-threshold), else the profile's
 * `latency.threshold`, else the default. The command checked both before the run.
 */
export function runLatencyThreshold(env: NodeJS.ProcessEnv): LatencyThreshold | 'off' {
  if (env.OCS_LATENCY_THRESHOLD) {
    try {
      return parseLatencyThreshold(env.OCS_LATENCY_THRESHOLD);
    } catch (err) {
      throw new LatencyThresholdError(`OCS_LATENCY_THRESHOLD: ${(err as Error).message}`);
    }
  }
  const inProfile = env.OCS_PROFILE ? profileThreshold(env.OCS_PROFILE) : undefined;
  if (inProfile === undefined) return DEFAULT_LATENCY_THRESHOLD;
  try {
    return parseLatencyThreshold(inProfile);
  } catch (err) {
    throw new LatencyThresholdError(`${env.OCS_PROFILE}: latency.threshold: ${(err as Error).message}`);
  }
}

/** The profile's `latency.threshold` (contract/schemas/profile.schema.json checked its form); none when it cannot be read. */
function profileThreshold(file: string): string | undefined {
  try {
    return (readProfile(file) as { latency?: { threshold?: string } }).latency?.threshold;
  } catch {
    return undefined;
  }
}

const key = (e: Pick<EndpointLatency, 'operation' | 'format'>): string => `${e.operation}|${e.format}`;

/** What of a run its latency comparison reads: its figures, and what selected its requests. */
export type LatencySide = Pick<ComparableSummary, 'latency' | 'partial' | 'provenance'>;

/**
 * Why two runs' latencies cannot be compared: a run of part of the suite, or of another
 * selection (--grep, OCS_RUNS), sends another mix of requests (bursts, framings, pauses) whose
 * times differ by design; a baseline from before latency was kept has none.
 */
function unlike(old: LatencySide, now: LatencySide): string | undefined {
  if (!old.latency) return 'the baseline kept no latency';
  if (old.partial || now.partial) return 'a partial run (--grep, one shard, OCS_STEP) sends another mix of requests';
  if ((old.provenance?.runsPerProperty ?? 0) !== (now.provenance?.runsPerProperty ?? 0)) return 'the runs ran another number of property runs (OCS_RUNS)';
  return undefined;
}

/** Every endpoint both runs answered at least MIN_ANSWERS times, and those of them slower than the threshold allows. */
export function compareLatency(old: LatencySide, now: LatencySide, threshold: LatencyThreshold | 'off'): LatencyComparison {
  if (threshold === 'off') return { threshold, compared: 0, slower: [] };
  const reason = unlike(old, now);
  if (reason) return { threshold, compared: 0, slower: [], unlike: reason };
  const before = new Map((old.latency ?? []).map((e) => [key(e), e.answers]));
  let compared = 0;
  const slower: LatencyChange[] = [];
  for (const e of now.latency ?? []) {
    const was = before.get(key(e));
    if (!was || !e.answers || was.count < MIN_ANSWERS || e.answers.count < MIN_ANSWERS) continue;
    compared++;
    const a = was.whole[threshold.quantile];
    const b = e.answers.whole[threshold.quantile];
    if (b > a * threshold.ratio && b - a >= threshold.ms) slower.push({ operation: e.operation, format: e.format, was: a, now: b });
  }
  return { threshold, compared, slower };
}

const endpoint = (c: LatencyChange): string => `${c.operation} [${c.format}]`;

/** `change_pickup [json]: p95 3.1 ms → 64.2 ms (×20.7)` */
export const latencyChangeLine = (c: LatencyChange, t: LatencyThreshold): string =>
  `${endpoint(c)}: ${t.quantile} ${c.was} ms → ${c.now} ms${c.was > 0 ? ` (×${(c.now / c.was).toFixed(1)})` : ''}`;

/** The console's and diff's latency block: a headline, then a line per slower endpoint. */
export function latencyLines(c: LatencyComparison): string[] {
  if (c.threshold === 'off') return ['Latency against the baseline: not compared (latency threshold off)'];
  const t = c.threshold;
  if (c.compared === 0) return [`Latency against the baseline: not compared (${c.unlike ?? `no endpoint has ${MIN_ANSWERS} answers in both runs`})`];
  return [
    `Latency against the baseline (slower: ${thresholdText(t)}): ${c.slower.length} of ${c.compared} endpoints slower`,
    ...c.slower.map((s) => `  slower: ${latencyChangeLine(s, t)}`),
  ];
}

/** Each endpoint slower than the threshold allows, for the stderr line of a run that exits 1 for it; none when none is. */
export function latencyFailure(c: LatencyComparison | undefined): string | undefined {
  const t = c?.threshold;
  if (!c?.slower.length || t === undefined || t === 'off') return undefined;
  return c.slower.map((s) => latencyChangeLine(s, t)).join('; ');
}
