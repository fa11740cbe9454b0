// What leaves the process: secrets masked in every spelling, a replay line that carries
// environment variables instead of secrets, the certificate's verdict, and the HTML page.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { encodeRequest } from '../../src/codec/index.ts';
import { wireRequest } from '../../src/client/transport.ts';
import { loadRules, type Format, type Operation } from '../../src/contract/load.ts';
import { MASK, masker } from '../../src/profile/mask.ts';
import { curlLine } from '../../src/report/evidence.ts';
import { probableCauses, summarize, type Provenance, type Summary, type TestOutcome } from '../../src/report/summary.ts';
import { conformanceHtml } from '../../src/report/html.ts';
import { consoleSummary } from '../../src/report/console.ts';
import { compareSummaries } from '../../src/report/compare.ts';
import { provenance } from '../../src/report/provenance.ts';
import { rerunLine } from '../../src/report/step-text.ts';
import type { Verdict } from '../../src/checks/finding.ts';
import { referenceProfile } from './helpers.ts';

const profile = referenceProfile();

describe('masker', () => {
  const secret = 'a&b<c>"d\'e f/ü+1';
  const spellings = {
    raw: secret,
    json: JSON.stringify(secret).slice(1, -1),
    xml: 'a&amp;b&lt;c&gt;&quot;d&apos;e f/ü+1',
    url: encodeURIComponent(secret),
  };
  const mask = masker({ appkey: secret, sessionID: 'sess-0042' });

  for (const [name, spelling] of Object.entries(spellings)) {
    it(`masks a secret spelt ${name}`, () => {
      const text = `before ${spelling} middle ${spelling} after`;
      const out = mask(text);
      assert.equal(out, `before ${MASK} middle ${MASK} after`);
    });
  }

  it('masks the secrets in encoded request bodies and URLs', () => {
    const body = { appkey: secret, sessionID: 'sess-0042', orderID: '1' };
    for (const text of [JSON.stringify(body), encodeRequest('xml', body), `https://x.test/?appkey=${encodeURIComponent(secret)}&s=sess-0042`]) {
      const out = mask(text);
      for (const s of [...Object.values(spellings), 'sess-0042']) assert.ok(!out.includes(s), `${s} survives in ${out}`);
      assert.ok(out.includes(MASK));
    }
  });

  it('masks a secret that contains another one whole', () => {
    assert.equal(masker({ appkey: 'abc', sessionID: 'abcdef' })('x abcdef y abc z'), `x ${MASK} y ${MASK} z`);
  });

  it('leaves other text alone (5 characters of a secret say nothing), and ignores an empty secret', () => {
    assert.equal(mask('nothing secret here: a&b, sess-'), 'nothing secret here: a&b, sess-');
    assert.equal(masker({ appkey: '', sessionID: '' })('some text'), 'some text');
  });
});

describe('curlLine', () => {
  // Shell-special but not JSON- or XML-special: the replay must hand them over untouched.
  const APPKEY = 'key $HOME `id` !x *';
  const SESSION = 'sess 42;rm';
  const secrets = { appkey: { value: APPKEY, env: 'OCS_APPKEY' }, sessionID: { value: SESSION, env: 'OCS_SESSION_ID' } };
  const request = {
    appkey: APPKEY, sessionID: SESSION, orderID: '26-0000101', changeOrderPayer: false, storePayer: 'third',
    receiver: { counteragentID: 5001, contactPersons: [{ name: 'Пётр O\'Brien "Петя" & <Ко>' }], phoneIDs: [7001] },
    third: { counteragentID: 5001, contactIDs: [6001], phoneIDs: [7001] },
  };

  /** Runs the line in bash with curl replaced by a function that prints its last argument. */
  function replay(line: string): string {
    const script = `curl() { printf '%s' "\${@: -1}"; }\n${line}`;
    const out = spawnSync('bash', ['-c', script], { env: { PATH: process.env.PATH, HOME: '/home/nobody', OCS_APPKEY: APPKEY, OCS_SESSION_ID: SESSION }, encoding: 'utf8' });
    assert.equal(out.status, 0, out.stderr);
    return out.stdout;
  }

  for (const [op, format] of [['change_receiver', 'json'], ['change_receiver', 'xml'], ['change_pickup', 'json']] as [Operation, Format][]) {
    it(`replays the ${op} ${format.toUpperCase()} body exactly, without the secrets`, () => {
      const body = encodeRequest(format, request);
      const req = wireRequest(profile, 'http://127.0.0.1:8080/', op, format, body);
      const line = curlLine(req, secrets);
      assert.ok(!line.includes(APPKEY), 'the appkey is in the line');
      assert.ok(!line.includes(SESSION), 'the sessionID is in the line');
      assert.ok(line.includes('$OCS_APPKEY'), line);
      assert.ok(line.includes('$OCS_SESSION_ID'), line);
      assert.ok(line.startsWith('curl '), line);
      assert.ok(line.includes(`'http://127.0.0.1:8080/v3/orders/${op}.${format}'`), line);
      assert.ok(line.includes(`-X POST`), line);
      assert.equal(replay(line), body);
    });
  }

  it('passes the headers and URL through the shell unchanged', () => {
    const req = { method: 'POST', url: 'http://h.test/v3/orders/change_pickup.xml?a=1&b=\'2\'', headers: { 'content-type': 'application/xml', 'x-note': 'it\'s $HOME' }, body: '<request/>' };
    const script = `curl() { printf '%s\\n' "$@"; }\n${curlLine(req, secrets)}`;
    const out = spawnSync('bash', ['-c', script], { env: { PATH: process.env.PATH }, encoding: 'utf8' });
    assert.equal(out.status, 0, out.stderr);
    const args = out.stdout.split('\n');
    assert.ok(args.includes(req.url), out.stdout);
    assert.ok(args.includes('x-note: it\'s $HOME'), out.stdout);
    assert.ok(args.includes('content-type: application/xml'), out.stdout);
  });

  it('carries no spelling of a secret that JSON or XML escapes', () => {
    const escaped = { appkey: { value: 'k&y"1<2>', env: 'OCS_APPKEY' }, sessionID: { value: 'se"ss', env: 'OCS_SESSION_ID' } };
    const mask = masker({ appkey: escaped.appkey.value, sessionID: escaped.sessionID.value });
    for (const format of ['json', 'xml'] as const) {
      const body = encodeRequest(format, { appkey: escaped.appkey.value, sessionID: escaped.sessionID.value, orderID: '1' });
      const line = curlLine(wireRequest(profile, 'http://127.0.0.1:1', 'change_receiver', format, body), escaped);
      assert.ok(mask(line) === line, `a secret, JSON- or XML-escaped, is in the ${format} replay line: ${line}`);
    }
  });
});

describe('summarize', () => {
  const rules = loadRules();
  const levelOf = (id: string) => rules.find((r) => r.id === id)!.level;
  const MUST = 'MBR-EMAIL-MAX';
  const SHOULD = 'RSP-CONTENT-TYPE';
  const INFO = 'INFO-NULL-FIELD';
  assert.equal(levelOf(MUST), 'MUST');
  assert.equal(levelOf(SHOULD), 'SHOULD');
  assert.equal(levelOf(INFO), 'INFO');

  const outcome = (verdict: Verdict, findings: [string, Format, Verdict][], warning = false): TestOutcome =>
    ({ verdict, warning, findings: findings.map(([rule, format, v]) => ({ rule, format, verdict: v })) });
  const target = { name: 'test target', baseUrl: 'http://127.0.0.1:1' };
  const row = (s: Summary, id: string) => s.rules.find((r) => r.id === id)!;
  // A whole run: every MUST and SHOULD rule passed in both formats, as one test.
  const whole = outcome('pass', rules.filter((r) => r.level !== 'INFO').flatMap((r) => [[r.id, 'json', 'pass'], [r.id, 'xml', 'pass']] as [string, Format, Verdict][]));
  const summarizeWhole = (outcomes: TestOutcome[]) => summarize([whole, ...outcomes], target);

  it('is conformant when every MUST passes', () => {
    const s = summarizeWhole([outcome('pass', [[MUST, 'json', 'pass'], [MUST, 'xml', 'pass']])]);
    assert.equal(s.verdict, 'conformant');
    assert.deepEqual(s.untested, []);
    assert.deepEqual(s.counts, { pass: 2, fail: 0, skip: 0, error: 0 });
    assert.equal(s.warnings, 0);
    assert.deepEqual(s.target, target);
  });

  it('is incomplete after a partial run, naming the rules it did not exercise', () => {
    const s = summarize([outcome('pass', [[MUST, 'json', 'pass'], [MUST, 'xml', 'pass']])], target);
    assert.equal(s.verdict, 'incomplete');
    assert.ok(s.unjudged.includes('TOP-APPKEY-REQUIRED') && !s.unjudged.includes(MUST));
    assert.ok(s.untested.includes('TOP-APPKEY-REQUIRED') && !s.untested.includes(MUST) && !s.untested.includes(INFO));
  });

  it('lists every catalog rule, untested where no finding names it', () => {
    const s = summarize([outcome('pass', [[MUST, 'json', 'pass']])], target);
    assert.deepEqual(s.rules.map((r) => r.id), rules.map((r) => r.id));
    assert.deepEqual({ json: row(s, MUST).json, xml: row(s, MUST).xml }, { json: 'pass', xml: 'untested' });
    assert.equal(row(s, 'TOP-APPKEY-REQUIRED').json, 'untested');
    assert.equal(row(s, MUST).title, rules.find((r) => r.id === MUST)!.title);
  });

  it('is not conformant when a MUST fails in one format', () => {
    const s = summarize([
      outcome('pass', [[MUST, 'json', 'pass']]),
      outcome('fail', [[MUST, 'xml', 'fail']]),
    ], target);
    assert.equal(s.verdict, 'not-conformant');
    assert.deepEqual({ json: row(s, MUST).json, xml: row(s, MUST).xml }, { json: 'pass', xml: 'fail' });
  });

  it('keeps the worst verdict of a cell: a failure outweighs passes', () => {
    const s = summarize([outcome('pass', [[MUST, 'json', 'pass']]), outcome('fail', [[MUST, 'json', 'fail']]), outcome('pass', [[MUST, 'json', 'pass']])], target);
    assert.equal(row(s, MUST).json, 'fail');
    assert.equal(s.verdict, 'not-conformant');
  });

  it('stays conformant with a failed SHOULD, counting a warning', () => {
    const s = summarizeWhole([outcome('pass', [[MUST, 'json', 'pass'], [SHOULD, 'json', 'fail']], true)]);
    assert.equal(s.verdict, 'conformant');
    assert.equal(s.warnings, 1);
    assert.equal(row(s, SHOULD).json, 'fail');
  });

  it('never fails the verdict on an INFO rule, and shows what it saw as recorded, never as a pass', () => {
    const s = summarizeWhole([outcome('pass', [[MUST, 'json', 'pass'], [INFO, 'json', 'fail'], [INFO, 'xml', 'pass']])]);
    assert.equal(s.verdict, 'conformant');
    assert.deepEqual([row(s, INFO).json, row(s, INFO).xml], ['recorded', 'recorded']);
  });

  it('keeps what an INFO rule recorded, a line per case', () => {
    const noted: TestOutcome = { title: 'change_receiver [json] › INFO-NULL-FIELD [json] a null counteragent is recorded', verdict: 'pass', warning: false, findings: [{ rule: INFO, format: 'json', verdict: 'pass', note: 'Recorded: HTTP 200 (accepted)' }] };
    assert.deepEqual(row(summarizeWhole([noted]), INFO).recorded, { json: 'a null counteragent: HTTP 200 (accepted)' });
  });

  it('is incomplete when a MUST rule is skipped, naming each skip reason with the fixture the profile lacks', () => {
    const skipped: TestOutcome = { verdict: 'skip', warning: false, skipped: 'the profile\'s fixtures.addressBook.contactIDs has fewer than 4 elements', findings: [{ rule: 'ERR-610003', format: 'json', verdict: 'skip' }] };
    const rest = { ...whole, findings: whole.findings.filter((f) => f.rule !== 'ERR-610003' || f.format === 'xml') };
    const s = summarize([rest, skipped, { ...skipped }], target);
    assert.equal(s.verdict, 'incomplete');
    assert.deepEqual(s.unjudged, ['ERR-610003']);
    assert.deepEqual(s.skips, [{ reason: skipped.skipped, checks: 2, rules: ['ERR-610003'], fixture: { key: 'fixtures.addressBook.contactIDs', needs: 4 } }]);
  });

  it('stays conformant when a MUST rule is skipped only as not applicable on the finding (a relation the request cannot show), and incomplete when the finding\'s skip is anything else', () => {
    const rest = { ...whole, findings: whole.findings.filter((f) => f.rule !== 'REL-RESULT-AS-SEARCH') };
    const skippedBy = (note: string): TestOutcome => ({ verdict: 'pass', warning: false, findings: [{ rule: 'REL-RESULT-AS-SEARCH', format: 'json', verdict: 'skip', note }, { rule: 'REL-RESULT-AS-SEARCH', format: 'xml', verdict: 'skip', note }] });
    const na = summarize([rest, skippedBy('not applicable: the request has no text search')], target);
    assert.equal(na.verdict, 'conformant');
    assert.deepEqual([row(na, 'REL-RESULT-AS-SEARCH').json, row(na, 'REL-RESULT-AS-SEARCH').xml], ['skip', 'skip']);
    assert.equal(summarize([rest, skippedBy('the profile lacks a search')], target).verdict, 'incomplete');
  });

  it('is incomplete when a finding errors', () => {
    const s = summarize([whole, outcome('error', [[INFO, 'xml', 'error']])], target);
    assert.equal(s.verdict, 'incomplete');
    assert.equal(row(s, INFO).xml, 'error');
  });

  it('is incomplete when a test errors without findings (the transport broke)', () => {
    const s = summarize([whole, outcome('error', [])], target);
    assert.equal(s.verdict, 'incomplete');
    assert.equal(s.counts.error, 1);
  });

  it('is incomplete after an empty run, or a stopped one', () => {
    assert.equal(summarize([], target).verdict, 'incomplete');
    const stopped = summarize([whole], target, [], 'the run was stopped (interrupted) before every test ended');
    assert.equal(stopped.verdict, 'incomplete');
    assert.equal(stopped.stopped, 'the run was stopped (interrupted) before every test ended');
  });

  it('is not conformant, not incomplete, when a MUST fails in a stopped run', () => {
    assert.equal(summarize([outcome('fail', [[MUST, 'xml', 'fail']])], target, [], 'stopped').verdict, 'not-conformant');
  });

  it('counts the checks that judged a rule in each format, and those it failed', () => {
    const s = summarize([outcome('fail', [[MUST, 'json', 'fail'], [MUST, 'json', 'pass']]), outcome('pass', [[MUST, 'json', 'pass']])], target);
    assert.deepEqual(row(s, MUST).checks, { json: { run: 2, failed: 1 } });
  });
});

describe('conformanceHtml', () => {
  const summary = (verdict: Summary['verdict'], rows: Summary['rules']): Summary => ({
    verdict, target: { name: 'Vendor <b>"X"</b> & Co', baseUrl: 'https://v.test/?a=1&b=<2>', profile: 'profiles/v.yaml' },
    generatedAt: '2026-11-21T10:00:00.000Z', counts: { pass: 3, fail: 1, skip: 0, error: 0 }, warnings: 1, untested: [], unjudged: [], refused: [], skips: [], rules: rows, probableCauses: [],
  });
  const rows: Summary['rules'] = [
    { id: 'X-MUST', level: 'MUST', title: 'MUST <script>alert("x")</script> & \'quote\'', json: 'pass', xml: 'fail', section: '2.2', seenIn: ['change_receiver › X-MUST [xml] <i>four</i> are rejected'] },
    { id: 'X-SHOULD', level: 'SHOULD', title: 'SHOULD name <the> type', json: 'fail', xml: 'pass', section: '4', seenIn: ['X-SHOULD [json] a type'] },
  ];

  it('escapes titles and the target', () => {
    const html = conformanceHtml(summary('not-conformant', rows));
    assert.ok(!html.includes('<script>'), 'a title\'s markup reached the page');
    assert.ok(!html.includes('<b>'), 'the target name\'s markup reached the page');
    assert.ok(!html.includes('<the>'));
    assert.ok(!html.includes('b=<2>'));
    assert.match(html, /MUST &(lt|#60);script&(gt|#62);alert\(&(quot|#34);x&(quot|#34);\)/);
    assert.match(html, /&(amp|#38); &(#39|apos);quote&(#39|apos);/);
  });

  it('lists the failing MUST rules first, with the spec section and the tests they failed in', () => {
    const html = conformanceHtml(summary('not-conformant', rows));
    const failing = html.slice(html.indexOf('<h2>Failing rules</h2>'), html.indexOf('<h2>All rules</h2>'));
    assert.match(failing, /X-MUST<\/code><\/a> \(MUST, spec 2\.2\)/);
    assert.match(failing, /&(lt|#60);i&(gt|#62);four/);
    assert.doesNotMatch(failing, /X-SHOULD/, 'a failed SHOULD is a warning, not a failing rule');
    assert.doesNotMatch(conformanceHtml(summary('conformant', rows.map((r) => ({ ...r, seenIn: undefined })))), /Failing rules/);
  });

  it('states the verdict, and shows a failed SHOULD as a warning', () => {
    const bad = conformanceHtml(summary('not-conformant', rows));
    assert.match(bad, /NOT CONFORMANT/);
    const good = conformanceHtml(summary('conformant', rows));
    assert.match(good, />CONFORMANT</);
    assert.doesNotMatch(good, /NOT CONFORMANT/);
    const shouldRow = good.split('\n').find((l) => l.startsWith('<tr id="rule-X-SHOULD">'))!;
    assert.match(shouldRow, />warn</);
    assert.doesNotMatch(shouldRow, />fail</);
    const mustRow = good.split('\n').find((l) => l.startsWith('<tr id="rule-X-MUST">'))!;
    assert.match(mustRow, />fail</);
  });
});

describe('rerunLine', () => {
  it('reruns one step of one test against a named target without its secrets', () => {
    const line = rerunLine('change_receiver [xml]', "CNT-X [xml] four (4) contact IDs aren't taken", {}, { OCS_BASE_URL: 'https://v.test/api', OCS_PROFILE: "profiles/it's.yaml", OCS_APPKEY: 'secret-key' });
    assert.equal(line, "OCS_BASE_URL='https://v.test/api' OCS_PROFILE='profiles/it'\\''s.yaml' OCS_STEP='CNT-X [xml] four (4) contact IDs aren'\\''t taken' npm start -- --grep 'change_receiver \\[xml\\]'");
    assert.ok(!line.includes('secret-key'));
  });

  it('restarts the embedded reference with the same fault instead of its dead port, and replays a seed', () => {
    const line = rerunLine('change_pickup [json]', 'T [json] x', { OCS_SEED: '7', OCS_PATH: '1:0' }, { OCS_EMBEDDED_REFERENCE: '1', OCS_BASE_URL: 'http://127.0.0.1:4444', OCS_REFERENCE_FAULT: 'region-not-checked' });
    assert.equal(line, "OCS_REFERENCE_FAULT='region-not-checked' OCS_SEED='7' OCS_PATH='1:0' OCS_STEP='T [json] x' npm start -- --grep 'change_pickup \\[json\\]'");
  });
});

describe('probableCauses', () => {
  const check = (...findings: [string, Format, Verdict][]): TestOutcome =>
    ({ verdict: findings.some(([, , v]) => v === 'fail') ? 'fail' : 'pass', warning: false, findings: findings.map(([rule, format, verdict]) => ({ rule, format, verdict })) });
  const rows = loadRules();

  it('names a response rule failing on a majority of the checks that judged it, per format, counting a check once', () => {
    const outcomes = [
      check(['RSP-GENERATED-AT', 'json', 'fail'], ['RSP-GENERATED-AT', 'json', 'fail']),
      check(['RSP-GENERATED-AT', 'json', 'fail']),
      check(['RSP-GENERATED-AT', 'json', 'fail']),
      check(['RSP-GENERATED-AT', 'json', 'pass']),
      check(['RSP-GENERATED-AT', 'xml', 'pass'], ['RSP-GENERATED-AT', 'xml', 'fail']),
      check(['RSP-GENERATED-AT', 'xml', 'pass']),
    ];
    assert.deepEqual(probableCauses(outcomes, rows), [{ rule: 'RSP-GENERATED-AT', level: 'MUST', format: 'json', failed: 3, judged: 4, explains: 3 }]);
  });

  it('leaves out a response rule failing on half its checks or fewer, the service\'s request rules and INFO rules', () => {
    const outcomes = [
      check(['RSP-HTTP-STATUS', 'json', 'fail']), check(['RSP-HTTP-STATUS', 'json', 'pass']),
      check(['CNT-CONTACTIDS-MAX', 'json', 'fail']),
      check(['INFO-ERROR-BODY', 'json', 'fail']),
      check(['RSP-CONTENT-TYPE', 'xml', 'fail'], ['RSP-CONTENT-TYPE', 'xml', 'skip']),
    ];
    assert.deepEqual(probableCauses(outcomes, rows), [{ rule: 'RSP-CONTENT-TYPE', level: 'SHOULD', format: 'xml', failed: 1, judged: 1, explains: 0 }]);
  });

  it('names a standard\'s rule too, and counts only the failing checks it is the one failing rule of as explained', () => {
    const outcomes = [
      check(['HTTP-ABSOLUTE-FORM', 'xml', 'fail'], ['RSP-HTTP-STATUS', 'xml', 'pass']),
      check(['HTTP-ABSOLUTE-FORM', 'xml', 'fail'], ['RSP-GENERATED-AT', 'xml', 'fail']),
      check(['HTTP-ABSOLUTE-FORM', 'xml', 'pass']),
    ];
    assert.deepEqual(probableCauses(outcomes, rows).find((c) => c.rule === 'HTTP-ABSOLUTE-FORM'), { rule: 'HTTP-ABSOLUTE-FORM', level: 'MUST', format: 'xml', failed: 2, judged: 3, explains: 1 });
  });

  it('is part of the summary', () => {
    const s = summarize([check(['RSP-GENERATED-AT', 'xml', 'fail'])], { name: 't' });
    assert.deepEqual(s.probableCauses.map((c) => c.rule), ['RSP-GENERATED-AT']);
  });
});

describe('compareSummaries', () => {
  const row = (id: string, level: 'MUST' | 'SHOULD' | 'INFO', json: string, xml: string) => ({ id, level, json, xml }) as Summary['rules'][number];
  const old = { rules: [row('A-1', 'MUST', 'pass', 'pass'), row('B-1', 'MUST', 'fail', 'error'), row('C-1', 'INFO', 'pass', 'pass'), row('D-1', 'SHOULD', 'pass', 'skip'), row('GONE-1', 'MUST', 'pass', 'pass')] };
  const now = { rules: [row('A-1', 'MUST', 'fail', 'error'), row('B-1', 'MUST', 'pass', 'pass'), row('C-1', 'INFO', 'fail', 'error'), row('D-1', 'SHOULD', 'untested', 'untested'), row('NEW-1', 'MUST', 'fail', 'fail')] };

  it('finds regressions (pass to fail or error), fixes and what became untested, per rule and format', () => {
    const c = compareSummaries(old, now);
    assert.deepEqual(c.regressions.map((x) => `${x.rule} ${x.format} ${x.was}>${x.now}`), ['A-1 json pass>fail', 'A-1 xml pass>error', 'C-1 xml pass>error']);
    assert.deepEqual(c.fixes.map((x) => `${x.rule} ${x.format}`), ['B-1 json', 'B-1 xml']);
    assert.deepEqual(c.untested.map((x) => `${x.rule} ${x.format} ${x.was}`), ['D-1 json pass', 'D-1 xml skip']);
  });

  it('finds nothing between a summary and itself', () => {
    assert.deepEqual(compareSummaries(now, now), { regressions: [], fixes: [], untested: [], waived: [] });
  });
});

describe('consoleSummary', () => {
  const base = (over: Partial<Summary>): Summary => ({
    verdict: 'not-conformant', target: { name: 't' }, generatedAt: '2026-11-21T10:00:00.000Z', counts: { pass: 1, fail: 0, skip: 0, error: 0 },
    warnings: 0, untested: loadRules().filter((r) => r.level !== 'INFO').map((r) => r.id), unjudged: [], refused: [], skips: [], rules: [], probableCauses: [], ...over,
  });

  it('says how many rules a partial run did not run, without naming them', () => {
    const lines = consoleSummary(base({ partial: true, verdict: 'incomplete' }));
    const untested = base({}).untested.length;
    assert.deepEqual(lines, [`Conformance: INCOMPLETE (${untested} rules not run (expected for a partial run))`]);
  });

  it('names at most five rules a whole run missed', () => {
    const [line] = consoleSummary(base({ partial: false, verdict: 'incomplete' }));
    assert.match(line!, /^Conformance: INCOMPLETE \(not run in both formats: ([A-Z0-9-]+, ){4}[A-Z0-9-]+ and [0-9]+ more\)$/);
  });

  it('names each failing rule on one line, with its formats and checks, and where the evidence is', () => {
    const rules = [{ id: 'RSP-GENERATED-AT', level: 'MUST' as const, title: 'g', section: '2.4', json: 'fail' as const, xml: 'fail' as const, checks: { json: { run: 260, failed: 260 }, xml: { run: 244, failed: 240 } } }];
    const lines = consoleSummary(base({ untested: [], rules }));
    assert.deepEqual(lines.slice(0, 3), [
      'Failing rules (formats, checks failed of checks run):',
      '  RSP-GENERATED-AT (MUST): JSON fail on 260 of 260 checks; XML fail on 240 of 244 checks',
      'Evidence in reports/: junit.xml (each rule\'s first failing check: request, response, curl and rerun lines), html/index.html (every check)',
    ]);
  });

  it('names the report directory the run wrote to in its evidence line', () => {
    const rules = [{ id: 'RSP-GENERATED-AT', level: 'MUST' as const, title: 'g', section: '2.4', json: 'fail' as const, xml: 'pass' as const }];
    assert.ok(consoleSummary(base({ untested: [], rules }), '/somewhere/else').includes('Evidence in /somewhere/else/: junit.xml (each rule\'s first failing check: request, response, curl and rerun lines), html/index.html (every check)'));
  });

  it('names every missing fixture at once, with how many values each needs', () => {
    const skips = [
      { reason: 'the profile\'s fixtures.addressBook.contactIDs has fewer than 4 elements', checks: 2, rules: ['CNT-CONTACTIDS-MAX'], fixture: { key: 'fixtures.addressBook.contactIDs', needs: 4 } },
      { reason: 'the profile has no fixtures.orders.anonymous', checks: 2, rules: ['ERR-610003'], fixture: { key: 'fixtures.orders.anonymous', needs: 1 } },
    ];
    const lines = consoleSummary(base({ untested: [], skips, counts: { pass: 1, fail: 0, skip: 4, error: 0 } }));
    assert.ok(lines.includes('Skipped: 4 checks, every reason in the certificate; the profile needs fixtures.addressBook.contactIDs (4 values), fixtures.orders.anonymous (1 value)'), lines.join('\n'));
  });

  it('leads with the probable cause, then the changes since the baseline, regressions first', () => {
    const lines = consoleSummary(base({
      untested: [],
      probableCauses: [{ rule: 'RSP-GENERATED-AT', level: 'MUST', format: 'json', failed: 90, judged: 90 }, { rule: 'RSP-GENERATED-AT', level: 'MUST', format: 'xml', failed: 80, judged: 85 }],
      baseline: {
        file: 'old/summary.json', generatedAt: '2026-11-20T10:00:00.000Z',
        regressions: [{ rule: 'RSP-GENERATED-AT', level: 'MUST', format: 'json', was: 'pass', now: 'fail' }],
        fixes: [{ rule: 'CNT-CONTACTIDS-MAX', level: 'MUST', format: 'xml', was: 'fail', now: 'pass' }],
        untested: [], waived: [],
      },
    }));
    assert.deepEqual(lines, [
      'Probable cause: RSP-GENERATED-AT (MUST) fails on 90 of 90 checks in JSON and 80 of 85 checks in XML',
      'Changed since baseline old/summary.json (2026-11-20T10:00:00.000Z): 1 regressed, 1 fixed, 0 no longer tested',
      '  regressed: RSP-GENERATED-AT [json] (MUST): pass → fail',
      '  fixed: CNT-CONTACTIDS-MAX [xml] (MUST): fail → pass',
      'Conformance: NOT-CONFORMANT',
    ]);
  });
});

describe('conformanceHtml: provenance, probable causes and baseline', () => {
  const provenance: Provenance = {
    harness: { name: 'ocs-conformance', version: '9.9.9' },
    catalog: { version: '9.9.9', sha256: 'a'.repeat(64), rules: { MUST: 1, SHOULD: 1, INFO: 1, total: 3 } },
    profile: { name: 'Vendor <X>', file: 'profiles/v.yaml', sha256: 'b'.repeat(64) },
    target: { baseUrl: 'https://v.test', embeddedReference: false },
    startedAt: '2026-11-21T10:00:00.000Z', durationMs: 12_345, seed: 'random per property', runsPerProperty: 25, workers: 2,
    shard: { current: 1, total: 2 }, node: 'v20.0.0', playwright: '1.65.1',
  };
  const s: Summary = {
    verdict: 'not-conformant', target: { name: 'v' }, generatedAt: '2026-11-21T10:00:12.000Z', counts: { pass: 1, fail: 1, skip: 0, error: 0 }, warnings: 0, untested: [], unjudged: [], refused: [], skips: [],
    rules: [{ id: 'RSP-GENERATED-AT', level: 'MUST', title: 'g', json: 'fail', xml: 'pass', section: '6', seenIn: ['t'] }],
    probableCauses: [{ rule: 'RSP-GENERATED-AT', level: 'MUST', format: 'json', failed: 7, judged: 7 }],
    provenance,
    baseline: {
      file: 'old/summary.json', regressions: [{ rule: 'RSP-GENERATED-AT', level: 'MUST', format: 'json', was: 'pass', now: 'fail' }],
      fixes: [{ rule: 'CNT-CONTACTIDS-MAX', level: 'MUST', format: 'xml', was: 'fail', now: 'pass' }], untested: [], waived: [],
    },
  };
  const html = conformanceHtml(s);

  it('leads with the probable cause, before the failing rules and the changes (README: what to fix first, then what changed)', () => {
    const at = (text: string) => { const i = html.indexOf(text); assert.ok(i >= 0, text); return i; };
    assert.ok(at('Probable cause: RSP-GENERATED-AT (MUST) fails on 7 of 7 checks in JSON') < at('Failing rules'));
    assert.ok(at('Failing rules') < at('Changed since baseline'));
    assert.ok(at('Regressions (1)') < at('Fixes (1)'));
  });

  it('records what the certificate was measured with, escaped', () => {
    const table = html.slice(html.indexOf('<h2 id="provenance">'));
    for (const text of ['ocs-conformance 9.9.9', 'a'.repeat(64), 'b'.repeat(64), '1 MUST, 1 SHOULD, 1 INFO', 'random per property', '<th>Runs per property</th><td>25</td>', '<th>Workers</th><td>2</td>', '1 of 2', '12.3 s', 'v20.0.0', '1.65.1', '2026-11-21T10:00:00.000Z']) {
      assert.ok(table.includes(text), `${text} is in the provenance table`);
    }
    assert.ok(!table.includes('Vendor <X>'));
  });
});

describe('provenance', () => {
  const run = { startedAt: new Date('2026-11-21T10:00:00.000Z'), durationMs: 1234.6, workers: 3, shard: null, playwright: '1.65.1' };

  it('reads the run\'s settings from its environment, the profile by its file\'s hash', () => {
    const p = provenance(run, { OCS_PREFLIGHT_FILE: 'reports/.preflight.json', OCS_PROFILE: 'profiles/reference.yaml', OCS_SEED: '42', OCS_RUNS: '100', OCS_GREP: 'CNT-' });
    assert.equal(p.seed, 42);
    assert.equal(p.runsPerProperty, 100);
    assert.equal(p.grep, 'CNT-');
    assert.equal(p.durationMs, 1235);
    assert.equal(p.profile?.file, 'profiles/reference.yaml');
    assert.match(p.profile!.sha256, /^[0-9a-f]{64}$/);
    assert.equal(p.merged, undefined);
  });

  it('says when it was written by a merge of blob reports, whose environment is the merging process\'s', () => {
    const p = provenance(run, {});
    assert.equal(p.merged, true);
    assert.equal(p.seed, 'random per property');
    assert.equal(p.runsPerProperty, 25);
    assert.equal(p.profile, undefined);
  });
});
