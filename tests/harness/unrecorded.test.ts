// A test that ended without recording its checks (its worker died, an error outside its steps)
// counts each of the checks its spec file declared, as errors, the first naming why: the run's
// counts stay those of the checks selected (src/report/conformance-reporter.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { outcomesOf } from '../../src/report/conformance-reporter.ts';
import { CHECKS } from '../../src/report/record.ts';

const test = { title: 'change_receiver [xml]', annotations: [{ type: 'rules', description: 'RCV-RECEIVER-REQUIRED TOP-APPKEY-REQUIRED' }, { type: CHECKS, description: '5' }] } as unknown as TestCase;
const result = (status: TestResult['status'], message?: string): TestResult => ({ status, annotations: [], ...(message ? { error: { message } } : {}) }) as unknown as TestResult;

describe('a test that ended without its record', () => {
  it('counts each of its declared checks as an error, the first naming the test\'s error and its rules in its format', () => {
    const outcomes = outcomesOf(test, result('failed', 'Worker process exited unexpectedly (code=134, signal=null)\nmore'), []);
    assert.equal(outcomes.length, 5);
    assert.ok(outcomes.every((o) => o.verdict === 'error'));
    assert.match(outcomes[0]!.title ?? '', /not recorded: Worker process exited unexpectedly \(code=134, signal=null\)\)$/);
    assert.deepEqual(outcomes[0]!.findings, [{ rule: 'RCV-RECEIVER-REQUIRED', format: 'xml', verdict: 'error' }, { rule: 'TOP-APPKEY-REQUIRED', format: 'xml', verdict: 'error' }]);
    assert.ok(outcomes.slice(1).every((o) => o.findings.length === 0));
  });

  it('stays one outcome when the test was skipped', () => {
    const outcomes = outcomesOf(test, result('skipped'), []);
    assert.deepEqual(outcomes.map((o) => o.verdict), ['skip']);
  });
});
