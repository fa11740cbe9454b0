import { readFileSync } from 'node:fs';
import { FORMATS, type Level } from '../contract/load.ts';
import type { Changes, EndpointLatency, RuleChange, RuleRow, RuleVerdict, Summary } from './summary-shape.ts';

/** The part of a summary.json that two runs are compared on (older files have no more; those before latency was kept have none). */
export interface ComparableSummary {
  verdict?: Summary['verdict'];
  generatedAt?: string;
  rules: Pick<RuleRow, 'id' | 'level' | 'json' | 'xml' | 'waived'>[];
  latency?: EndpointLatency[];
  /** What selected the run's requests: a latency comparison needs the same on both sides. */
  partial?: boolean;
  provenance?: { grep?: string; runsPerProperty?: number };
}

export class SummaryFileError extends Error {}

const VERDICTS = new Set(['pass', 'fail', 'skip', 'error', 'untested', 'recorded']);

/** Checks that parsed JSON is a summary.json to compare: a `rules` array of rows with a verdict per format. */
export function asComparable(data: unknown, file: string): ComparableSummary {
  const rules = (data as { rules?: unknown } | null)?.rules;
  if (!Array.isArray(rules)) throw new SummaryFileError(`${file}: not a summary.json (no rules array)`);
  rules.forEach((r: Record<string, unknown>, i) => {
    for (const key of ['id', 'level'] as const) if (typeof r?.[key] !== 'string') throw new SummaryFileError(`${file}: key rules.${i}.${key}: must be a string`);
    for (const f of FORMATS) if (!VERDICTS.has(r[f] as string)) throw new SummaryFileError(`${file}: key rules.${i}.${f}: must be one of pass, fail, skip, error, untested, recorded`);
    if (r.waived !== undefined && !(Array.isArray(r.waived) && r.waived.every((f) => (FORMATS as unknown[]).includes(f)))) throw new SummaryFileError(`${file}: key rules.${i}.waived: must be a list of json and xml`);
  });
  checkLatency((data as { latency?: unknown }).latency, file);
  return data as ComparableSummary;
}

/** What a latency comparison reads of each endpoint: its name and its answers' count and times. */
function checkLatency(latency: unknown, file: string): void {
  if (latency === undefined) return;
  if (!Array.isArray(latency)) throw new SummaryFileError(`${file}: key latency: must be a list of endpoints`);
  latency.forEach((e: Record<string, unknown> | null, i) => {
    for (const k of ['operation', 'format'] as const) if (typeof e?.[k] !== 'string') throw new SummaryFileError(`${file}: key latency.${i}.${k}: must be a string`);
    const answers = e!.answers as { count?: unknown; whole?: Record<string, unknown> } | undefined;
    if (answers === undefined) return;
    const bad = typeof answers?.count !== 'number' ? 'count' : ['median', 'p95', 'p99', 'max'].find((q) => typeof answers.whole?.[q] !== 'number');
    if (bad) throw new SummaryFileError(`${file}: key latency.${i}.answers.${bad === 'count' ? bad : `whole.${bad}`}: must be a number`);
  });
}

/** Reads a summary.json to compare against; a problem names the file. */
export function readSummaryFile(file: string): ComparableSummary {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new SummaryFileError(`${file}: cannot read the summary (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new SummaryFileError(`${file}: not JSON (${(err as Error).message})`);
  }
  return asComparable(data, file);
}

const judged = (v: RuleVerdict): boolean => v !== 'untested';

/** A verdict that counts against a target at this level: an INFO rule's `fail` is only a record. */
const worse = (level: Level, v: RuleVerdict): boolean => v === 'error' || (v === 'fail' && level !== 'INFO');

/**
 * Per rule and format, what changed from `old` to `now`: regressions (was pass, now fail or
 * error), fixes (was fail or error, now pass; for INFO rules, only an error counts) and rules that became untested. A rule only
 * one of them knows is left out (a catalog change, not a change of the target). A failure a
 * waiver of `now` covers is no regression: it is listed apart, as waived.
 */
export function compareSummaries(old: ComparableSummary, now: ComparableSummary): Changes {
  const before = new Map(old.rules.map((r) => [r.id, r]));
  const changes: Changes = { regressions: [], fixes: [], untested: [], waived: [] };
  for (const r of now.rules) {
    const o = before.get(r.id);
    if (!o) continue;
    for (const format of FORMATS) {
      const change: RuleChange = { rule: r.id, level: r.level, format, was: o[format], now: r[format] };
      if (change.was === 'pass' && change.now === 'fail' && r.waived?.includes(format)) changes.waived.push(change);
      else if (change.was === 'pass' && worse(r.level, change.now)) changes.regressions.push(change);
      else if (worse(r.level, change.was) && change.now === 'pass') changes.fixes.push(change);
      else if (judged(change.was) && !judged(change.now)) changes.untested.push(change);
    }
  }
  return changes;
}
