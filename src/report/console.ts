import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Changes, ProbableCause, RuleChange, Summary } from './summary.ts';

/** How many rule IDs a console line lists before it says how many more there are. */
const LISTED = 8;

const list = (ids: string[]): string => ids.length <= LISTED ? ids.join(', ') : `${ids.slice(0, LISTED).join(', ')} and ${ids.length - LISTED} more`;

/** `RSP-GENERATED-AT (MUST) fails on 185 of 185 checks in JSON`, one line per rule, its formats joined. */
export function probableCauseLines(causes: ProbableCause[]): string[] {
  const byRule = new Map<string, ProbableCause[]>();
  for (const c of causes) byRule.set(c.rule, [...(byRule.get(c.rule) ?? []), c]);
  return [...byRule.values()].map((cs) => `${cs[0]!.rule} (${cs[0]!.level}) fails on ${cs.map((c) => `${c.failed} of ${c.judged} checks in ${c.format.toUpperCase()}`).join(' and ')}`);
}

export const changeLine = (c: RuleChange): string => `${c.rule} [${c.format}] (${c.level}): ${c.was} → ${c.now}`;

export const changeCounts = (c: Changes): string => `${c.regressions.length} regressed, ${c.fixes.length} fixed, ${c.untested.length} no longer tested`;

/** One line per change: regressions first, then fixes, then what became untested (named, not listed in full). */
export function changeLines(c: Changes): string[] {
  return [
    ...c.regressions.map((x) => `  regressed: ${changeLine(x)}`),
    ...c.fixes.map((x) => `  fixed: ${changeLine(x)}`),
    ...(c.untested.length ? [`  no longer tested: ${list(c.untested.map((x) => `${x.rule} [${x.format}]`))}`] : []),
  ];
}

/** The "changed since baseline" section of a run. */
export function baselineLines(b: NonNullable<Summary['baseline']>): string[] {
  return [`Changed since baseline ${b.file}${b.generatedAt ? ` (${b.generatedAt})` : ''}: ${changeCounts(b)}`, ...changeLines(b)];
}

/**
 * The conformance reporter's console summary, short enough for a terminal: what to fix
 * first, what changed since the baseline, then the verdict. A partial run says how many
 * rules it did not run instead of naming them.
 */
export function consoleSummary(s: Summary): string[] {
  const failing = s.rules.filter((r) => r.level === 'MUST' && (r.json === 'fail' || r.xml === 'fail')).map((r) => r.id);
  const untested = s.untested.length === 0 ? ''
    : s.partial ? `${s.untested.length} rules not run (expected for a partial run)`
      : `incomplete run, not exercised in both formats: ${list(s.untested)}`;
  const why = [
    failing.length ? `MUST rules failing: ${list(failing)}` : '',
    s.counts.error ? `${s.counts.error} errors` : '',
    untested,
  ].filter(Boolean).join('; ');
  return [
    ...(s.unreachable ? [`Could not run: ${s.unreachable}`] : []),
    ...probableCauseLines(s.probableCauses).map((l) => `Probable cause: ${l}`),
    ...(s.baseline ? baselineLines(s.baseline) : []),
    `Conformance: ${s.verdict.toUpperCase()}${why ? ` (${why})` : ''}${s.warnings ? `, ${s.warnings} SHOULD warnings` : ''}`,
  ];
}

/** The run's last lines, after the verdict: where the reports are, and `N passed, N failed, N skipped` (checks; errors count as failed). */
export function closingLines(s: Summary, dir: string): string[] {
  const { pass, fail, skip, error } = s.counts;
  const written = ['conformance.html', 'html/index.html', 'summary.json', 'junit.xml'].map((f) => join(dir, f)).filter((f) => existsSync(f));
  return [`Reports: ${written.join(', ')}`, `${pass} passed, ${fail + error} failed, ${skip} skipped`];
}

/**
 * The run's exit code: 0 conformant (and nothing regressed since the baseline), 1 not, 2 the
 * run could not be made (no endpoint answered the preflight). With the line for stderr that
 * says why, when there is one.
 */
export function exitOf(s: Summary): { code: 0 | 1 | 2; line?: string } {
  if (s.unreachable) return { code: 2, line: `ocs-conformance: the run could not be made: ${s.unreachable}` };
  const regressed = s.baseline?.regressions.length ?? 0;
  if (regressed) return { code: 1, line: `ocs-conformance: ${regressed} regression(s) since the baseline ${s.baseline!.file}` };
  return { code: s.verdict === 'conformant' ? 0 : 1 };
}
