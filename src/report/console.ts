import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Changes, ProbableCause, RuleChange, RuleRow, Summary, TestOutcome } from './summary-shape.ts';
import { mustFails, strictWaiverFailure, waiverLines } from './waivers.ts';
import { latencyFailure, latencyLines } from './latency-baseline.ts';
import { paceLine } from './pace.ts';
import { layerLines, shownLayers } from './layers.ts';
import { firstOf } from './words.ts';

/** How many rule IDs a console line lists before it says how many more there are. */
const LISTED = 5;

const list = (ids: string[]): string => firstOf(ids, LISTED);

/**
 * `RSP-GENERATED-AT (MUST) fails on 185 of 185 checks in JSON, the only rule failing in 185 of
 * them`, one line per rule, its formats joined: how many failing checks it explains alone.
 */
export function probableCauseLines(causes: ProbableCause[]): string[] {
  const byRule = new Map<string, ProbableCause[]>();
  for (const c of causes) byRule.set(c.rule, [...(byRule.get(c.rule) ?? []), c]);
  return [...byRule.values()].map((cs) => {
    const explains = cs.reduce((n, c) => n + (c.explains ?? 0), 0);
    return `${cs[0]!.rule} (${cs[0]!.level}) fails on ${cs.map((c) => `${c.failed} of ${c.judged} checks in ${c.format.toUpperCase()}`).join(' and ')}${explains ? `, the only rule failing in ${explains} of them` : ''}`;
  });
}

export const changeLine = (c: RuleChange): string => `${c.rule} [${c.format}] (${c.level}): ${c.was} → ${c.now}`;

export const changeCounts = (c: Changes): string => `${c.regressions.length} regressed, ${c.fixes.length} fixed, ${c.untested.length} no longer tested${c.waived.length ? `, ${c.waived.length} newly failing under a waiver` : ''}`;

/** One line per change: regressions first, then fixes, failures newly under a waiver, then what became untested (named, not listed in full). */
export function changeLines(c: Changes): string[] {
  return [
    ...c.regressions.map((x) => `  regressed: ${changeLine(x)}`),
    ...c.fixes.map((x) => `  fixed: ${changeLine(x)}`),
    ...c.waived.map((x) => `  waived: ${changeLine(x)}`),
    ...(c.untested.length ? [`  no longer tested: ${list(c.untested.map((x) => `${x.rule} [${x.format}]`))}`] : []),
  ];
}

/** The "changed since baseline" section of a run: the rules, then the latency apart. */
export function baselineLines(b: NonNullable<Summary['baseline']>): string[] {
  return [`Changed since baseline ${b.file}${b.generatedAt ? ` (${b.generatedAt})` : ''}: ${changeCounts(b)}`, ...changeLines(b), ...(b.latency ? latencyLines(b.latency) : [])];
}

/** How many failing rules the console names, one line each, before it points at the certificate for the rest. */
const FAILING_LINES = 10;

/** `change_receiver [json]: 185 checks, 3 failed (RSP-GENERATED-AT) (6.1 s)`: one short line per endpoint test as it ends. */
export function endpointLine(title: string, outcomes: TestOutcome[], ms: number, skipped?: string): string {
  const time = `(${(ms / 1000).toFixed(1)} s)`;
  if (skipped !== undefined && outcomes.every((o) => o.verdict === 'skip')) return `  ${title}: skipped: ${clip(skipped, 120)} ${time}`;
  const count = (v: TestOutcome['verdict']) => outcomes.filter((o) => o.verdict === v).length;
  // The rules behind the checks that failed or errored (a SHOULD warning does not fail a check).
  const broken = [...new Set(outcomes.filter((o) => o.verdict === 'fail' || o.verdict === 'error').flatMap((o) => o.findings.filter((f) => f.verdict === 'fail' || f.verdict === 'error').map((f) => f.rule)))];
  const parts = [`${outcomes.length} checks`, `${count('pass')} passed`, ...(['fail', 'error', 'skip'] as const).flatMap((v) => (count(v) ? [`${count(v)} ${v === 'fail' ? 'failed' : v === 'error' ? 'errored' : 'skipped'}`] : []))];
  const rules = firstOf(broken, 3, 'more rules');
  return `  ${title}: ${parts.join(', ')}${rules ? ` (${rules})` : ''} ${time}`;
}

const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}…` : text);

/** `RSP-GENERATED-AT (MUST) JSON: 260 of 260 checks failed; XML: 244 of 244`: a failing or erroring rule on one line. */
function failingLine(r: RuleRow): string {
  const formats = (['json', 'xml'] as const).filter((f) => r[f] === 'error' || (r[f] === 'fail' && r.level === 'MUST'));
  const counts = formats.map((f) => `${f.toUpperCase()} ${r[f]}${r.waived?.includes(f) ? ' (waived)' : ''}${r.checks?.[f] ? ` on ${r.checks[f]!.failed} of ${r.checks[f]!.run} checks` : ''}`);
  return `  ${r.id} (${r.level}): ${counts.join('; ')}`;
}

/** Checks skipped, by reason; a missing fixture names the profile key and how many values it needs. */
function skipLines(s: Summary): string[] {
  if (s.skips.length === 0) return [];
  const fixtures = new Map<string, number>();
  for (const g of s.skips) if (g.fixture) fixtures.set(g.fixture.key, Math.max(fixtures.get(g.fixture.key) ?? 0, g.fixture.needs));
  const other = s.skips.filter((g) => !g.fixture);
  return [
    `Skipped: ${s.counts.skip} checks, every reason in the certificate${fixtures.size ? `; the profile needs ${[...fixtures].map(([k, n]) => `${k} (${n} value${n === 1 ? '' : 's'})`).join(', ')}` : ''}`.slice(0, 200),
    ...other.slice(0, 3).map((g) => `  ${g.checks} skipped: ${clip(g.reason, 170)}`),
  ];
}

/** Why the verdict is what it is, in a few words. */
function because(s: Summary, failing: string[]): string {
  const untested = s.untested.length === 0 ? ''
    : s.partial ? `${s.untested.length} rules not run (expected for a partial run)`
      : `not run in both formats: ${list(s.untested)}`;
  const unjudged = s.unjudged.filter((id) => !s.untested.includes(id));
  return [
    s.stopped ?? '',
    failing.length ? `MUST rules failing: ${list(failing)}` : '',
    s.counts.error ? `${s.counts.error} errors` : '',
    untested,
    unjudged.length && !s.partial ? `MUST rules skipped or errored in a format: ${list(unjudged)}` : '',
  ].filter(Boolean).join('; ');
}

/**
 * The conformance reporter's verdict block, short enough for a terminal: what to fix first,
 * the failing rules (one line each, with their counts) and where their evidence is, what
 * changed since the baseline, what was skipped and why, then the verdict.
 */
export function consoleSummary(s: Summary, dir = 'reports'): string[] {
  const broken = s.rules.filter((r) => (r.level === 'MUST' && (r.json === 'fail' || r.xml === 'fail')) || r.json === 'error' || r.xml === 'error');
  const failing = broken.filter((r) => mustFails(r, 'json') || mustFails(r, 'xml')).map((r) => r.id);
  const waived = broken.filter((r) => r.waived?.length).map((r) => r.id);
  const why = [because(s, failing), waived.length ? `MUST failures waived: ${list(waived)}` : ''].filter(Boolean).join('; ');
  return [
    ...(s.unreachable ? [`Could not run: ${s.unreachable}`] : []),
    ...probableCauseLines(s.probableCauses).map((l) => `Probable cause: ${l}`),
    ...(broken.length ? [
      'Failing rules (formats, checks failed of checks run):',
      ...broken.slice(0, FAILING_LINES).map(failingLine),
      ...(broken.length > FAILING_LINES ? [`  … and ${broken.length - FAILING_LINES} more in ${join(dir, 'conformance.html')}`] : []),
      `Evidence in ${dir}/: junit.xml (each rule's first failing check: request, response, curl and rerun lines), html/index.html (every check)`,
    ] : []),
    ...(s.baseline ? baselineLines(s.baseline) : []),
    ...waiverLines(s),
    ...skipLines(s),
    // One line, only when the target pushed back (429, 503): how the harness slowed, what it sustained.
    ...[paceLine(s.pace)].filter((l) => l !== undefined),
    // A partial run judged a part of each layer: its lines would say little.
    ...(shownLayers(s) ? layerLines(shownLayers(s)!) : []),
    verdictLine(s, why),
  ];
}

/** `Conformance: NOT-CONFORMANT (MUST rules failing: …), 3 SHOULD warnings`, within 200 characters. */
function verdictLine(s: Summary, why: string): string {
  const head = `Conformance: ${s.verdict.toUpperCase()}`;
  const tail = s.warnings ? `, ${s.warnings} SHOULD warnings` : '';
  return `${head}${why ? ` (${clip(why, 197 - head.length - tail.length - 3)})` : ''}${tail}`;
}

/**
 * The run's last lines, after the verdict: where the reports are, and `N passed, N failed, N
 * errored, N skipped` (checks). An errored check judged nothing (the target could not be
 * reached, the harness broke): counted with the failed ones, a run that could not be made read
 * as a target that broke every rule.
 */
export function closingLines(s: Summary, dir: string, htmlNext = false, waived = 0): string[] {
  const { pass, fail, skip, error } = s.counts;
  // Playwright's HTML report is written after this reporter's (src/report/reporters.ts).
  const written = ['conformance.html', 'html/index.html', 'summary.json', 'junit.xml'].map((f) => join(dir, f)).filter((f) => existsSync(f) || (htmlNext && f === join(dir, 'html/index.html')));
  return [`Reports: ${written.join(', ')}`, `${pass} passed, ${fail} failed, ${error} errored, ${skip} skipped${waived ? `; ${waived} of the failed checks broke only waived rules` : ''}`];
}

/**
 * The run's exit code: 0 conformant (and nothing regressed since the baseline); 1 not
 * conformant (a MUST rule failed), or a rule regressed or an endpoint got slower past the
 * latency threshold since the baseline (the verdict stays what it is); 2 incomplete
 * (stopped, or some MUST rule not judged in both formats: a partial run, skips, errors), the
 * run that could not be made (no endpoint answered the preflight) included. CONFORMANT WITH
 * WAIVERS is 0; with --strict-waivers a stale or expired waiver is 1, as a regression is.
 * With the line for stderr that says why, when there is one.
 */
export function exitOf(s: Summary): { code: 0 | 1 | 2; line?: string } {
  const regressed = s.baseline?.regressions.length ?? 0;
  const slower = latencyFailure(s.baseline?.latency);
  if (regressed) return { code: 1, line: `ocs-conformance: ${regressed} regression(s) since the baseline ${s.baseline!.file}${slower ? `; latency regressed: ${slower}` : ''}` };
  // Latency never turns an incomplete run (exit 2) into a regressed one.
  if (slower && s.verdict !== 'incomplete') return { code: 1, line: `ocs-conformance: latency regressed since the baseline ${s.baseline!.file}: ${slower}` };
  if (s.verdict === 'not-conformant') return { code: 1 };
  const strict = strictWaiverFailure(s);
  if (strict) return { code: 1, line: strict };
  if (s.unreachable) return { code: 2, line: `ocs-conformance: the run could not be made: ${s.unreachable}` };
  return { code: s.verdict === 'conformant' || s.verdict === 'conformant-with-waivers' ? 0 : 2 };
}
