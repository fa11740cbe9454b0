import { XMLBuilder } from 'fast-xml-parser';
import { FORMATS, type Format } from '../contract/load.ts';
import type { RuleEvidence } from './rule-evidence.ts';
import type { RuleRow, Summary, TestOutcome, WaiverRow } from './summary-shape.ts';
import { waiverOf } from './waivers.ts';
import { layerText, shownLayers } from './layers.ts';

/**
 * reports/junit.xml: one test case per rule and format that ran, so CI test views (GitLab,
 * Jenkins, GitHub's JUnit actions) show which rules broke, how many passed, and one rule's
 * history across pipelines. A MUST failure is a <failure> with its first evidence; an error
 * (the harness or the transport broke) an <error>; a rule whose checks were all skipped a
 * <skipped> with the reason; a SHOULD warning and an INFO record pass, with what was seen as
 * their system-out. A failure a waiver covers is a <skipped> whose message is the waiver's
 * reason, its evidence kept as the element's text. A test case's name never changes between
 * runs (ID, format, title), which is what a CI's per-test history keys on.
 */

/** The rule families, by ID prefix: a test case's classname. */
const FAMILIES: Record<string, string> = {
  TOP: 'top-level', RCV: 'change_receiver', PCK: 'change_pickup', MBR: 'member', CNT: 'contacts', CAG: 'counteragent',
  AUTH: 'authentication', ERR: 'documented-errors', BODY: 'body', RSP: 'responses', INFO: 'open-points', SAFE: 'safety',
};
export const classnameOf = (rule: string): string => `ocs.${FAMILIES[rule.split('-')[0]!] ?? 'rules'}`;

export const caseName = (r: Pick<RuleRow, 'id' | 'title'>, format: Format): string => `${r.id} [${format}] ${r.title}`;

type XmlNode = Record<string, unknown>;

function evidenceText(e: RuleEvidence | undefined, checks: string): string {
  if (!e) return checks;
  return [
    `${e.rule} [${e.format}] ${e.title}`,
    checks,
    `First seen in: ${e.step}`,
    ...(e.expected !== undefined ? [`Expected: ${e.expected}`] : []),
    ...(e.received !== undefined ? [`Received: ${e.received}`] : []),
    ...(e.request ? ['', '── request', e.request] : []),
    ...(e.response ? ['', '── response (excerpt)', e.response] : []),
    ...(e.curl ? ['', 'Replay the request:', e.curl] : []),
    '', 'Rerun the step:', e.rerun,
  ].join('\n');
}

function testCase(r: RuleRow, format: Format, evidence: RuleEvidence | undefined, skipped: string | undefined, waiver: WaiverRow | undefined): XmlNode | undefined {
  const v = r[format];
  if (v === 'untested') return undefined;
  const c = r.checks?.[format];
  const checks = c ? `${c.failed} of ${c.run} checks failed` : '';
  const node: XmlNode = { '@_classname': classnameOf(r.id), '@_name': caseName(r, format), '@_time': '0' };
  const message = `${r.id} (${r.level}) ${r.title}`;
  if (waiver) node.skipped = { '@_message': waiver.reason, '#text': `Waived (${waiver.source}${waiver.expires ? `, until ${waiver.expires}` : ''}): the failure stands, the verdict does not count it\n${evidenceText(evidence, checks)}` };
  else if (v === 'fail' && r.level === 'MUST') node.failure = { '@_message': message, '@_type': 'MUST', '#text': evidenceText(evidence, checks) };
  else if (v === 'error') node.error = { '@_message': `${message}: the harness or the transport broke`, '@_type': 'error', '#text': evidenceText(evidence, checks) };
  else if (v === 'skip') node.skipped = { '@_message': skipped ?? 'skipped' };
  else if (v === 'fail') node['system-out'] = `SHOULD warning (a failed SHOULD does not fail the target)\n${evidenceText(evidence, checks)}`;
  else if (r.recorded?.[format]) node['system-out'] = `Recorded (INFO: never passed or failed): ${r.recorded[format]}`;
  return node;
}

/** The first skip reason of each rule in each format. */
function skipReasons(outcomes: TestOutcome[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const o of outcomes) {
    if (o.verdict !== 'skip' || !o.skipped) continue;
    for (const f of o.findings) if (!out.has(`${f.rule}|${f.format}`)) out.set(`${f.rule}|${f.format}`, o.skipped);
  }
  return out;
}

/** The run's verdict and each layer's beside it (src/report/layers.ts; none for a partial run or an unreachable target, as the console and the certificate), as the suites' properties a CI view lists. */
const verdictProperties = (s: Summary): XmlNode[] => [
  { '@_name': 'verdict', '@_value': s.verdict },
  ...(shownLayers(s) ?? []).map((l) => ({ '@_name': `layer ${l.layer}`, '@_value': `${l.verdict}: ${layerText(l)}` })),
];

/** `notes`: what the run met beside the rules (the HTTP 429 waits of each endpoint test), the file's system-out, after why a stopped run stopped. */
export function junitXml(s: Summary, outcomes: TestOutcome[], evidence: RuleEvidence[], notes: string[] = []): string {
  const first = new Map<string, RuleEvidence>();
  for (const e of evidence) if (!first.has(`${e.rule}|${e.format}`)) first.set(`${e.rule}|${e.format}`, e);
  const skips = skipReasons(outcomes);
  const suites = FORMATS.map((format) => {
    const cases = s.rules.flatMap((r): XmlNode[] => {
      const c = testCase(r, format, first.get(`${r.id}|${format}`), skips.get(`${r.id}|${format}`), waiverOf(s, r.id, format));
      return c ? [c] : [];
    });
    const count = (key: string) => cases.filter((c) => key in c).length;
    // A stopped run says so where CI shows a suite's output, beside the test cases it judged.
    const out = [...(s.stopped ? [`Incomplete: ${s.stopped}.`] : []), ...notes.filter((n) => n.includes(`[${format}]`))];
    return { '@_name': `ocs-conformance [${format}]`, '@_tests': cases.length, '@_failures': count('failure'), '@_errors': count('error'), '@_skipped': count('skipped'), '@_time': '0', properties: { property: verdictProperties(s) }, testcase: cases, ...(out.length ? { 'system-out': out.join('\n') } : {}) };
  });
  const total = (key: string) => suites.reduce((n, x) => n + (x[key as keyof typeof x] as number), 0);
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    testsuites: {
      '@_name': `ocs-conformance: ${s.target.name} (${s.verdict})`,
      '@_tests': total('@_tests'), '@_failures': total('@_failures'), '@_errors': total('@_errors'), '@_skipped': total('@_skipped'),
      '@_time': ((s.provenance?.durationMs ?? 0) / 1000).toFixed(3),
      testsuite: suites,
    },
  };
  const xml = new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true }).build(doc) as string;
  // What a target sent may hold characters XML 1.0 cannot carry (control characters, a lone
  // surrogate): each becomes U+FFFD, so every reader can parse the file.
  return xml.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
