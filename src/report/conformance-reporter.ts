import { relative } from 'node:path';
import type { FullConfig, FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import type { Format } from '../contract/load.ts';
import type { Verdict } from '../checks/finding.ts';
import { FINDINGS, type RecordedUnit } from './record.ts';
import { summarize, type BaselineSection, type Summary, type TestOutcome } from './summary.ts';
import { writeReports } from './write.ts';
import { compareSummaries, readSummaryFile } from './compare.ts';
import { closingLines, consoleSummary, exitOf } from './console.ts';
import { provenance } from './provenance.ts';
import { preflightOfRun, REFUSED } from '../runner/preflight.ts';

/**
 * Turns Playwright's results into the conformance verdict: reports/summary.json (rule ×
 * format matrix) and reports/conformance.html (certificate). A test that failed without
 * findings broke inside the harness: its rules get `error`, never `fail`.
 */
export default class ConformanceReporter implements Reporter {
  private readonly outputDir: string;
  private readonly outcomes = new Map<string, TestOutcome[]>();
  private readonly refused = new Set<string>();
  private config: FullConfig | undefined;

  constructor(options: { outputDir?: string } = {}) {
    this.outputDir = options.outputDir ?? 'reports';
  }

  printsToStdio(): boolean {
    return true;
  }

  onBegin(config: FullConfig): void {
    this.config = config;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    this.outcomes.set(test.id, outcomesOf(test, result));
    for (const a of [...test.annotations, ...(result.annotations ?? [])]) if (a.type === REFUSED && a.description) this.refused.add(a.description);
  }

  /**
   * Writes the reports and prints the console summary. When no test ran (`--list`, a grep
   * that matches nothing) there is no verdict to give: nothing is written or printed, and an
   * earlier run's reports stay.
   */
  onEnd(result: FullResult): void {
    if (this.outcomes.size === 0) {
      // Listing, or a grep that matched nothing, passes; a run that broke before any test did not.
      if (result.status !== 'passed') exitWith(2, `ocs-conformance: the run ended (${result.status}) before any test ran`);
      return;
    }
    const env = process.env;
    const summary: Summary = summarize([...this.outcomes.values()].flat(), {
      name: env.OCS_TARGET_NAME ?? 'target',
      baseUrl: env.OCS_BASE_URL,
      profile: env.OCS_PROFILE ? relative(process.cwd(), env.OCS_PROFILE) : undefined,
    }, [...this.refused]);
    const shard = this.config?.shard ?? null;
    summary.partial = !!(env.OCS_GREP || env.OCS_STEP || (shard && shard.total > 1));
    const unreachable = preflightOfRun(env).down;
    if (unreachable) summary.unreachable = unreachable;
    summary.provenance = provenance({
      startedAt: result.startTime, durationMs: result.duration, workers: this.config?.workers ?? 1, shard, playwright: this.config?.version ?? 'unknown',
    }, env);
    const baseline = env.OCS_BASELINE ? baselineSection(env.OCS_BASELINE, summary) : undefined;
    if (baseline) summary.baseline = baseline;
    writeReports(summary, this.outputDir);
    console.log(`\n${[...consoleSummary(summary), ...closingLines(summary, this.outputDir)].join('\n')}`);
    const { code, line } = exitOf(summary);
    exitWith(code, line);
  }
}

/**
 * Playwright's runner ends its process with its own code (1 when a test failed); the run's
 * code is the verdict's, set as the process exits. `npm start` execs the runner, and
 * `ocs-conformance run` passes its code on, so both end with it.
 */
function exitWith(code: number, line?: string): void {
  process.once('exit', () => {
    if (line) console.error(line);
    process.exitCode = code;
  });
}

/** The "changed since baseline" section against an earlier run's summary.json (checked by the command before the run). */
function baselineSection(file: string, now: Summary): BaselineSection | undefined {
  try {
    const old = readSummaryFile(file);
    return { file, ...(old.generatedAt ? { generatedAt: old.generatedAt } : {}), ...(old.verdict ? { verdict: old.verdict } : {}), ...compareSummaries(old, now) };
  } catch (err) {
    console.error(`ocs-conformance: baseline ${file} left out: ${(err as Error).message}`);
    return undefined;
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
    findings: s.findings.map((f) => ({ rule: f.rule, format: s.format, verdict: f.verdict, ...(f.note ? { note: f.note } : {}) })),
  }));
  if (outcomes.length > 0 || result.status === 'passed') return outcomes;
  const verdict: Verdict = result.status === 'skipped' ? 'skip' : 'error';
  return [{ title: test.title, verdict, warning: false, findings: rules.map((rule) => ({ rule, format, verdict })) }];
}
