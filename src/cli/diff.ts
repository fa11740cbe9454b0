/**
 * `diff OLD NEW`: what changed between two runs' summary.json, per rule and format:
 * regressions (was pass, now fail or error) first, then fixes, then what became untested.
 */
import { compareSummaries, type ComparableSummary } from '../report/compare.ts';
import { changeCounts, changeLines } from '../report/console.ts';
import type { Changes } from '../report/summary.ts';

export interface DiffResult extends Changes { old: { file: string; generatedAt?: string; verdict?: string }; new: { file: string; generatedAt?: string; verdict?: string } }

export function diffSummaries(oldFile: string, old: ComparableSummary, newFile: string, now: ComparableSummary): DiffResult {
  const side = (file: string, s: ComparableSummary) => ({ file, ...(s.generatedAt ? { generatedAt: s.generatedAt } : {}), ...(s.verdict ? { verdict: s.verdict } : {}) });
  return { old: side(oldFile, old), new: side(newFile, now), ...compareSummaries(old, now) };
}

export function diffText(d: DiffResult): string {
  const when = (s: DiffResult['old']) => (s.generatedAt ? ` (${s.generatedAt})` : '');
  return [
    `${d.old.file}${when(d.old)} → ${d.new.file}${when(d.new)}: ${changeCounts(d)}`,
    ...changeLines(d),
    ...(d.old.verdict && d.new.verdict ? [`Verdict: ${d.old.verdict} → ${d.new.verdict}`] : []),
  ].join('\n');
}
