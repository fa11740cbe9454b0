/**
 * What the run's waivers did to its verdict. A waived failure is still evaluated and shown with
 * its evidence; it only stops counting against the verdict, which becomes CONFORMANT WITH
 * WAIVERS when nothing else stands in the way. Every waiver is listed with what it did, so a
 * waiver nobody needs any more is seen and removed (docs/waivers.md).
 */
import type { Format } from '../contract/load.ts';
import { formatsOf, type Waiver } from '../profile/waivers.ts';
import { whole } from './summary.ts';
import type { RuleRow, Summary, TestOutcome, WaiverRow, WaiverStatus } from './summary-shape.ts';

/**
 * The failed checks whose every failed MUST rule is waived in the check's format: the console
 * tells them apart from the failures that count ("12 failed, 0 errored, 0 skipped; 12 of the
 * failed checks broke only waived rules").
 */
export function waivedChecks(outcomes: TestOutcome[], s: Summary): number {
  if (!s.rules.some((r) => r.waived?.length)) return 0;
  const rows = new Map(s.rules.map((r) => [r.id, r]));
  return outcomes.filter((o) => {
    if (o.verdict !== 'fail') return false;
    const failed = o.findings.filter((f) => f.verdict === 'fail' && rows.get(f.rule)?.level === 'MUST');
    return failed.length > 0 && failed.every((f) => rows.get(f.rule)!.waived?.includes(f.format));
  }).length;
}

/** A failure no waiver covers: it counts against the verdict (for a MUST rule). */
export const unwaivedFailure = (r: RuleRow, f: Format): boolean => r[f] === 'fail' && !r.waived?.includes(f);
/** A MUST rule's unwaived failure in a format: what keeps a run from conformant (the verdict, the console's failing list). */
export const mustFails = (r: RuleRow, f: Format): boolean => r.level === 'MUST' && unwaivedFailure(r, f);

/**
 * Marks the failures the waivers cover and gives the verdict they leave. `day` is the run's
 * start (YYYY-MM-DD, UTC): a waiver waives through its `expires` day.
 */
export function applyWaivers(s: Summary, waivers: Waiver[], day: string, strict: boolean): void {
  if (waivers.length === 0) return;
  const rows = new Map(s.rules.map((r) => [r.id, r]));
  const list = waivers.map((w): WaiverRow => {
    const row = rows.get(w.rule);
    const formats = formatsOf(w);
    const base = { rule: w.rule, ...(w.format ? { format: w.format } : {}), reason: w.reason, ...(w.expires ? { expires: w.expires } : {}), source: w.source };
    if (w.expires !== undefined && w.expires < day) return { ...base, status: 'expired', waived: [] };
    const waived = formats.filter((f) => row?.[f] === 'fail');
    if (row && waived.length) row.waived = [...(row.waived ?? []), ...waived];
    const status: WaiverStatus = waived.length ? 'needed' : row && formats.every((f) => row[f] === 'pass') ? 'stale' : 'unjudged';
    return { ...base, status, waived };
  });
  s.waivers = { strict, day, list };
  const stillFailing = s.rules.some((r) => mustFails(r, 'json') || mustFails(r, 'xml'));
  if (s.verdict === 'not-conformant' && !stillFailing) s.verdict = whole(s) ? 'conformant-with-waivers' : 'incomplete';
}

/** The waiver that covers a rule's failure in a format: its reason is JUnit's skip message. */
export function waiverOf(s: Summary, rule: string, format: Format): WaiverRow | undefined {
  return s.waivers?.list.find((w) => w.rule === rule && w.waived.includes(format));
}

/** Waivers that are no longer right: stale (the rule passes) or expired. */
export const outdated = (s: Summary): WaiverRow[] => (s.waivers?.list ?? []).filter((w) => w.status === 'stale' || w.status === 'expired');

/** `CAG-JADDR-STREET-KNOWN [json, xml] needed (until 2027-06-30): the sandbox's directory…`: a line per waiver. */
export function waiverLine(w: WaiverRow): string {
  const formats = w.format ? `[${w.format}]` : '[json, xml]';
  const what = w.status === 'needed' ? `needed: waived its failure in ${w.waived.map((f) => f.toUpperCase()).join(' and ')}`
    : w.status === 'stale' ? 'stale: its rule passed, remove the waiver'
      : w.status === 'expired' ? `expired on ${w.expires}: it waives nothing` : 'not judged in this run';
  return `${w.rule} ${formats} ${what}${w.expires && w.status !== 'expired' ? ` (until ${w.expires})` : ''}. Reason: ${w.reason}`;
}

/** The console's waiver block; outdated waivers are warnings, failures with --strict-waivers. */
export function waiverLines(s: Summary): string[] {
  if (!s.waivers) return [];
  const bad = outdated(s).length;
  return [
    `Waivers (${s.waivers.list.length}${bad ? `, ${bad} ${s.waivers.strict ? 'failing with --strict-waivers' : 'to remove'}` : ''}):`,
    ...s.waivers.list.map((w) => `  ${w.status === 'stale' || w.status === 'expired' ? (s.waivers!.strict ? 'FAIL ' : 'warning: ') : ''}${waiverLine(w)}`),
  ];
}

/** With --strict-waivers, the stderr line of a run whose waivers are outdated (it exits 1); none otherwise. */
export function strictWaiverFailure(s: Summary): string | undefined {
  const bad = outdated(s);
  if (!s.waivers?.strict || bad.length === 0) return undefined;
  return `ocs-conformance: ${bad.length} stale or expired waiver(s) with --strict-waivers: ${bad.map((w) => `${w.rule} (${w.status})`).join(', ')}`;
}
