// junit.xml as CI test views read it: parsed with test-results-parser (TestBeats' reader of
// JUnit, TestNG and xUnit files), a test case per rule and format, bounded in size.
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'test-results-parser';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { loadRules, type Format } from '../../src/contract/load.ts';
import { summarize, type TestOutcome } from '../../src/report/summary.ts';
import { writeJunit } from '../../src/report/write.ts';
import type { RuleEvidence } from '../../src/report/rule-evidence.ts';
import type { Verdict } from '../../src/checks/finding.ts';

const rules = loadRules();
const target = { name: 'test target' };

/** Writes junit.xml for these outcomes and evidence, and reads it back as a CI would. */
function written(outcomes: TestOutcome[], evidence: RuleEvidence[]) {
  const dir = tempDir('ocs-junit-');
  writeJunit(summarize(outcomes, target), outcomes, evidence, [], dir);
  const file = join(dir, 'junit.xml');
  return { result: parse({ type: 'junit', files: [file] }), text: readFileSync(file, 'utf8'), bytes: statSync(file).size };
}

const outcome = (verdict: Verdict, rule: string, format: Format, v: Verdict, extra: Partial<TestOutcome> = {}): TestOutcome =>
  ({ title: `t › ${rule} [${format}] a case`, verdict, warning: false, findings: [{ rule, format, verdict: v }], ...extra });

describe('junit.xml', () => {
  const failing = 'CNT-CONTACTIDS-MAX';
  const evidence: RuleEvidence = {
    rule: failing, format: 'json', step: 'change_receiver [json] › CNT-CONTACTIDS-MAX [json] four receiver contactIDs are rejected', title: 'MUST accept three contactIDs and reject four',
    expected: 'rejected (HTTP 400)', received: 'HTTP 200 (accepted)', request: 'POST http://h/v3/orders/change_receiver.json', response: 'HTTP 200', curl: 'curl -sS …', rerun: "OCS_STEP='…' npm start -- --grep 'change_receiver \\[json\\]'",
  };
  const outcomes = [
    outcome('fail', failing, 'json', 'fail'),
    outcome('pass', failing, 'xml', 'pass'),
    outcome('error', 'MBR-EMAIL-MAX', 'json', 'error'),
    outcome('skip', 'ERR-610003', 'xml', 'skip', { skipped: 'the profile has no fixtures.orders.anonymous' }),
    { ...outcome('pass', 'INFO-NULL-FIELD', 'json', 'pass'), findings: [{ rule: 'INFO-NULL-FIELD', format: 'json' as const, verdict: 'pass' as const, note: 'Recorded: HTTP 200 (accepted)' }] },
  ];
  const { result, text } = written(outcomes, [evidence]);
  const cases = result.suites.flatMap((s) => s.cases);
  const find = (name: string) => cases.find((c) => c.name.startsWith(name))!;

  it('holds one test case per rule and format that ran, and none for the rest', () => {
    assert.deepEqual(cases.map((c) => c.name.split(' ').slice(0, 2).join(' ')).sort(), [
      'CNT-CONTACTIDS-MAX [json]', 'CNT-CONTACTIDS-MAX [xml]', 'ERR-610003 [xml]', 'INFO-NULL-FIELD [json]', 'MBR-EMAIL-MAX [json]',
    ]);
    // The reader's totals come from the file's counts (its `total` leaves the skipped out); they agree with the cases.
    assert.deepEqual([result.total, result.passed, result.failed, result.errors, result.skipped], [4, 2, 1, 1, 1]);
    assert.deepEqual(cases.map((c) => c.status).sort(), ['FAIL', 'FAIL', 'PASS', 'PASS', 'SKIP']);
  });

  it('carries a failure with its fixed title, Expected/Received, the request, the curl line and the rerun line', () => {
    const c = find('CNT-CONTACTIDS-MAX [json]');
    assert.equal(c.status, 'FAIL');
    assert.equal(c.name, `CNT-CONTACTIDS-MAX [json] ${rules.find((r) => r.id === failing)!.title}`);
    for (const part of ['Expected: rejected (HTTP 400)', 'Received: HTTP 200 (accepted)', '── request', 'Replay the request:', 'curl -sS', 'Rerun the step:', '1 of 1 checks failed']) {
      assert.ok(`${c.failure}\n${c.stack_trace}`.includes(part) || text.includes(part), part);
    }
    assert.equal(find('CNT-CONTACTIDS-MAX [xml]').status, 'PASS');
  });

  it('tells a skip by its reason, and an INFO rule passes with what was recorded', () => {
    assert.equal(find('ERR-610003 [xml]').status, 'SKIP');
    assert.match(text, /<skipped message="the profile has no fixtures\.orders\.anonymous"/);
    assert.equal(find('INFO-NULL-FIELD [json]').status, 'PASS');
    assert.match(text, /<system-out>Recorded \(INFO: never passed or failed\): a case: HTTP 200 \(accepted\)<\/system-out>/);
  });

  it('stays under 12 KB a rule and format (3 MB at 154 rules) for a target that breaks every rule in both formats, with the largest evidence', () => {
    const big = 'x'.repeat(200_000);
    const all = rules.flatMap((r) => (['json', 'xml'] as const).map((format) => outcome('fail', r.id, format, 'fail')));
    const proofs = rules.flatMap((r) => (['json', 'xml'] as const).map((format): RuleEvidence => ({
      rule: r.id, format, step: `t › ${r.id}`, title: r.title, expected: big.slice(0, 1_100), received: big.slice(0, 1_100), request: big.slice(0, 3_100), response: big.slice(0, 1_600), curl: big.slice(0, 3_000), rerun: big.slice(0, 300),
    })));
    const w = written(all, proofs);
    assert.equal(w.result.suites.flatMap((x) => x.cases).length, rules.length * 2);
    // Each case's evidence is cut to about 10 KB of text (src/report/junit.ts), so the file grows with the catalog, never with the evidence.
    assert.ok(w.bytes < rules.length * 2 * 12 * 2 ** 10, `${w.bytes} bytes for ${rules.length} rules`);
  });

  it('carries no character XML 1.0 forbids, whatever the target sent', () => {
    const w = written([outcome('fail', failing, 'json', 'fail')], [{ ...evidence, received: 'a\u0001b\uD800c' }]);
    assert.doesNotMatch(w.text, /[\u0001\uD800]/);
    assert.equal(w.result.suites.flatMap((x) => x.cases).length, 1);
  });
});
