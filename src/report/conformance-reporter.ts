import { relative } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import type { Format } from '../contract/load.ts';
import type { Verdict } from '../checks/finding.ts';
import { CHECKS, FINDINGS, type RecordedUnit } from './record.ts';
import { PACE, PaceTally, paceNote, spentOfRun } from './pace.ts';
import type { PaceFigures } from '../client/pace.ts';
import { writeJunit, writeReports } from './write.ts';
import { summarize, type BaselineSection, type Summary, type TestOutcome } from './summary.ts';
import { compareSummaries, readSummaryFile } from './compare.ts';
import { closingLines, consoleSummary, endpointLine, exitOf } from './console.ts';
import type { RuleEvidence } from './rule-evidence.ts';
import { provenance } from './provenance.ts';
import { applyWaivers, waivedChecks } from './waivers.ts';
import { layerVerdicts } from './layers.ts';
import { runWaivers, type Waiver } from '../profile/waivers.ts';
import { preflightOfRun, REFUSED } from '../runner/preflight.ts';
import { UNSELECTED } from '../runner/grep.ts';
import { stoppedBy } from '../runner/stop.ts';
import { targetWorld } from './cutoffs.ts';
import { declaredLimits } from './target-limits.ts';
import { LatencyTally } from './latency.ts';
import { describeChoices, profileValues } from './choices.ts';
import { compareLatency, runLatencyThreshold } from './latency-baseline.ts';
import { variablesMasker, type Mask } from '../profile/mask.ts';
import { runSecrets, sweep } from './sweep.ts';
import { gateConsole } from './console-gate.ts';
import { listed } from '../runner/phases.ts';

/**
 * Turns Playwright's results into the conformance verdict: reports/summary.json (rule ×
 * format matrix), reports/conformance.html (certificate) and reports/junit.xml (a test case
 * per rule and format). It is the run's console too: a line per endpoint as it finishes, then
 * the verdict block; no tag lists, no stack of the harness. A test that failed without
 * findings broke inside the harness: its rules get `error`, never `fail`.
 */
export default class ConformanceReporter implements Reporter {
  private readonly outputDir: string;
  /** Playwright's HTML report is written after this reporter ends (src/report/reporters.ts). */
  private readonly htmlNext: boolean;
  private readonly outcomes = new Map<string, TestOutcome[]>();
  private readonly refused = new Set<string>();
  /**
   * The first evidence of each rule and format, what JUnit quotes: a sliced deep run where
   * everything fails has each test bring its own, 64 copies of every rule's.
   */
  private readonly evidence = new Map<string, RuleEvidence>();
  /** What the run met beside the rules (the 429s and 503s it waited out), a line per test: JUnit's system-out. */
  private readonly notes: string[] = [];
  /** How the run was paced, added up from every test's figures (src/report/pace.ts). */
  private readonly pace = new PaceTally();
  /** How long the target took to answer, added up from every test's histograms (and every shard's, in a merge). */
  private readonly latency = new LatencyTally();
  private config: FullConfig | undefined;
  /** The run's masking gate: the console's every line passes it from now on, and every report file when the run ends. */
  private readonly gate: Mask;

  constructor(options: { outputDir?: string; htmlNext?: boolean } = {}) {
    this.outputDir = options.outputDir ?? 'reports';
    this.htmlNext = options.htmlNext ?? false;
    this.gate = variablesMasker(runSecrets(process.env));
    gateConsole(this.gate);
  }

  printsToStdio(): boolean {
    return true;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    listed();
    this.config = config;
    const tests = suite.allTests();
    // `playwright test --list`: the tests, as Playwright's own list does, and no verdict (nothing runs).
    if (process.argv.includes('--list')) {
      console.log([...tests.map((t) => `  ${t.title}`), `Total: ${tests.length} test${tests.length === 1 ? '' : 's'}`].join('\n'));
      return;
    }
    if (tests.length > 0) console.log(`Running ${tests.length} endpoint test${tests.length === 1 ? '' : 's'} against ${target(process.env)}`);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    try {
      this.testEnded(test, result);
    } finally {
      letGoOfFindings(test, result);
    }
  }

  private testEnded(test: TestCase, result: TestResult): void {
    // A test the run's stop cut short keeps the steps that ended before the stop (src/runner/stop.ts);
    // its other rules stay untested, and the run is incomplete.
    const units = recordedOf(test, result);
    if (result.status === 'interrupted' && units.length === 0) return;
    // --grep or OCS_STEP left this endpoint without a step: nothing of it ran (src/runner/grep.ts).
    if ([...test.annotations, ...result.annotations].some((a) => a.type === UNSELECTED)) return;
    const outcomes = outcomesOf(test, result, units);
    this.outcomes.set(test.id, outcomes);
    for (const u of units) this.latency.add(u.latency ?? []);
    for (const e of units.flatMap((u) => u.evidence ?? [])) {
      if (!this.evidence.has(`${e.rule}|${e.format}`)) this.evidence.set(`${e.rule}|${e.format}`, e);
    }
    for (const a of [...test.annotations, ...(result.annotations ?? [])]) if (a.type === REFUSED && a.description) this.refused.add(a.description);
    for (const a of result.annotations ?? []) {
      if (a.type !== PACE || !a.description) continue;
      const figures = JSON.parse(a.description) as PaceFigures;
      this.pace.add(figures);
      const note = paceNote(test.title, figures);
      if (note) this.notes.push(note);
    }
    console.log(endpointLine(result.status === 'interrupted' ? `${test.title} (stopped)` : test.title, outcomes, result.duration, result.status === 'skipped' ? result.annotations.find((a) => a.type === 'skip')?.description : undefined));
  }

  /** An error outside any test (the web server, the config, a worker that died): one line, its message only. */
  onError(error: TestError): void {
    const text = (error.message ?? error.value ?? 'unknown error').split('\n').find((l) => l.trim()) ?? '';
    console.error(`ocs-conformance: ${text.length > 180 ? `${text.slice(0, 180)}…` : text}`);
  }

  /**
   * Writes the reports and prints the console summary. When no test ran (`--list`, a grep
   * that matches nothing) there is no verdict to give: nothing is written or printed, and an
   * earlier run's reports stay.
   */
  onEnd(result: FullResult): void {
    // Listing, or a grep that matched nothing: no verdict to give.
    if (this.outcomes.size === 0 && result.status === 'passed') return;
    const env = process.env;
    const stopped = result.status === 'interrupted' || result.status === 'timedout'
      ? `the run was stopped ${result.status === 'timedout' ? '(the global timeout)' : stoppedBy(env)} before every test ended`
      : this.outcomes.size === 0 ? `the run ended (${result.status}) before any test ran` : undefined;
    const outcomes = [...this.outcomes.values()].flat();
    const summary: Summary = summarize(outcomes, {
      name: env.OCS_TARGET_NAME ?? 'target',
      baseUrl: env.OCS_BASE_URL,
      profile: env.OCS_PROFILE ? relative(process.cwd(), env.OCS_PROFILE) : undefined,
    }, [...this.refused], stopped);
    describeChoices(summary.rules, profileValues(env.OCS_PROFILE));
    const shard = this.config?.shard ?? null;
    summary.partial = !!(env.OCS_GREP || env.OCS_STEP || (shard && shard.total > 1));
    const unreachable = preflightOfRun(env).down;
    if (unreachable) summary.unreachable = unreachable;
    const waivers = waiversOfRun(env);
    applyWaivers(summary, waivers, result.startTime.toISOString().slice(0, 10), !!env.OCS_STRICT_WAIVERS);
    summary.layers = layerVerdicts(summary);
    summary.provenance = provenance({
      startedAt: result.startTime, durationMs: result.duration, workers: this.config?.workers ?? 1, shard, playwright: this.config?.version ?? 'unknown', waivers,
    }, env);
    const limits = declaredLimits(env.OCS_PROFILE);
    if (limits) summary.targetLimits = limits;
    const world = targetWorld(outcomes, summary, env.OCS_PROFILE);
    if (world) summary.targetWorld = world;
    summary.latency = this.latency.endpoints();
    const pace = this.pace.result(spentOfRun(env));
    if (pace) summary.pace = pace;
    const baseline = env.OCS_BASELINE ? baselineSection(env.OCS_BASELINE, summary, env) : undefined;
    if (baseline) summary.baseline = baseline;
    writeReports(summary, this.outputDir);
    writeJunit(summary, outcomes, [...this.evidence.values()], this.notes, this.outputDir);
    const waived = waivedChecks(outcomes, summary);
    // Written before Playwright's HTML report (src/report/reporters.ts), which then builds its
    // data in what this held.
    this.outcomes.clear();
    this.evidence.clear();
    console.log(`\n${[...consoleSummary(summary, this.outputDir), ...closingLines(summary, this.outputDir, this.htmlNext, waived)].join('\n')}`);
    const { code, line } = exitOf(summary);
    exitWith(code, line);
  }

  /**
   * Playwright calls onExit once every reporter's onEnd has returned: the HTML report (written
   * after this reporter's) and any blob report are on disk, and pass the gate with the rest.
   */
  async onExit(): Promise<void> {
    sweep(this.outputDir, this.gate);
  }
}

/** The run's target, as the first line names it. */
function target(env: NodeJS.ProcessEnv): string {
  if (!env.OCS_EMBEDDED_REFERENCE) return env.OCS_BASE_URL ?? 'the target';
  return `the embedded reference${env.OCS_REFERENCE_FAULT ? ` with fault ${env.OCS_REFERENCE_FAULT}` : ''}${env.OCS_REFERENCE_MODE ? ` in mode ${env.OCS_REFERENCE_MODE}` : ''}`;
}

/**
 * Playwright's runner ends its process with its own code (1 when a test failed); the run's
 * code is the verdict's, set as the process exits. `ocs-conformance run` (and so `npm start`)
 * passes it on.
 */
function exitWith(code: number, line?: string): void {
  process.once('exit', () => {
    if (line) console.error(line);
    process.exitCode = code;
  });
}

/**
 * The run's waivers (checked by the command before the run). A run started without the command
 * whose waivers do not load waives nothing, and says so: every failure then counts.
 */
function waiversOfRun(env: NodeJS.ProcessEnv): Waiver[] {
  try {
    return runWaivers(env);
  } catch (err) {
    console.error(`ocs-conformance: waivers left out, every failure counts: ${(err as Error).message.split('\n').join('; ')}`);
    return [];
  }
}

/**
 * The "changed since baseline" section against an earlier run's summary.json (checked by the
 * command before the run): the rules' changes, and the endpoints' latency apart.
 */
function baselineSection(file: string, now: Summary, env: NodeJS.ProcessEnv): BaselineSection | undefined {
  try {
    const old = readSummaryFile(file);
    const latency = compareLatency(old, now, runLatencyThreshold(env));
    return { file, ...(old.generatedAt ? { generatedAt: old.generatedAt } : {}), ...(old.verdict ? { verdict: old.verdict } : {}), ...compareSummaries(old, now), latency };
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
export function outcomesOf(test: TestCase, result: TestResult, units: RecordedUnit[]): TestOutcome[] {
  const annotations = [...test.annotations, ...(result.annotations ?? [])];
  const rules = annotations.find((a) => a.type === 'rules')?.description?.split(' ') ?? [];
  const format: Format = test.title.includes('[xml]') ? 'xml' : 'json';
  const recorded = units.flatMap((u) => u.steps);
  const outcomes = recorded.map((s): TestOutcome => ({
    title: `${test.title} › ${s.title}`,
    verdict: s.verdict,
    ...(s.skipped ? { skipped: s.skipped } : {}),
    warning: s.findings.some((f) => f.level === 'SHOULD' && f.verdict === 'fail'),
    findings: [
      ...(s.passed ?? []).map((rule) => ({ rule, format: s.format, verdict: 'pass' as const })),
      ...s.findings.map((f) => ({ rule: f.rule, format: s.format, verdict: f.verdict, ...(f.note ? { note: f.note } : {}), ...(f.side ? { side: f.side } : {}), ...(f.clock ? { clock: f.clock } : {}) })),
    ],
  }));
  if (outcomes.length > 0 || result.status === 'passed' || result.status === 'interrupted') return outcomes;
  const verdict: Verdict = result.status === 'skipped' ? 'skip' : 'error';
  const reason = annotations.find((a) => a.type === 'skip')?.description;
  const first: TestOutcome = { title: test.title, verdict, warning: false, ...(verdict === 'skip' && reason ? { skipped: reason } : {}), findings: rules.map((rule) => ({ rule, format, verdict })) };
  if (verdict === 'skip') return [first];
  // A test that ended without its record (its worker died, an error outside its steps): each of
  // its checks is counted, as an error, so the counts stay those of the checks selected; its
  // rules are errors through the first, and the test's error says why.
  const checks = Number(annotations.find((a) => a.type === CHECKS)?.description ?? 1) || 1;
  const why = (result.error?.message ?? 'the test ended without recording its checks').split('\n').find((l) => l.trim()) ?? '';
  return [{ ...first, title: `${test.title} (not recorded: ${why.slice(0, 200)})` },
    ...Array.from({ length: checks - 1 }, (_, i): TestOutcome => ({ title: `${test.title} › check ${i + 2} of ${checks} (not recorded)`, verdict, warning: false, findings: [] }))];
}

/**
 * The findings annotation is this reporter's channel from the worker (src/report/record.ts),
 * read once the test ends: then it is let go of. Left on the test, Playwright's runner held it
 * for every test to the end of the run, and its HTML reporter (which reads the tests when the
 * run ends) carried it twice per test: 20 of the 53 MB of a failing deep run's report, built in
 * the runner's heap. The certificate, summary.json and JUnit hold what it says.
 */
function letGoOfFindings(test: TestCase, result: TestResult): void {
  for (const list of [test.annotations, result.annotations ?? []]) {
    for (let i = list.length - 1; i >= 0; i--) if (list[i]!.type === FINDINGS) list.splice(i, 1);
  }
}

/** What a test recorded (src/report/record.ts). Annotations a test adds while it runs are on its result (and, in some reports, on the test as well). */
function recordedOf(test: TestCase, result: TestResult): RecordedUnit[] {
  const runtime = result.annotations?.some((a) => a.type === FINDINGS) ? result.annotations : test.annotations;
  return runtime.filter((a) => a.type === FINDINGS).map((a) => JSON.parse(a.description ?? '{}') as RecordedUnit);
}
