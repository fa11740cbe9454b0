import { FORMATS, loadRules, type Format } from '../contract/load.ts';
import { worst, type Verdict } from '../checks/finding.ts';
import { isNotApplicable } from '../scenario/missing.ts';
import { isServiceRule } from '../contract/layers.ts';
import type { CheckCount, ProbableCause, RuleRow, RuleVerdict, SkipGroup, Summary, TestOutcome } from './summary-shape.ts';

// The report's parts and tests read the shape of summary.json from here, beside the fold that makes it.
export type * from './summary-shape.ts';

const SEEN_IN = 3;

/**
 * Folds test outcomes into the rule × format matrix. The certificate is conformant when
 * no MUST rule fails in either format, nothing errors (DESIGN principle 2), and the run was
 * whole: every MUST and SHOULD rule was exercised in both formats.
 */
export function summarize(outcomes: TestOutcome[], target: Summary['target'], refused: string[] = [], stopped?: string): Summary {
  // Per rule and format, the verdicts met (a set: only the worst is read) and the INFO notes.
  const verdicts = new Map<string, Set<Verdict>>();
  const seenIn = new Map<string, Set<string>>();
  const notes = new Map<string, string[]>();
  const checks = new Map<string, CheckCount>();
  // Rule and format keys skipped for a reason that is not "not applicable" (src/scenario/missing.ts).
  const lacking = new Set<string>();
  for (const o of outcomes) {
    const judged = new Map<string, boolean>();
    for (const f of o.findings) {
      const key = `${f.rule}|${f.format}`;
      let met = verdicts.get(key);
      if (!met) verdicts.set(key, (met = new Set()));
      met.add(f.verdict);
      // Not applicable is said of a whole check (o.skipped) or of one rule in it (a relation the request cannot show: its finding's note).
      if (f.verdict === 'skip' && !isNotApplicable(o.skipped ?? f.note)) lacking.add(key);
      if (f.note) {
        let lines = notes.get(key);
        if (!lines) notes.set(key, (lines = []));
        lines.push(recordLine(o.title, f.note));
      }
      if (f.verdict !== 'skip') judged.set(key, (judged.get(key) ?? false) || f.verdict === 'fail' || f.verdict === 'error');
      if ((f.verdict === 'fail' || f.verdict === 'error') && o.title) {
        const seen = seenIn.get(f.rule) ?? new Set();
        if (seen.size < SEEN_IN) seen.add(o.title);
        seenIn.set(f.rule, seen);
      }
    }
    for (const [key, failed] of judged) {
      const c = checks.get(key) ?? { run: 0, failed: 0 };
      c.run++;
      if (failed) c.failed++;
      checks.set(key, c);
    }
  }
  const rules = loadRules().map((r): RuleRow => {
    const cell = (format: Format): RuleVerdict => {
      const v = worst([...(verdicts.get(`${r.id}|${format}`) ?? [])]) ?? 'untested';
      // Nothing passes or fails on an INFO rule: what its checks saw is a record.
      return r.level === 'INFO' && (v === 'pass' || v === 'fail') ? 'recorded' : v;
    };
    const counted = Object.fromEntries(FORMATS.flatMap((f) => (checks.has(`${r.id}|${f}`) ? [[f, checks.get(`${r.id}|${f}`)!]] : [])));
    const recorded = r.level === 'INFO' ? recordedOf(r.id, notes) : {};
    return {
      id: r.id, level: r.level, title: r.title, json: cell('json'), xml: cell('xml'), section: r.spec.section,
      ...(seenIn.has(r.id) ? { seenIn: [...seenIn.get(r.id)!] } : {}),
      ...(r.family === 'safety' ? { family: r.family } : {}),
      ...(Object.keys(recorded).length ? { recorded } : {}),
      ...(Object.keys(counted).length ? { checks: counted } : {}),
    };
  });
  const counts = { pass: 0, fail: 0, skip: 0, error: 0 };
  for (const o of outcomes) counts[o.verdict]++;
  const mustFails = rules.some((r) => r.level === 'MUST' && (r.json === 'fail' || r.xml === 'fail'));
  const judgedCell = (v: RuleVerdict): boolean => v === 'pass' || v === 'fail';
  // A rule skipped only where it cannot apply to the target (one test account) is shown skipped, never passed, and leaves the verdict be.
  const settled = (r: RuleRow, format: Format): boolean => judgedCell(r[format]) || (r[format] === 'skip' && !lacking.has(`${r.id}|${format}`));
  const unjudged = rules.filter((r) => r.level === 'MUST' && !(settled(r, 'json') && settled(r, 'xml'))).map((r) => r.id);
  const untested = rules.filter((r) => r.level !== 'INFO' && (r.json === 'untested' || r.xml === 'untested')).map((r) => r.id);
  return {
    verdict: mustFails ? 'not-conformant' : whole({ stopped, counts, unjudged, untested }) ? 'conformant' : 'incomplete',
    target,
    generatedAt: new Date().toISOString(),
    counts,
    warnings: outcomes.filter((o) => o.warning).length,
    untested,
    unjudged,
    refused,
    skips: skipGroups(outcomes),
    ...(stopped ? { stopped } : {}),
    rules,
    probableCauses: probableCauses(outcomes, rules),
  };
}

/** A whole run: not stopped, nothing errored, every MUST rule judged and every MUST and SHOULD rule run in both formats. */
export const whole = (s: Pick<Summary, 'stopped' | 'counts' | 'unjudged' | 'untested'>): boolean =>
  !s.stopped && s.counts.error === 0 && s.unjudged.length === 0 && s.untested.length === 0;

/** `the profile has no fixtures.X` or `the profile's fixtures.X has fewer than N elements` (src/scenario/build.ts, generators/fixtures.ts). */
function fixtureOf(reason: string): SkipGroup['fixture'] {
  const fewer = /fixtures\.([\w.]+) has fewer than (\d+) elements/.exec(reason);
  if (fewer) return { key: `fixtures.${fewer[1]}`, needs: Number(fewer[2]) };
  const none = /has no fixtures\.([\w.]+)/.exec(reason);
  return none ? { key: `fixtures.${none[1]}`, needs: 1 } : undefined;
}

/** Every skipped check, grouped by its reason, most checks first: all a profile lacks, at once. */
function skipGroups(outcomes: TestOutcome[]): SkipGroup[] {
  const groups = new Map<string, SkipGroup>();
  for (const o of outcomes) {
    if (o.verdict !== 'skip') continue;
    const reason = o.skipped ?? 'no reason given';
    const g = groups.get(reason) ?? { reason, checks: 0, rules: [], ...(fixtureOf(reason) ? { fixture: fixtureOf(reason)! } : {}) };
    g.checks++;
    for (const f of o.findings) if (!g.rules.includes(f.rule)) g.rules.push(f.rule);
    groups.set(reason, g);
  }
  return [...groups.values()].sort((a, b) => b.checks - a.checks || a.reason.localeCompare(b.reason));
}

/** How many of an INFO rule's checks a format's record names, one line each. */
const RECORDS = 6;

/** `a receiver phone number with a leading plus: HTTP 200 (accepted)`: the case, and what the target did. */
function recordLine(title: string | undefined, note: string): string {
  const what = note.replace(/^Recorded: /, '');
  const name = title?.split(' › ').at(-1)?.replace(/^\S+ \[(json|xml)\] /, '').replace(/ is recorded$/, '');
  return name ? `${name}: ${what}` : what;
}

/** What an INFO rule's checks met in each format: a line per check, up to RECORDS. */
function recordedOf(id: string, notes: Map<string, string[]>): NonNullable<RuleRow['recorded']> {
  const lines = (format: Format): string | undefined => {
    // One line per case: the same case on the other operation, or again in another test, says nothing new.
    const byCase = new Map<string, string>();
    for (const line of notes.get(`${id}|${format}`) ?? []) {
      const name = line.split(': ')[0]!;
      if (!byCase.has(name)) byCase.set(name, line);
    }
    const all = [...byCase.values()];
    if (all.length === 0) return undefined;
    return [...all.slice(0, RECORDS), ...(all.length > RECORDS ? [`… and ${all.length - RECORDS} more checks`] : [])].join('\n');
  };
  const json = lines('json');
  const xml = lines('xml');
  return { ...(json ? { json } : {}), ...(xml ? { xml } : {}) };
}

/**
 * A rule that may be a probable cause: one judged on every response (the RSP rules), or one of a
 * standard beneath the service (src/contract/layers.ts: a framing's, a form's, HTTP's own).
 */
const mayBeCause = (id: string): boolean => id.startsWith('RSP-') || !isServiceRule(id);

/**
 * Response and standards rules that fail on a majority of the checks judging them in a format. A
 * check (a case in a format, or a property) counts once for a rule, however many responses it
 * had: judged when a finding of it names the rule with a verdict, failed when one of them fails.
 * `explains`: the failing checks whose only failing rule it is (one cause, one rule).
 */
export function probableCauses(outcomes: TestOutcome[], rows: Pick<RuleRow, 'id' | 'level'>[]): ProbableCause[] {
  const level = new Map(rows.map((r) => [r.id, r.level]));
  const tally = new Map<string, { failed: number; judged: number; explains: number }>();
  const count = (key: string) => tally.get(key) ?? tally.set(key, { failed: 0, judged: 0, explains: 0 }).get(key)!;
  for (const o of outcomes) {
    const seen = new Map<string, boolean>();
    const failing = new Set<string>();
    for (const f of o.findings) {
      if (f.verdict === 'fail' && level.get(f.rule) === 'MUST') failing.add(`${f.rule}|${f.format}`);
      if (!level.has(f.rule) || !mayBeCause(f.rule) || f.verdict === 'skip') continue;
      const key = `${f.rule}|${f.format}`;
      seen.set(key, (seen.get(key) ?? false) || f.verdict === 'fail');
    }
    for (const [key, failed] of seen) {
      const t = count(key);
      t.judged++;
      if (failed) t.failed++;
    }
    if (failing.size === 1 && seen.get([...failing][0]!)) count([...failing][0]!).explains++;
  }
  return [...tally].flatMap(([key, t]): ProbableCause[] => {
    const [rule, format] = key.split('|') as [string, Format];
    const l = level.get(rule);
    return l && l !== 'INFO' && t.failed * 2 > t.judged ? [{ rule, level: l, format, ...t }] : [];
  }).sort((a, b) => b.failed - a.failed || a.rule.localeCompare(b.rule) || a.format.localeCompare(b.format));
}
