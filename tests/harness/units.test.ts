// How a run is cut into Playwright tests (src/runner/units.ts) and how many requests it may
// have in flight (src/runner/concurrency.ts, limit.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planUnits, selectSteps } from '../../src/runner/units.ts';
import { concurrency, perWorker, workersFor } from '../../src/runner/concurrency.ts';
import { limiter } from '../../src/runner/limit.ts';
import { loadAllCases } from '../../src/scenario/load.ts';
import { loadRules } from '../../src/contract/load.ts';
import { PROPERTIES } from '../../generators/suite.ts';

const cases = loadAllCases();
const units = planUnits(cases, PROPERTIES);

describe('the tests of a run', () => {
  it('are the four endpoints, with every case in each of its formats and every property once', () => {
    assert.deepEqual(units.map((u) => u.title).sort(), ['change_pickup [json]', 'change_pickup [xml]', 'change_receiver [json]', 'change_receiver [xml]']);
    const steps = units.flatMap((u) => u.steps);
    assert.equal(steps.filter((s) => s.kind === 'case').length, cases.reduce((n, c) => n + c.formats.length, 0));
    assert.equal(steps.filter((s) => s.kind === 'property').length, PROPERTIES.length);
    for (const u of units) assert.equal(new Set(u.steps.map((s) => s.title)).size, u.steps.length, `step titles are unique in ${u.title}: OCS_STEP names one`);
    for (const u of units) assert.ok(u.steps.every((s) => s.format === u.format && (s.kind === 'property' ? s.property.operation : s.case.operation) === u.operation), u.title);
  });

  it('carry every rule of the catalog as a tag of each endpoint it applies to, so --grep RULE-ID selects them', () => {
    for (const rule of loadRules()) {
      for (const op of rule.operations) {
        const tagged = units.filter((u) => u.operation === op && u.rules.includes(rule.id)).map((u) => u.format);
        assert.ok(tagged.length > 0, `${rule.id} is no tag of ${op}`);
      }
    }
  });

  it('keep, inside a test, the steps a grep or OCS_STEP names', () => {
    const receiver = units.find((u) => u.title === 'change_receiver [json]')!;
    const byRule = selectSteps(receiver.title, receiver.steps, { grep: 'CNT-CONTACTIDS-MAX' });
    assert.ok(byRule.length >= 2 && byRule.every((s) => s.rules.includes('CNT-CONTACTIDS-MAX')));
    assert.ok(byRule.some((s) => s.kind === 'property'), 'the rule\'s property too');
    assert.equal(selectSteps(receiver.title, receiver.steps, { grep: 'change_receiver' }).length, receiver.steps.length, 'a grep that names the test keeps every step');
    assert.equal(selectSteps(receiver.title, receiver.steps, { grep: '\\[json\\]' }).length, receiver.steps.length);
    const one = receiver.steps[3]!;
    assert.deepEqual(selectSteps(receiver.title, receiver.steps, { step: one.title, grep: 'x' }), [one]);
    assert.deepEqual(selectSteps(receiver.title, receiver.steps, { step: 'no such step' }), []);
  });
});

describe('requests in flight', () => {
  it('come from OCS_CONCURRENCY, else the profile, else 48, and are shared by the workers', () => {
    assert.equal(concurrency(undefined, {}), 48);
    assert.equal(concurrency({ concurrency: 8 }, {}), 8);
    assert.equal(concurrency({ concurrency: 8 }, { OCS_CONCURRENCY: '3' }), 3);
    assert.throws(() => concurrency(undefined, { OCS_CONCURRENCY: '0' }), /OCS_CONCURRENCY must be a whole number/);
    assert.equal(perWorker(32, 2), 16);
    assert.equal(perWorker(5, 2), 2, 'rounded down: the workers together never exceed the cap');
    assert.equal(workersFor(4, 2), 2, 'no more workers than requests in flight');
  });

  it('never exceed the limiter\'s cap, and every task runs', async () => {
    const limit = limiter(3);
    let now = 0;
    let peak = 0;
    const done = await Promise.all(Array.from({ length: 20 }, (_, i) => limit(async () => {
      peak = Math.max(peak, ++now);
      await new Promise((r) => setTimeout(r, 1));
      now--;
      return i;
    })));
    assert.deepEqual(done, Array.from({ length: 20 }, (_, i) => i));
    assert.equal(peak, 3);
  });
});
