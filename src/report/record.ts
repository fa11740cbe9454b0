import { test, type TestInfo } from '@playwright/test';
import type { Format } from '../contract/load.ts';
import { describeFinding, failsTest, type Finding, type Verdict } from '../checks/finding.ts';
import { takeLatencies, type LatencyData } from '../client/latency.ts';
import type { RunContext } from '../runner/context.ts';
import type { Unit } from '../runner/units.ts';
import { bounded, ruleEvidence, type RuleEvidence } from './rule-evidence.ts';
import { rerunStep, thrownText, type StepResult } from './step-text.ts';
import { EVIDENCE_STEPS, ruleWritten, showStep, stepError, type Shown } from './check-step.ts';
import { sharedLog } from '../client/shared-log.ts';

/** The annotation type that gives how many checks a test holds (its selected steps), as the spec file declares it. */
export const CHECKS = 'ocs-checks';

/** The annotation type the conformance reporter reads; its description is JSON. */
export const FINDINGS = 'ocs-findings';

/** A finding as the reporter reads it; an INFO rule's keeps its note: what the target did. */
type RecordedFinding = Pick<Finding, 'rule' | 'level' | 'verdict' | 'note' | 'side' | 'clock'>;

/**
 * What the reporter reads of one test: a verdict and findings per step (a skipped step with
 * its reason), and the evidence of the first check that broke each rule in each format.
 */
export interface RecordedUnit {
  /**
   * `passed`: the rules a step passed with nothing to note, by ID only: a step judges every
   * response rule, and as objects they made this annotation 340 KB a test, held for every test
   * of a deep run by Playwright's runner.
   */
  steps: { title: string; format: Format; verdict: Verdict; passed?: string[]; findings: RecordedFinding[]; skipped?: string }[];
  evidence: RuleEvidence[];
  /** How long the target took to answer the test's requests, per endpoint and outcome (src/client/latency.ts): a few histograms, whatever the count. */
  latency?: LatencyData[];
}

/** How much of what the target did an INFO record keeps. */
const MAX_NOTE = 400;



/**
 * The rules (`RULE [format]`) a slice of this run has quoted, with that slice's title, across
 * the workers (OCS_QUOTED_FILE; the run removes the file as it starts). In a sliced run a later
 * slice quotes and attaches only the rules not quoted before: a deep run where every check
 * fails is 64 tests and more, and quoting the same 20 reports in each made 10 MB of
 * Playwright's HTML report, which its runner builds in memory. A run of one test per endpoint
 * (up to OCS_RUNS=100), or with the variable unset (a unit test), quotes in every test.
 */
const quotedLog = (unit: Unit) => (unit.slice && process.env.OCS_QUOTED_FILE ? sharedLog('OCS_QUOTED_FILE') : undefined);
const quotedInRun = (unit: Unit): Map<string, string> =>
  new Map((quotedLog(unit)?.lines() ?? []).map((l) => l.split('\t') as [string, string]));
const markQuoted = (unit: Unit, keys: string[]): void => {
  const log = quotedLog(unit);
  for (const k of keys) log?.append(`${k}\t${unit.title}`);
};


/** The verdict of a step: skip, or the worst of its findings, where a failed SHOULD is only a warning. */
function stepVerdict(r: StepResult): Verdict {
  if (r.thrown !== undefined) return 'error';
  if (r.skipped !== undefined) return 'skip';
  if (r.parts.some((p) => p.findings.some((f) => f.verdict === 'fail' && f.level === 'MUST'))) return 'fail';
  if (r.parts.some((p) => p.findings.some((f) => f.verdict === 'error'))) return 'error';
  return 'pass';
}



/**
 * Records a unit's steps: in Playwright's report a step per rule (its first), holding a step
 * per check (red when it broke a MUST rule or errored), so a failing rule is one click from
 * its evidence; the findings, skip reasons, INFO records and each failing rule's first
 * evidence as one annotation for the reporter; and one error for the test when any check
 * failed. A fault shows in many checks at once, so failures are told by rule: how many checks
 * each failing rule broke, and the first such check in full, with its evidence attached. A
 * test whose steps were all skipped is skipped.
 */
export async function recordUnit(info: TestInfo, ctx: RunContext, unit: Unit, results: StepResult[]): Promise<void> {
  const recorded: RecordedUnit = { steps: [], evidence: [] };
  const evidenceKeys = new Set<string>();
  const byRule = new Map<string, { count: number; level: string }>();
  const warnings = new Map<string, { count: number; first: string }>();
  const quoted: string[] = [];
  // Rules an earlier test of the run quoted count as quoted here (quotedInRun).
  const earlier = quotedInRun(unit);
  const quotedKeys = new Set<string>(earlier.keys());
  // Checks the breaker did not send: one red step says so for all of them (see below).
  const unsent: { title: string; reason: string }[] = [];
  const groups = new Map<string, Shown[]>();
  let failed = 0;
  for (const r of results) {
    const verdict = stepVerdict(r);
    // The findings that are more than a plain pass, with their format (a plain pass, with no
    // note and no side, is recorded by its rule alone): a step judges every response rule, and
    // copying each of its forty-odd findings, twice, was most of what recording allocated.
    const findings: (Finding & { format: Format })[] = [];
    // A skipped step names its rules as skipped, so the matrix says which rules went unjudged.
    const judged: RecordedFinding[] = verdict === 'skip' ? r.step.rules.map((rule) => ({ rule, level: 'INFO' as const, verdict: 'skip' as const })) : [];
    const passed = new Set<string>();
    for (const p of r.parts) {
      for (const f of p.findings) {
        const { rule, level, verdict: v, note, side, clock } = f;
        if (v === 'pass' && !note && !side) {
          if (verdict !== 'skip') passed.add(rule);
          continue;
        }
        findings.push({ ...f, format: p.format });
        if (verdict === 'skip') continue;
        const j: RecordedFinding = { rule, level, verdict: v, ...(note && (level === 'INFO' || side) ? { note: bounded(ctx.mask(note), MAX_NOTE) } : {}), ...(side ? { side } : {}), ...(clock ? { clock } : {}) };
        if (v === 'pass' && j.note === undefined && j.side === undefined) passed.add(rule);
        else judged.push(j);
      }
    }
    recorded.steps.push({
      title: r.step.title, format: r.step.format, verdict, ...(passed.size ? { passed: [...passed] } : {}), findings: judged,
      ...(verdict === 'skip' ? { skipped: ctx.mask(r.skipped ?? '') } : {}),
    });
    for (const f of findings.filter((x) => x.verdict === 'fail' || x.verdict === 'error')) {
      const key = `${f.rule}|${f.format}`;
      if (evidenceKeys.has(key)) continue;
      evidenceKeys.add(key);
      recorded.evidence.push(ruleEvidence(f, `${unit.title} › ${r.step.title}`, r.parts.find((p) => p.format === f.format && p.exchange), ctx, rerunStep(unit, r.step.title)));
    }
    for (const f of findings.filter((x) => x.verdict === 'fail' && x.level === 'SHOULD')) {
      const key = `${f.rule} [${f.format}]`;
      const seen = warnings.get(key);
      if (seen) seen.count++;
      else warnings.set(key, { count: 1, first: ctx.mask(`${r.step.title}: ${describeFinding(f)}`) });
    }
    // What a check recorded without failing (an INFO record, a property stopped early): a note in Playwright's report.
    for (const note of [...findings.filter((x) => x.note && x.verdict !== 'fail').map((f) => `${f.rule}: ${f.note}`), ...(r.note ? [r.note] : [])]) {
      info.annotations.push({ type: 'note', description: ctx.mask(`${r.step.title}: ${note}`) });
    }
    if (verdict === 'skip') info.annotations.push({ type: 'skip', description: ctx.mask(`${r.step.title}: ${r.skipped}`) });
    if (r.thrown !== undefined) {
      const f = { rule: r.step.rules[0]!, level: 'MUST' as const, verdict: 'error' as const, title: 'the harness broke', received: thrownText(r.thrown), format: r.step.format };
      const key = `${f.rule}|${f.format}`;
      if (!evidenceKeys.has(key)) {
        evidenceKeys.add(key);
        recorded.evidence.push(ruleEvidence(f, `${unit.title} › ${r.step.title}`, undefined, ctx, rerunStep(unit, r.step.title)));
      }
    }
    const failing = findings.filter(failsTest);
    if (failing.length > 0 || r.thrown !== undefined) failed++;
    for (const f of failing) {
      const key = `${f.rule} [${f.format}]`;
      byRule.set(key, { count: (byRule.get(key)?.count ?? 0) + 1, level: f.verdict === 'error' ? 'error' : f.level });
    }
    const group = r.step.rules[0] ?? r.step.title;
    const shown = groups.get(group);
    if (shown) shown.push({ r, verdict, findings, failing });
    else groups.set(group, [{ r, verdict, findings, failing }]);
  }
  const latency = takeLatencies();
  if (latency.length) recorded.latency = latency;
  // Before the steps are shown (the slow part): a run stopped meanwhile still reports what was
  // judged, when its wait for this test ends first (src/runner/stop.ts).
  info.annotations.push({ type: FINDINGS, description: JSON.stringify(recorded) });
  for (const [rule, shown] of groups) {
    let red = 0;
    try {
      await test.step(rule, async () => {
        for (const s of shown) if (await showStep(info, ctx, unit, s, { quoted, quotedKeys, unsent })) red++;
        if (red > 0) throw stepError(`${red} of ${shown.length} checks of ${rule} failed or errored`);
      }, { location: ruleWritten(rule) });
    } catch {
      // The rule's step shows red in the report; the test fails once, below, with every failing rule.
    }
  }
  // A target that went away leaves every check after it unsent, each for the same reason: one
  // red step names them, instead of hundreds of identical ones (each a failed step Playwright
  // keeps, in the worker and in the runner, for a run that has nothing more to say).
  const unsentText = unsent.length === 0 ? '' : ctx.mask([
    `${unsent.length} checks were not sent: ${unsent[0]!.reason}`,
    ...unsent.slice(0, 5).map((u) => `  ${u.title}`),
    ...(unsent.length > 5 ? [`  … and ${unsent.length - 5} more`] : []),
  ].join('\n'));
  if (unsentText) {
    try {
      await test.step(`${unsent.length} checks not sent: the target stopped answering`, async () => { throw stepError(unsentText); });
    } catch {
      // Red in the report, as a failed check is.
    }
  }
  for (const [rule, w] of warnings) info.annotations.push({ type: 'warning', description: `${rule} (SHOULD) fails in ${w.count} check(s); the first: ${w.first}` });
  if (recorded.steps.length > 0 && recorded.steps.every((s) => s.verdict === 'skip')) {
    info.skip(true, ctx.mask([...new Set(results.map((r) => r.skipped))].join('; ')));
    return;
  }
  if (failed === 0) return;
  markQuoted(unit, [...quotedKeys].filter((k) => !earlier.has(k)));
  const ranked = [...byRule].sort((a, b) => b[1].count - a[1].count);
  // Where the failing rules this test did not quote were quoted before, by test.
  const elsewhere = new Map<string, string[]>();
  for (const [rule] of ranked) {
    const by = earlier.get(rule);
    if (by !== undefined && by !== unit.title) elsewhere.set(by, [...(elsewhere.get(by) ?? []), rule]);
  }
  // A plain error, not an assertion: its text says what broke, with no diff and no stack frame
  // of the harness (the reporter, not Playwright's, tells JUnit which rule failed and how).
  throw stepError(ctx.mask([
    `${failed} of ${results.length} checks of ${unit.title} failed or errored. By rule, most checks first:`,
    ...ranked.map(([rule, e]) => `  ${rule} (${e.level}): ${e.count} check(s)`),
    '',
    ...(quoted.length ? [`The first failing check of each rule${quoted.length === EVIDENCE_STEPS ? ` (the first ${EVIDENCE_STEPS})` : ''}:`, '', ...quoted.flatMap((q) => [q, ''])] : []),
    ...[...elsewhere].map(([by, rules]) => `Quoted in full, with its evidence, by ${by}: the first failing check of ${rules.join(', ')}.`),
    ...(elsewhere.size ? [''] : []),
    ...(unsentText ? [unsentText, ''] : []),
  ].join('\n')));
}
