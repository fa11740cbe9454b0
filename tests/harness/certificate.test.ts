// The certificate's page (src/report/html*.ts) as markup: its first screen (verdict, what was
// measured, a tile per rule and format by family), the open points in words, the latency, and
// the print stylesheet. tests/e2e/browser.test.ts looks at the same page in a browser.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FORMATS, loadRules } from '../../src/contract/load.ts';
import { summarize, type Summary, type TestOutcome } from '../../src/report/summary.ts';
import { conformanceHtml } from '../../src/report/html.ts';
import { outcomeOf } from '../../src/report/html-text.ts';
import { familyOf } from '../../src/report/html-grid.ts';
import { chosenWords, describeChoices, profileValues } from '../../src/report/choices.ts';
import { compareLatency, DEFAULT_LATENCY_THRESHOLD } from '../../src/report/latency-baseline.ts';
import { STYLE } from '../../src/report/html-style.ts';
import { REFERENCE_PROFILE } from './helpers.ts';

const rules = loadRules();
const pass = (rule: string): TestOutcome['findings'] => FORMATS.map((format) => ({ rule, format, verdict: 'pass' as const }));
const findings: TestOutcome['findings'] = [
  ...rules.filter((r) => r.level !== 'INFO' && r.id !== 'CNT-CONTACTIDS-MAX').flatMap((r) => pass(r.id)),
  { rule: 'CNT-CONTACTIDS-MAX', format: 'json', verdict: 'fail' },
  { rule: 'CNT-CONTACTIDS-MAX', format: 'xml', verdict: 'pass' },
  { rule: 'INFO-STOREPAYER-OTHER-LITERALS', format: 'json', verdict: 'pass', note: 'Recorded: HTTP 400 with error number 100001 at errors.0.code; body shape {errors[{code}]}: {"errors":[{"code":100001,"detail":"' + 'x'.repeat(300) + '"}]}' },
];
const summary = (): Summary => {
  const s = summarize([{ title: 'change_receiver [json] › the profile\'s third storePayer literal without third is recorded', verdict: 'fail', warning: false, findings }], { name: 'Vendor' });
  describeChoices(s.rules, profileValues(REFERENCE_PROFILE));
  return s;
};

/** The grid's tiles: rule, format and outcome, and the anchor each links to. */
const tiles = (html: string) => [...html.matchAll(/<a class="t o-[\w-]+" href="#([^"]+)" data-rule="([^"]+)" data-format="(\w+)" data-outcome="([\w-]+)"/g)].map((m) => ({ href: m[1]!, rule: m[2]!, format: m[3]!, outcome: m[4]! }));

describe('the certificate\'s first screen', () => {
  const s = summary();
  const html = conformanceHtml(s);

  it('opens with the verdict, why, and what was measured, before the grid', () => {
    const at = (text: string) => { const i = html.indexOf(text); assert.ok(i >= 0, text); return i; };
    assert.ok(at('>NOT CONFORMANT</p>') < at('MUST rules failing: CNT-CONTACTIDS-MAX (JSON).') && at('MUST rules failing') < at('Measured: ') && at('Measured: ') < at('<section id="grid"'));
  });

  it('shows each rule in each format as a tile that links to the rule\'s row, a row of tiles per family in the catalog\'s order', () => {
    const all = tiles(html);
    assert.deepEqual(all.map((t) => `${t.rule} ${t.format}`).sort(), rules.flatMap((r) => FORMATS.map((f) => `${r.id} ${f}`)).sort());
    for (const t of all) assert.ok(html.includes(`<tr id="${t.href}">`), `${t.rule}'s tile leads to its row`);
    const families = [...html.matchAll(/<div class="fam[^"]*" id="family-([A-Z]+)">/g)].map((m) => m[1]);
    assert.deepEqual(families, [...new Set(rules.map((r) => familyOf(r.id)))]);
  });

  it('colours a tile by what its rule shows in that format: a failed SHOULD warns, a covered failure is waived, an unrun rule is not run', () => {
    const row = { level: 'MUST' as const, json: 'fail' as const, xml: 'untested' as const };
    assert.deepEqual(FORMATS.map((f) => outcomeOf(row, f)), ['fail', 'not-run']);
    assert.equal(outcomeOf({ ...row, waived: ['json'] }, 'json'), 'waived');
    assert.equal(outcomeOf({ ...row, level: 'SHOULD' }, 'json'), 'warning');
    for (const t of tiles(html)) assert.equal(t.outcome, outcomeOf(s.rules.find((r) => r.id === t.rule)!, t.format as 'json' | 'xml'), `${t.rule} ${t.format}`);
  });

  it('counts each family\'s outcomes per format, and marks a family with a failure', () => {
    const cnt = rules.filter((r) => familyOf(r.id) === 'CNT').length;
    assert.match(html, new RegExp(`<div class="fam bad" id="family-CNT">.*${cnt} rules: JSON <span class="n-pass">${cnt - 1} pass</span>, <span class="n-fail">1 fail</span> · XML <span class="n-pass">${cnt} pass</span>`));
    assert.match(html, /<div class="fam" id="family-TOP">.*JSON, XML: <span class="n-pass">3 pass<\/span>/);
  });
});

describe('the open points', () => {
  it('lead with what the target chose, in words and by the profile\'s values, the statuses and bodies collapsed beneath', () => {
    const html = conformanceHtml(summary());
    const row = /<tr id="rule-INFO-STOREPAYER-OTHER-LITERALS">[\s\S]*?<\/tr>/.exec(html)![0];
    assert.match(row, /<div class="chosen">refuses <code>third<\/code> without third with 100001<\/div>/);
    assert.match(row, /number at <code>errors\.0\.code<\/code>, body <code>\{errors\[\{code\}\]\}<\/code>/);
    const body = row.indexOf('x'.repeat(300));
    assert.ok(body > row.indexOf('<details><summary>evidence</summary>') && body < row.indexOf('</details>'), 'the body is evidence, collapsed');
  });

  it('read a record back as verbs and cases, grouped by what the target did', () => {
    const record = ['a plus: HTTP 200 (accepted)', 'no plus: HTTP 200 (accepted)', 'a letter: HTTP 400 with error number 100001 at errors.0.code; body shape {}: {}',
      'a 4 MiB body: HTTP 413: the target refused it: <html>', 'a crash: HTTP 500: {}', '… and 3 more checks'].join('\n');
    assert.equal(chosenWords(record), 'accepts a plus, no plus; refuses a letter with 100001; answers a 4 MiB body with HTTP 413; breaks on a crash (HTTP 500); and 3 more');
  });

  it('name at most three cases of one kind, and count the rest', () => {
    const refused = (name: string): string => `${name}: HTTP 400 with error number 100001 at errors.0.code; body shape {}: {}`;
    assert.equal(chosenWords(['a', 'b', 'c'].map(refused).join('\n')), 'refuses a, b, c with 100001');
    assert.equal(chosenWords(['a', 'b', 'c', 'd', 'e'].map(refused).join('\n')), 'refuses a, b and 3 more with 100001');
  });
});

describe('the certificate\'s latency', () => {
  const endpoint = (p95: number) => ({ operation: 'change_pickup' as const, format: 'json' as const, answers: { count: 300, whole: { median: 3.1, p95, p99: 40, max: 52.5 }, firstByte: { median: 3, p95: 9, p99: 39, max: 52 } }, rejected: { count: 280, whole: { median: 3, p95: 8.2, p99: 30, max: 41 } } });

  it('shows count, median, p95, p99 and max per endpoint and format, every answer and then by outcome', () => {
    const html = conformanceHtml({ ...summary(), latency: [endpoint(9.4)] });
    const table = html.slice(html.indexOf('<table id="latency-table"'), html.indexOf('</table>', html.indexOf('<table id="latency-table"')));
    assert.match(table, /<tr class="all"><td><code>change_pickup<\/code><\/td><td>JSON<\/td><td>every answer<\/td><td class="num">300<\/td><td class="num">3\.1<\/td><td class="num">9\.4<\/td><td class="num">40<\/td><td class="num">52\.5<\/td><td class="num">3<\/td><td class="num">9<\/td>/);
    assert.match(table, /<td>rejected \(HTTP 400\)<\/td><td class="num">280<\/td><td class="num">3<\/td><td class="num">8\.2<\/td><td class="num">30<\/td><td class="num">41<\/td><td class="num">–<\/td>/);
  });

  it('names the endpoints slower than in the baseline, with the threshold', () => {
    const latency = compareLatency({ latency: [endpoint(9.4)] }, { latency: [endpoint(95)] }, DEFAULT_LATENCY_THRESHOLD);
    const html = conformanceHtml({ ...summary(), baseline: { file: 'old/summary.json', regressions: [], fixes: [], untested: [], waived: [], latency } });
    assert.match(html, /<h3 id="latency-changes" class="bad">Latency: 1 of 1 endpoints slower \(p95 more than 2× and at least 50 ms slower\)<\/h3><ul><li>change_pickup \[json\]: p95 9\.4 ms → 95 ms \(×10\.1\)<\/li><\/ul>/);
  });
});

describe('the certificate\'s baseline section', () => {
  it('shows what the baseline file says escaped, its verdict too', () => {
    const verdict = '<img src=x onerror=alert(1)>' as Summary['verdict'];
    const html = conformanceHtml({ ...summary(), baseline: { file: 'old/<b>.json', generatedAt: '<i>', verdict, regressions: [], fixes: [], untested: [], waived: [] } });
    assert.match(html, /Compared with <code>old\/&#60;b&#62;\.json<\/code> of &#60;i&#62; \(then &#60;img src=x onerror=alert\(1\)&#62;\)/);
    assert.doesNotMatch(html, /<img/);
  });
});

describe('the print stylesheet', () => {
  it('prints on A4 in the grid\'s colours, never splitting a row, a tile row or a list item, and gives the links out their address', () => {
    const print = STYLE.slice(STYLE.indexOf('@media print'));
    assert.match(print, /@page\{size:A4;margin:12mm\}/);
    assert.match(print, /print-color-adjust:exact/);
    // A family is `display:contents`: its grid items (name, formats, tiles, counts) are what a page break could split.
    assert.match(print, /tr,li,\.fam>\*,[^{]*\{break-inside:avoid\}/);
    assert.match(print, /thead\{display:table-header-group\}/);
    assert.match(print, /a\.out\[href\]::after\{content:" \(" attr\(href\) "\)"/);
  });
});
