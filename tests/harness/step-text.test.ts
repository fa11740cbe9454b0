// src/report/step-text.ts: a failing check's report, whole for the first check of its rules
// in a test, brief for the others (a deep run where every check fails must not hold the
// full report of thousands of red steps in Playwright's runner).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stepReport, type StepResult } from '../../src/report/step-text.ts';
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
