import { relative } from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import type { Format } from '../contract/load.ts';
import type { Verdict } from '../checks/finding.ts';
import { FINDINGS, type RecordedFindings } from './record.ts';
import { summarize, writeReports, type TestOutcome } from './summary.ts';

/**
 * Turns Playwright's results into the conformance verdict: reports/summary.json (rule ×
 * format matrix) and reports/conformance.html (certificate). A test that failed without
 * findings broke inside the harness: its rules get `error`, never `fail`.
 */
export default class ConformanceReporter implements Reporter {
  private readonly outputDir: string;
  private readonly outcomes = new Map<string, TestOutcome>();

  constructor(options: { outputDir?: string } = {}) {
    this.outputDir = options.outputDir ?? 'reports';
  }

  printsToStdio(): boolean {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    this.outcomes.set(test.id, { ...outcomeOf(test, result), title: test.titlePath().slice(-2).join(' › ') });
  }

  onEnd(): void {
    const summary = summarize([...this.outcomes.values()], {
      name: process.env.OCS_TARGET_NAME ?? 'target',
      baseUrl: process.env.OCS_BASE_URL,
      profile: process.env.OCS_PROFILE ? relative(process.cwd(), process.env.OCS_PROFILE) : undefined,
    });
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

function outcomeOf(test: TestCase, result: TestResult): TestOutcome {
  const annotations = [...test.annotations, ...(result.annotations ?? [])];
  const rules = annotations.find((a) => a.type === 'rules')?.description?.split(' ') ?? [];
  const format: Format = test.title.includes('[xml]') ? 'xml' : 'json';
  const recorded = annotations.filter((a) => a.type === FINDINGS).map((a) => JSON.parse(a.description ?? '{}') as RecordedFindings);
  const findings = recorded.flatMap((r) => r.findings.map((f) => ({ rule: f.rule, format: r.format, verdict: f.verdict })));
  const warning = recorded.some((r) => r.findings.some((f) => f.level === 'SHOULD' && f.verdict === 'fail'));
  if (result.status === 'skipped') return { verdict: 'skip', warning, findings: findings.length ? findings : rules.map((rule) => ({ rule, format, verdict: 'skip' })) };
  if (result.status === 'passed') return { verdict: 'pass', warning, findings };
  const mustFailed = recorded.some((r) => r.findings.some((f) => f.level === 'MUST' && f.verdict === 'fail'));
  const anyError = findings.some((f) => f.verdict === 'error');
  if (findings.length === 0 || (!mustFailed && !anyError)) {
    // Failed or timed out without a judgement: the harness broke, not the target.
    return { verdict: 'error', warning, findings: [...findings, ...rules.map((rule) => ({ rule, format, verdict: 'error' as Verdict }))] };
  }
  return { verdict: mustFailed ? 'fail' : 'error', warning, findings };
}
