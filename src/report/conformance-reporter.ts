import { relative } from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import type { Format } from '../contract/load.ts';
import type { Verdict } from '../checks/finding.ts';
import { FINDINGS, type RecordedUnit } from './record.ts';
import { summarize, writeReports, type TestOutcome } from './summary.ts';
import { REFUSED } from '../runner/preflight.ts';

/**
 * Turns Playwright's results into the conformance verdict: reports/summary.json (rule ×
 * format matrix) and reports/conformance.html (certificate). A test that failed without
 * findings broke inside the harness: its rules get `error`, never `fail`.
 */
export default class ConformanceReporter implements Reporter {
  private readonly outputDir: string;
  private readonly outcomes = new Map<string, TestOutcome[]>();
  private readonly refused = new Set<string>();

  constructor(options: { outputDir?: string } = {}) {
    this.outputDir = options.outputDir ?? 'reports';
  }

  printsToStdio(): boolean {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    this.outcomes.set(test.id, outcomesOf(test, result));
    for (const a of [...test.annotations, ...(result.annotations ?? [])]) if (a.type === REFUSED && a.description) this.refused.add(a.description);
  }

  onEnd(): void {
    const summary = summarize([...this.outcomes.values()].flat(), {
      name: process.env.OCS_TARGET_NAME ?? 'target',
      baseUrl: process.env.OCS_BASE_URL,
      profile: process.env.OCS_PROFILE ? relative(process.cwd(), process.env.OCS_PROFILE) : undefined,
    }, [...this.refused]);
    writeReports(summary, this.outputDir);
    const failing = summary.rules.filter((r) => r.level === 'MUST' && (r.json === 'fail' || r.xml === 'fail'));
    const why = [
      failing.length ? `MUST rules failing: ${failing.map((r) => r.id).join(', ')}` : '',
      summary.counts.error ? `${summary.counts.error} errors` : '',
      summary.untested.length ? `incomplete run, not exercised in both formats: ${summary.untested.join(', ')}` : '',
    ].filter(Boolean).join('; ');
    console.log(`\nConformance: ${summary.verdict.toUpperCase()}${why ? ` (${why})` : ''}`);
  }
}

/**
 * One outcome per step the test recorded. A test that failed or timed out without a
 * judgement for some step broke inside the harness: those steps (or, with none recorded,
 * the test's rules) get `error`, never `fail`.
 */
function outcomesOf(test: TestCase, result: TestResult): TestOutcome[] {
  const annotations = [...test.annotations, ...(result.annotations ?? [])];
  const rules = annotations.find((a) => a.type === 'rules')?.description?.split(' ') ?? [];
  const format: Format = test.title.includes('[xml]') ? 'xml' : 'json';
  // Annotations a test adds while it runs are on its result (and, in some reports, on the test as well).
  const runtime = result.annotations?.some((a) => a.type === FINDINGS) ? result.annotations : test.annotations;
  const recorded = runtime.filter((a) => a.type === FINDINGS).flatMap((a) => (JSON.parse(a.description ?? '{}') as RecordedUnit).steps);
  const outcomes = recorded.map((s): TestOutcome => ({
    title: `${test.title} › ${s.title}`,
    verdict: s.verdict,
    warning: s.findings.some((f) => f.level === 'SHOULD' && f.verdict === 'fail'),
    findings: s.findings.map((f) => ({ rule: f.rule, format: s.format, verdict: f.verdict })),
  }));
  if (outcomes.length > 0 || result.status === 'passed') return outcomes;
  const verdict: Verdict = result.status === 'skipped' ? 'skip' : 'error';
  return [{ title: test.title, verdict, warning: false, findings: rules.map((rule) => ({ rule, format, verdict })) }];
}
