// The verdict by layer (src/report/layers.ts, src/contract/layers.ts): each rule's layer from the
// catalog, each layer's MUST rules failing and not judged, and the lines the console and the
// certificate print; the verdict stays the run's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadRules, ruleById } from '../../src/contract/load.ts';
import { layerOf } from '../../src/contract/layers.ts';
import { layerLines, layerText, layerVerdicts, shownLayers } from '../../src/report/layers.ts';
import type { RuleRow } from '../../src/report/summary-shape.ts';

const rows = (over: Record<string, Partial<RuleRow>> = {}): RuleRow[] =>
  loadRules().map((r) => ({ id: r.id, level: r.level, title: r.title, section: r.spec.section, json: 'pass', xml: 'pass', ...over[r.id] }) as RuleRow);

describe('layerOf', () => {
  it('tells HTTP\'s rules by their RFC 9110 or 9112 standard, BODY-FORMS by its format, and every other rule the service\'s', () => {
    assert.equal(layerOf(ruleById('HTTP-ABSOLUTE-FORM'), 'json'), 'HTTP');
    assert.equal(layerOf(ruleById('WIRE-CHUNKED-REQUEST'), 'xml'), 'HTTP');
    assert.equal(layerOf(ruleById('BODY-FORMS'), 'json'), 'JSON');
    assert.equal(layerOf(ruleById('BODY-FORMS'), 'xml'), 'XML');
    for (const id of ['RSP-HTTP-STATUS', 'RSP-FORMAT-FOLLOWS-PATH', 'PCK-PRODUCE-DATE-CALENDAR', 'IDN-OTHERS-ORDER', 'TOP-APPKEY-REQUIRED']) assert.equal(layerOf(ruleById(id), 'json'), 'service', id);
  });
});

describe('layerVerdicts', () => {
  it('counts a failure in the layer of its format, leaves a waived one out, and names what was not judged', () => {
    const v = layerVerdicts({
      rules: rows({ 'BODY-FORMS': { xml: 'fail' }, 'RSP-GENERATED-AT': { json: 'fail', waived: ['json'] }, 'HTTP-HOST': { json: 'untested' } }),
      unjudged: ['HTTP-HOST'],
    });
    const by = Object.fromEntries(v.map((l) => [l.layer, l]));
    assert.deepEqual([by.JSON!.verdict, by.XML!.verdict, by.XML!.failing], ['pass', 'fail', ['BODY-FORMS']]);
    assert.deepEqual([by.service!.verdict, by.service!.failing], ['pass', []], 'a waived failure is not against the layer');
    assert.deepEqual([by.HTTP!.verdict, by.HTTP!.unjudged], ['unjudged', ['HTTP-HOST']]);
  });

  it('says every rule of the service passed only when the service passed and a standard failed', () => {
    const httpOnly = layerLines(layerVerdicts({ rules: rows({ 'HTTP-HOST': { json: 'fail' } }), unjudged: [] }));
    assert.equal(httpOnly.length, 3);
    assert.match(httpOnly[2]!, /^Every rule of the service passed; what fails is HTTP \(RFC 9110, RFC 9112\) beneath it/);
    const both = layerLines(layerVerdicts({ rules: rows({ 'HTTP-HOST': { json: 'fail' }, 'CNT-CONTACTIDS-MAX': { xml: 'fail' } }), unjudged: [] }));
    assert.deepEqual(both.slice(0, 1), [`Service rules (the spec's own): 1 of ${loadRules().filter((r) => r.level === 'MUST' && !r.standard?.document.startsWith('RFC 911') && !r.layer).length} MUST rules failing (CNT-CONTACTIDS-MAX)`]);
    assert.equal(both.length, 2);
  });
});

describe('the layers a report shows', () => {
  it('judges a JSON or XML layer in its own format only: a gap in the other format leaves it judged', () => {
    // BODY-FORMS is JSON's in JSON and XML's in XML; unjudged in XML alone, the JSON layer still passed.
    const v = layerVerdicts({ rules: rows({ 'BODY-FORMS': { xml: 'skip' } }), unjudged: ['BODY-FORMS'] });
    const by = Object.fromEntries(v.map((l) => [l.layer, l]));
    assert.deepEqual([by.JSON!.verdict, by.JSON!.unjudged], ['pass', []]);
    assert.deepEqual([by.XML!.verdict, by.XML!.unjudged], ['unjudged', ['BODY-FORMS']]);
    const gap = by.XML!;
    assert.match(layerText(gap), /MUST rules? not judged$/, 'one format: not "in both formats"');
    const http = layerVerdicts({ rules: rows({ 'HTTP-HOST': { xml: 'skip' } }), unjudged: ['HTTP-HOST'] }).find((l) => l.layer === 'HTTP')!;
    assert.match(layerText(http), /not judged in both formats$/);
  });

  it('shows none for a partial run or an unreachable target, in the console, the certificate and JUnit alike', () => {
    const layers = layerVerdicts({ rules: rows(), unjudged: [] });
    assert.equal(shownLayers({ layers }), layers);
    assert.equal(shownLayers({ layers, partial: true }), undefined);
    assert.equal(shownLayers({ layers, unreachable: 'connection refused' }), undefined);
    assert.equal(shownLayers({}), undefined);
  });
});
