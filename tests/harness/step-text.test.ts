// src/report/step-text.ts: a failing check's report, whole for the first check of its rules
// in a test, brief for the others (a deep run where every check fails must not hold the
// full report of thousands of red steps in Playwright's runner).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { stepReport, type StepResult } from '../../src/report/step-text.ts';
import { ruleWritten, whereWritten } from '../../src/report/check-step.ts';
import { loadRules } from '../../src/contract/load.ts';
import type { Finding } from '../../src/checks/finding.ts';
import type { RunContext } from '../../src/runner/context.ts';
import type { Unit } from '../../src/runner/units.ts';

const received = `HTTP 200 ${'{"status":"ok"} '.repeat(100)}`;
const failing: Finding[] = [{ rule: 'RSP-ERROR-STATUS', level: 'MUST', verdict: 'fail', title: 'an error is answered with HTTP 400', expected: 'HTTP 400', received }];
const request = { method: 'POST', url: 'http://127.0.0.1:1/v3/orders/change_receiver.json', headers: { 'content-type': 'application/json' }, body: '{"orderID":"1"}' };
const r: StepResult = {
  step: { kind: 'case', title: 'RSP-ERROR-STATUS [json] an unknown order', rules: ['RSP-ERROR-STATUS'], format: 'json', case: {} as never },
  parts: [{ format: 'json', findings: failing, exchange: { request, response: { status: 200, headers: {}, body: received, ms: 1 } } }],
};
const unit = { title: 'change_receiver [json]', operation: 'change_receiver', format: 'json', rules: [], steps: [] } as Unit;
const ctx = { secrets: {} } as unknown as RunContext;

describe('stepReport', () => {
  it('quotes the first failing check whole: expected, all that was received, the curl and rerun lines', () => {
    const text = stepReport(r, failing, unit, ctx);
    assert.match(text, /Expected: HTTP 400/);
    assert.ok(text.includes(received), 'all that was received');
    assert.match(text, /curl -sS/);
    assert.match(text, /npm start/);
  });

  it('shortens the others to each finding\'s rule, the head of what was received and the rerun line', () => {
    const text = stepReport(r, failing, unit, ctx, true);
    assert.match(text, /RSP-ERROR-STATUS \(MUST\) received: HTTP 200 \{"status":"ok"\}.{90,100}… \(1609 characters in all\)/);
    assert.doesNotMatch(text, /an error is answered with HTTP 400/);
    assert.doesNotMatch(text, /Expected:/);
    assert.match(text, /shortened: the test's error quotes the first failing check of each rule in full/);
    assert.doesNotMatch(text, /curl -sS/);
    assert.match(text, /Rerun the step:\n    OCS_STEP='RSP-ERROR-STATUS \[json\] an unknown order' npm start -- --grep 'change_receiver \\\[json\\\]'/);
    assert.ok(text.length < stepReport(r, failing, unit, ctx).length / 2, `${text.length} characters`);
  });

  describe('a property', () => {
    const big = { orderID: '1', address: { search: 'д'.repeat(1025) } };
    const p: StepResult = {
      step: { kind: 'property', title: 'PCK-ADDRESS-SEARCH-MAX [json] property: violations are rejected', rules: ['PCK-ADDRESS-SEARCH-MAX'], format: 'json', property: {} as never },
      parts: [{ format: 'json', findings: failing, exchange: { request: { ...request, body: JSON.stringify(big) }, response: { status: 200, headers: {}, body: received, ms: 1 } } }],
      property: { seed: 7, path: '0:0:1', numRuns: 1, numShrinks: 3, counterexample: { request: big } },
    };

    it('quotes its shrunk request, its curl and its replay line in full', () => {
      const text = stepReport(p, failing, unit, ctx);
      assert.ok(text.includes('д'.repeat(1025)), 'the shrunk request');
      assert.match(text, /curl \(json\): curl -sS/);
      assert.match(text, /Replay: OCS_SEED='7' OCS_PATH='0:0:1' OCS_STEP='PCK-ADDRESS-SEARCH-MAX \[json\] property: violations are rejected' npm start/);
    });

    it('briefly: one replay line, neither the shrunk request nor the curl', () => {
      const text = stepReport(p, failing, unit, ctx, true);
      assert.doesNotMatch(text, /дддд/);
      assert.doesNotMatch(text, /curl/);
      assert.equal(text.match(/npm start/g)?.length, 1, text);
      assert.match(text, /Replay: OCS_SEED='7' OCS_PATH='0:0:1' OCS_STEP=/);
      assert.ok(text.length < 1_000, `${text.length} characters`);
    });
  });
});

// src/report/check-step.ts: every step names where it is written, so Playwright captures no stack for it.
describe('where a step is written', () => {
  const lineAt = (at: { file: string; line: number } | undefined): string => readFileSync(at!.file, 'utf8').split('\n')[at!.line - 1]!;
  const property = (source: string, rules: string[]): StepResult => ({ step: { kind: 'property', title: `${rules[0]} [json] property`, rules, format: 'json', property: { source, rules } as never }, parts: [] });

  it('a rule at its id in contract/rules.yaml, every rule of the catalogue', () => {
    for (const rule of loadRules()) assert.equal(lineAt(ruleWritten(rule.id)), `- id: ${rule.id}`);
    assert.equal(ruleWritten('NO-SUCH-RULE'), undefined);
  });

  it('a property at the violator of its rule, the function its source names, or else its rule', () => {
    assert.match(lineAt(whereWritten(property('generators/violators (CNT-IDS-KNOWN)', ['CNT-IDS-KNOWN']))), /rule: 'CNT-IDS-KNOWN'/);
    assert.match(lineAt(whereWritten(property('generators/index.ts validRequest', ['RSP-RECEIVER-SUCCESS']))), /function validRequest\b/);
    assert.equal(whereWritten(property('src/codec/forms.ts', ['RSP-RECEIVER-SUCCESS']))?.line, 1);
    assert.equal(lineAt(whereWritten(property('parity', ['RSP-RECEIVER-SUCCESS']))), '- id: RSP-RECEIVER-SUCCESS');
  });
});
