// Waivers (issue 18): how they are read and refused, what they do to the verdict, the exit
// code, the baseline comparison, JUnit and the certificate.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse as parseJunit } from 'test-results-parser';
import { parse, stringify } from 'yaml';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { FORMATS, loadRules, type Format } from '../../src/contract/load.ts';
import { ProfileError } from '../../src/profile/load.ts';
import { readWaivers, waiversHash, type Waiver, type WaiverEntry } from '../../src/profile/waivers.ts';
import { summarize, type Summary, type TestOutcome } from '../../src/report/summary.ts';
import { applyWaivers, waivedChecks } from '../../src/report/waivers.ts';
import { closingLines, consoleSummary, exitOf } from '../../src/report/console.ts';
import { compareSummaries } from '../../src/report/compare.ts';
import { diffSummaries, diffText } from '../../src/cli/diff.ts';
import { conformanceHtml } from '../../src/report/html.ts';
import { writeJunit } from '../../src/report/write.ts';
import { validator } from '../../src/contract/ajv.ts';
import { REFERENCE_PROFILE, tempTree } from './helpers.ts';

const STREET = 'CAG-JADDR-STREET-KNOWN';
const PICKUP_STREET = 'PCK-ADDRESS-STREET-KNOWN';

/** The reference profile with these waivers, and a waiver file holding `file`, in a temporary folder. */
function files(profileWaivers: unknown, file?: unknown): { profile: string; waivers: string } {
  const doc = parse(readFileSync(REFERENCE_PROFILE, 'utf8')) as Record<string, unknown>;
  if (profileWaivers !== undefined) doc.waivers = profileWaivers;
  const dir = tempTree({ 'target.yaml': stringify(doc), 'waivers.yaml': stringify(file ?? { waivers: [] }) });
  return { profile: join(dir, 'target.yaml'), waivers: join(dir, 'waivers.yaml') };
}

function assertRefused(read: () => unknown, ...fragments: string[]): void {
  assert.throws(read, (err: unknown) => {
    assert.ok(err instanceof ProfileError, `expected a ProfileError, got ${String(err)}`);
    for (const f of fragments) assert.ok(err.message.includes(f), `the message does not name ${f}: ${err.message}`);
    return true;
  });
}

describe('readWaivers', () => {
  it('reads the profile\'s waivers, then the waiver file\'s, each with the file and key it came from', () => {
    const f = files([{ rule: STREET, reason: 'directory checks the form only', expires: '2099-12-31' }], { waivers: [{ rule: PICKUP_STREET, format: 'xml', reason: 'same' }] });
    assert.deepEqual(readWaivers(f.profile, f.waivers), [
      { rule: STREET, reason: 'directory checks the form only', expires: '2099-12-31', source: `${f.profile}: key waivers.0` },
      { rule: PICKUP_STREET, format: 'xml', reason: 'same', source: `${f.waivers}: key waivers.0` },
    ]);
  });

  it('refuses an unknown rule ID, naming the file and key', () => {
    const f = files([{ rule: 'CAG-NO-SUCH-RULE', reason: 'x' }]);
    assertRefused(() => readWaivers(f.profile), f.profile, 'key waivers.0.rule', "unknown rule ID 'CAG-NO-SUCH-RULE'");
  });

  it('refuses a waiver without a reason, or with a blank one', () => {
    const f = files(undefined, { waivers: [{ rule: STREET, reason: 'ok' }, { rule: PICKUP_STREET }] });
    assertRefused(() => readWaivers(f.profile, f.waivers), f.waivers, 'key waivers.1', "'reason'");
    const blank = files([{ rule: STREET, reason: '  ' }]);
    assertRefused(() => readWaivers(blank.profile), blank.profile, 'key waivers.0.reason');
  });

  it('refuses a date that is not a calendar day in YYYY-MM-DD', () => {
    for (const expires of ['2027-02-30', '2027-2-1', '31.12.2027']) {
      const f = files([{ rule: STREET, reason: 'x', expires }]);
      assertRefused(() => readWaivers(f.profile), f.profile, 'key waivers.0.expires');
    }
  });

  it('refuses a SHOULD or INFO rule: only a MUST failure changes the verdict', () => {
    const should = loadRules().find((r) => r.level === 'SHOULD')!.id;
    const f = files([{ rule: should, reason: 'x' }]);
    assertRefused(() => readWaivers(f.profile), 'key waivers.0.rule', `${should} is a SHOULD rule`);
  });

  it('refuses two waivers of one rule that share a format, naming both', () => {
    const f = files([{ rule: STREET, reason: 'a' }], { waivers: [{ rule: STREET, format: 'json', reason: 'b' }] });
    assertRefused(() => readWaivers(f.profile, f.waivers), `${f.waivers}: key waivers.0`, `(${f.profile}: key waivers.0)`, 'for json');
    const apart = files([{ rule: STREET, format: 'xml', reason: 'a' }], { waivers: [{ rule: STREET, format: 'json', reason: 'b' }] });
    assert.equal(readWaivers(apart.profile, apart.waivers).length, 2);
  });
});

describe('waiversHash', () => {
  const a: WaiverEntry = { rule: STREET, reason: 'r' };
  const b: WaiverEntry = { rule: PICKUP_STREET, format: 'json', reason: 'r', expires: '2099-01-01' };
  it('is the same whatever the order and source, and changes with what is waived, why or until when', () => {
    assert.match(waiversHash([a, b]), /^[0-9a-f]{64}$/);
    assert.equal(waiversHash([a, b]), waiversHash([{ ...b, source: 'elsewhere' } as Waiver, a]));
    for (const other of [[a], [a, { ...b, reason: 'other' }], [a, { ...b, expires: '2099-01-02' }], [a, { ...b, format: 'xml' as const }]]) assert.notEqual(waiversHash(other), waiversHash([a, b]));
  });
});

/** A whole run: every MUST and SHOULD rule judged in both formats, passing except `failing`. */
function run(failing: { rule: string; format: Format }[]): Summary {
  const outcomes: TestOutcome[] = loadRules().filter((r) => r.level !== 'INFO').flatMap((r) => FORMATS.map((format): TestOutcome => {
    const verdict = failing.some((f) => f.rule === r.id && f.format === format) ? 'fail' : 'pass';
    return { title: `t › ${r.id} [${format}] a case`, verdict, warning: false, findings: [{ rule: r.id, format, verdict }] };
  }));
  return summarize(outcomes, { name: 'sandbox' });
}
const waiver = (rule: string, extra: Partial<Waiver> = {}): Waiver => ({ rule, reason: `accepted: ${rule}`, source: `p.yaml: key waivers.0`, ...extra });
const both = (rule: string) => FORMATS.map((format) => ({ rule, format }));
const DAY = '2026-11-24';

describe('applyWaivers', () => {
  it('turns a run whose only MUST failures are waived into CONFORMANT WITH WAIVERS, exit 0, the failures kept', () => {
    const s = run([...both(STREET), ...both(PICKUP_STREET)]);
    assert.equal(s.verdict, 'not-conformant');
    applyWaivers(s, [waiver(STREET), waiver(PICKUP_STREET)], DAY, false);
    assert.equal(s.verdict, 'conformant-with-waivers');
    const row = s.rules.find((r) => r.id === STREET)!;
    assert.deepEqual([row.json, row.xml, row.waived], ['fail', 'fail', ['json', 'xml']]);
    assert.deepEqual(s.waivers!.list.map((w) => [w.rule, w.status, w.waived]), [[STREET, 'needed', ['json', 'xml']], [PICKUP_STREET, 'needed', ['json', 'xml']]]);
    assert.deepEqual(exitOf(s), { code: 0 });
    assert.match(consoleSummary(s).at(-1)!, /^Conformance: CONFORMANT-WITH-WAIVERS \(MUST failures waived: CAG-JADDR-STREET-KNOWN, PCK-ADDRESS-STREET-KNOWN\)$/);
  });

  it('counts the failed checks that broke only waived rules, and the console\'s last line says so', () => {
    const failing = [...both(STREET), { rule: PICKUP_STREET, format: 'json' as const }];
    const outcomes: TestOutcome[] = [
      ...failing.map((f): TestOutcome => ({ verdict: 'fail', warning: false, findings: [{ ...f, verdict: 'fail' }] })),
      // A check that broke a waived rule and one that is not: it still counts.
      { verdict: 'fail', warning: false, findings: [{ rule: STREET, format: 'json', verdict: 'fail' }, { rule: 'CNT-CONTACTIDS-MAX', format: 'json', verdict: 'fail' }] },
      { verdict: 'pass', warning: false, findings: [{ rule: 'CNT-CONTACTIDS-MAX', format: 'xml', verdict: 'pass' }] },
    ];
    const s = summarize(outcomes, { name: 'sandbox' });
    assert.equal(waivedChecks(outcomes, s), 0, 'nothing waived yet');
    applyWaivers(s, [waiver(STREET), waiver(PICKUP_STREET, { format: 'xml' })], DAY, false);
    // STREET in both formats: 2; PICKUP_STREET failed in JSON, waived only in XML: not waived.
    assert.equal(waivedChecks(outcomes, s), 2);
    assert.equal(closingLines(s, tempTree({}), false, waivedChecks(outcomes, s)).at(-1), '1 passed, 4 failed, 0 errored, 0 skipped; 2 of the failed checks broke only waived rules');
  });

  it('leaves a failure in a format the waiver does not cover against the verdict', () => {
    const s = run(both(STREET));
    applyWaivers(s, [waiver(STREET, { format: 'json' })], DAY, false);
    assert.equal(s.verdict, 'not-conformant');
    assert.deepEqual(s.rules.find((r) => r.id === STREET)!.waived, ['json']);
    assert.equal(exitOf(s).code, 1);
  });

  it('reports a waiver whose rule passed as stale: a warning, and exit 1 with --strict-waivers', () => {
    const lax = run([]);
    applyWaivers(lax, [waiver(STREET)], DAY, false);
    assert.equal(lax.verdict, 'conformant');
    assert.equal(lax.waivers!.list[0]!.status, 'stale');
    assert.deepEqual(exitOf(lax), { code: 0 });
    assert.ok(consoleSummary(lax).some((l) => l.startsWith(`  warning: ${STREET} [json, xml] stale`)));
    const strict = run([]);
    applyWaivers(strict, [waiver(STREET)], DAY, true);
    assert.deepEqual(exitOf(strict), { code: 1, line: `ocs-conformance: 1 stale or expired waiver(s) with --strict-waivers: ${STREET} (stale)` });
  });

  it('waives nothing once expired (the day after its last), and lists it as expired', () => {
    const onTheDay = run(both(STREET));
    applyWaivers(onTheDay, [waiver(STREET, { expires: DAY })], DAY, false);
    assert.equal(onTheDay.verdict, 'conformant-with-waivers');
    const after = run(both(STREET));
    applyWaivers(after, [waiver(STREET, { expires: '2026-11-23' })], DAY, false);
    assert.equal(after.verdict, 'not-conformant');
    assert.equal(after.waivers!.list[0]!.status, 'expired');
    assert.equal(after.rules.find((r) => r.id === STREET)!.waived, undefined);
  });

  it('keeps a run that is not whole incomplete, and a waiver of a rule that did not run unjudged', () => {
    const s = summarize([{ title: 't › x', verdict: 'fail', warning: false, findings: [{ rule: STREET, format: 'json', verdict: 'fail' }] }], { name: 'x' });
    applyWaivers(s, [waiver(STREET), waiver(PICKUP_STREET)], DAY, false);
    assert.equal(s.verdict, 'incomplete');
    assert.deepEqual(s.waivers!.list.map((w) => w.status), ['needed', 'unjudged']);
  });

  it('writes a summary.json the schema accepts', () => {
    const s = run(both(STREET));
    applyWaivers(s, [waiver(STREET, { expires: '2099-01-01' })], DAY, true);
    const validate = validator('summary.schema.json');
    const { provenance: _p, ...rest } = s;
    const ok = validate({ ...rest, partial: false, provenance: { harness: { name: 'h', version: '1' }, catalog: { version: '1', sha256: 'a'.repeat(64), rules: { MUST: 1, SHOULD: 0, INFO: 0, total: 1 } }, target: { embeddedReference: true }, startedAt: '2026-11-24T00:00:00Z', durationMs: 1, seed: 1, runsPerProperty: 0, workers: 1, shard: null, node: 'v20.0.0', playwright: '1', waivers: { count: 1, sha256: 'b'.repeat(64) } } });
    assert.ok(ok, JSON.stringify(validate.errors));
  });
});

describe('the baseline and diff with waivers', () => {
  it('counts a new failure of an unwaived rule as a regression, and a waived one apart', () => {
    const old = run([]);
    const now = run([...both(STREET), { rule: PICKUP_STREET, format: 'json' }]);
    applyWaivers(now, [waiver(STREET)], DAY, false);
    const c = compareSummaries(old, now);
    assert.deepEqual(c.regressions.map((x) => `${x.rule} ${x.format}`), [`${PICKUP_STREET} json`]);
    assert.deepEqual(c.waived.map((x) => `${x.rule} ${x.format}`), [`${STREET} json`, `${STREET} xml`]);
  });

  it('diff names a newly waived failure apart from the regressions', () => {
    const old = run([]);
    const now = run(both(STREET));
    applyWaivers(now, [waiver(STREET)], DAY, false);
    const d = diffSummaries('old.json', { ...old, generatedAt: undefined }, 'new.json', { ...now, generatedAt: undefined });
    assert.deepEqual(d.regressions, []);
    assert.equal(diffText(d), [
      'old.json → new.json: 0 regressed, 0 fixed, 0 no longer tested, 2 newly failing under a waiver',
      `  waived: ${STREET} [json] (MUST): pass → fail`,
      `  waived: ${STREET} [xml] (MUST): pass → fail`,
      'Verdict: conformant → conformant-with-waivers',
    ].join('\n'));
  });

  it('finds nothing between a waived run and itself', () => {
    const s = run(both(STREET));
    applyWaivers(s, [waiver(STREET)], DAY, false);
    assert.deepEqual(compareSummaries(s, s), { regressions: [], fixes: [], untested: [], waived: [] });
  });
});

describe('JUnit and the certificate with waivers', () => {
  const s = run([...both(STREET), { rule: PICKUP_STREET, format: 'xml' }]);
  applyWaivers(s, [waiver(STREET, { expires: '2099-06-30' }), waiver(PICKUP_STREET, { format: 'xml' }), waiver('CNT-CONTACTIDS-MAX')], DAY, false);

  it('makes a waived failure a skipped test case whose message is the reason, with its evidence', () => {
    const dir = tempDir('ocs-waivers-');
    const outcomes: TestOutcome[] = [];
    writeJunit(s, outcomes, [{ rule: STREET, format: 'json', step: 's', title: 't', expected: 'rejected (HTTP 400)', received: 'HTTP 200 (accepted)', rerun: 'npm start' }], [], dir);
    const cases = parseJunit({ type: 'junit', files: [join(dir, 'junit.xml')] }).suites.flatMap((x) => x.cases);
    const street = cases.find((c) => c.name.startsWith(`${STREET} [json]`))!;
    assert.equal(street.status, 'SKIP');
    const text = readFileSync(join(dir, 'junit.xml'), 'utf8');
    assert.match(text, /<skipped message="accepted: CAG-JADDR-STREET-KNOWN">Waived/);
    assert.match(text, /Waived \(p\.yaml: key waivers\.0, until 2099-06-30\)[^<]*\nCAG-JADDR-STREET-KNOWN \[json\] t[^<]*Received: HTTP 200 \(accepted\)/);
    assert.equal(cases.filter((c) => c.status === 'FAIL').length, 0);
  });

  it('says CONFORMANT WITH WAIVERS and lists each waiver with its reason, expiry and status', () => {
    const html = conformanceHtml(s);
    assert.match(html, /<p id="verdict"[^>]*>CONFORMANT WITH WAIVERS<\/p>/);
    const table = html.slice(html.indexOf('<table id="waivers-table">'), html.indexOf('</table>', html.indexOf('<table id="waivers-table">')));
    assert.match(table, /<code>CAG-JADDR-STREET-KNOWN<\/code><\/td><td>json, xml<\/td><td[^>]*>needed \(json, xml\)<\/td><td>2099-06-30<\/td><td>accepted: CAG-JADDR-STREET-KNOWN<\/td>/);
    assert.match(table, /<code>PCK-ADDRESS-STREET-KNOWN<\/code><\/td><td>xml<\/td><td[^>]*>needed \(xml\)<\/td><td>no expiry<\/td>/);
    assert.match(table, /<code>CNT-CONTACTIDS-MAX<\/code><\/td><td>json, xml<\/td><td[^>]*>stale<\/td>/);
    assert.ok(html.includes('<td style="color:#cf222e;font-weight:600">fail (waived)</td>'));
  });
});
