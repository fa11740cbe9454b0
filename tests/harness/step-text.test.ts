// src/report/step-text.ts: a failing check's report, whole for the first check of its rules
// in a test, brief for the others (a deep run where every check fails must not hold the
// full report of thousands of red steps in Playwright's runner).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stepReport, type StepResult } from '../../src/report/step-text.ts';
import type { Finding } from '../../src/checks/finding.ts';
import type { RunContext } from '../../src/profile/context.ts';
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

  it('shortens the others to each finding\'s title and the head of what was received, and keeps both commands', () => {
    const text = stepReport(r, failing, unit, ctx, true);
    assert.match(text, /RSP-ERROR-STATUS \(MUST\) an error is answered with HTTP 400/);
    assert.match(text, /Received: HTTP 200 \{"status":"ok"\}.*… \(1609 characters in all\)/);
    assert.doesNotMatch(text, /Expected:/);
    assert.match(text, /shortened: the test's error quotes the first failing check of each rule in full/);
    assert.match(text, /curl -sS/);
    assert.match(text, /npm start/);
    assert.ok(text.length < stepReport(r, failing, unit, ctx).length / 2, `${text.length} characters`);
  });
});
