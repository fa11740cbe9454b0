/**
 * `diff OLD NEW`: what changed between two runs' summary.json, per rule and format:
 * regressions (was pass, now fail or error) first, then fixes, then what became untested;
 * then, apart, the endpoints whose answers got slower past the latency threshold.
 */
import { compareSummaries, type ComparableSummary } from '../report/compare.ts';
import { changeCounts, changeLines } from '../report/console.ts';
import { compareLatency, DEFAULT_LATENCY_THRESHOLD, latencyFailure, latencyLines } from '../report/latency-baseline.ts';
import type { Changes, LatencyComparison, LatencyThreshold } from '../report/summary-shape.ts';

export interface DiffResult extends Changes {
  old: { file: string; generatedAt?: string; verdict?: string };
  new: { file: string; generatedAt?: string; verdict?: string };
  /** Absent when neither run kept latency figures (summaries written before they were kept). */
  latency?: LatencyComparison;
}

export function diffSummaries(oldFile: string, old: ComparableSummary, newFile: string, now: ComparableSummary, threshold: LatencyThreshold | 'off' = DEFAULT_LATENCY_THRESHOLD): DiffResult {
  const side = (file: string, s: ComparableSummary) => ({ file, ...(s.generatedAt ? { generatedAt: s.generatedAt } : {}), ...(s.verdict ? { verdict: s.verdict } : {}) });
  const timed = !!(old.latency?.length || now.latency?.length);
  return { old: side(oldFile, old), new: side(newFile, now), ...compareSummaries(old, now), ...(timed ? { latency: compareLatency(old, now, threshold) } : {}) };
}

export function diffText(d: DiffResult): string {
  const when = (s: DiffResult['old']) => (s.generatedAt ? ` (${s.generatedAt})` : '');
  return [
    `${d.old.file}${when(d.old)} → ${d.new.file}${when(d.new)}: ${changeCounts(d)}`,
    ...changeLines(d),
    ...(d.old.verdict && d.new.verdict ? [`Verdict: ${d.old.verdict} → ${d.new.verdict}`] : []),
    ...(d.latency ? latencyLines(d.latency) : []),
  ].join('\n');
}

/** A rule regressed, or an endpoint got slower past the threshold. */
export const regressed = (d: DiffResult): boolean => d.regressions.length > 0 || latencyFailure(d.latency) !== undefined;
