// Every request-side rule of the catalog has a violator, and every other rule says why it
// has none (`violator: "none: …"` in contract/rules.yaml); the registry and the catalog agree.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadRules } from '../../src/contract/load.ts';
import { ALL_VIOLATORS, VIOLATORS } from '../../generators/violators/index.ts';

const rules = loadRules();

describe('violators and the catalog', () => {
  it('give every rule a violator or a `violator: "none: <reason>"`', () => {
    const missing = rules.filter((r) => !VIOLATORS.has(r.id) && !(typeof r.violator === 'string' && /^none: \S/.test(r.violator))).map((r) => r.id);
    assert.deepEqual(missing, [], `rules with neither a violator in generators/violators nor a reason why none: ${missing.join(', ')}`);
  });

  it('give no rule both a violator and a reason why it has none', () => {
    const both = rules.filter((r) => VIOLATORS.has(r.id) && r.violator !== undefined).map((r) => r.id);
    assert.deepEqual(both, [], `rules with a violator that also say none: ${both.join(', ')}`);
  });

  it('register one violator per rule, each for a rule of the catalog', () => {
    assert.equal(VIOLATORS.size, ALL_VIOLATORS.length, 'two violators claim the same rule');
    const ids = new Set(rules.map((r) => r.id));
    const unknown = ALL_VIOLATORS.filter((v) => !ids.has(v.rule)).map((v) => v.rule);
    assert.deepEqual(unknown, [], `violators of rules not in contract/rules.yaml: ${unknown.join(', ')}`);
  });

  for (const v of ALL_VIOLATORS) {
    it(`${v.rule}: covers the rule's operations, and says why when it has one format`, () => {
      const rule = rules.find((r) => r.id === v.rule);
      assert.deepEqual([...v.operations].sort(), [...(rule?.operations ?? [])].sort(), `${v.rule}: violator operations`);
      assert.ok(v.formats.length > 0, `${v.rule}: no format`);
      if (v.formats.length < 2) assert.ok(v.why, `${v.rule}: runs in ${v.formats.join()} only without saying why`);
    });
  }
});
