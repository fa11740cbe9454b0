import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { conformanceHtml } from './html.ts';
import { loadRules, type Format, type Level } from '../contract/load.ts';
import { worst, type Verdict } from '../checks/finding.ts';

export type RuleVerdict = Verdict | 'untested';

export interface RuleRow {
  id: string; level: Level; title: string; json: RuleVerdict; xml: RuleVerdict;
  /** The spec section the rule quotes, for tracing a verdict back to the document. */
  section: string;
  /** Where a failed or errored rule broke: up to three test titles. */
  seenIn?: string[];
}

export interface Summary {
  verdict: 'conformant' | 'not-conformant';
  target: { name: string; baseUrl?: string; profile?: string };
  generatedAt: string;
  counts: { pass: number; fail: number; skip: number; error: number };
  warnings: number;
  /** MUST and SHOULD rules that no test exercised in some format: a partial run certifies nothing. */
  untested: string[];
  /** Endpoints that refused the profile's valid request, one line each: what to fix first. */
  refused: string[];
  rules: RuleRow[];
}

/** What one finished test contributes: its own verdict and a verdict per (rule, format). */
export interface TestOutcome { title?: string; verdict: Verdict; warning: boolean; findings: { rule: string; format: Format; verdict: Verdict }[] }

const SEEN_IN = 3;

/**
 * Folds test outcomes into the rule × format matrix. The certificate is conformant when
 * no MUST rule fails in either format, nothing errors (DESIGN principle 2), and the run was
 * whole: every MUST and SHOULD rule was exercised in both formats.
 */
export function summarize(outcomes: TestOutcome[], target: Summary['target'], refused: string[] = []): Summary {
  const verdicts = new Map<string, Verdict[]>();
  const seenIn = new Map<string, Set<string>>();
  for (const o of outcomes) {
    for (const f of o.findings) {
      const key = `${f.rule}|${f.format}`;
      verdicts.set(key, [...(verdicts.get(key) ?? []), f.verdict]);
      if ((f.verdict === 'fail' || f.verdict === 'error') && o.title) {
        const seen = seenIn.get(f.rule) ?? new Set();
        if (seen.size < SEEN_IN) seen.add(o.title);
        seenIn.set(f.rule, seen);
      }
    }
  }
  const cell = (id: string, format: Format): RuleVerdict => worst(verdicts.get(`${id}|${format}`) ?? []) ?? 'untested';
  const rules = loadRules().map((r): RuleRow => ({
    id: r.id, level: r.level, title: r.title, json: cell(r.id, 'json'), xml: cell(r.id, 'xml'), section: r.spec.section,
    ...(seenIn.has(r.id) ? { seenIn: [...seenIn.get(r.id)!] } : {}),
  }));
  const counts = { pass: 0, fail: 0, skip: 0, error: 0 };
  for (const o of outcomes) counts[o.verdict]++;
  const mustFails = rules.some((r) => r.level === 'MUST' && (r.json === 'fail' || r.xml === 'fail'));
  const errors = counts.error > 0 || rules.some((r) => r.json === 'error' || r.xml === 'error');
  const untested = rules.filter((r) => r.level !== 'INFO' && (r.json === 'untested' || r.xml === 'untested')).map((r) => r.id);
  return {
    verdict: !mustFails && !errors && untested.length === 0 ? 'conformant' : 'not-conformant',
    target,
    generatedAt: new Date().toISOString(),
    counts,
    warnings: outcomes.filter((o) => o.warning).length,
    untested,
    refused,
    rules,
  };
}

export function writeReports(summary: Summary, dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  writeFileSync(join(dir, 'conformance.html'), conformanceHtml(summary));
}
