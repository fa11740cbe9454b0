// suites/steps.ts startOrder: within an endpoint test, the properties whose one run sends several
// requests start first, then the other properties, then the cases, each group in its listed
// order; and generators/suite.ts marks as sending several exactly the properties that do.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startOrder } from '../../suites/steps.ts';
import { PROPERTIES, type PropertyDef } from '../../generators/suite.ts';
import type { Step } from '../../src/runner/units.ts';

const property = (title: string, several?: true): Step<PropertyDef> =>
  ({ kind: 'property', title, rules: [], format: 'json', property: { ...PROPERTIES[0]!, title, ...(several ? { several } : {}) } }) as Step<PropertyDef>;
const kase = (title: string): Step<PropertyDef> => ({ kind: 'case', title, rules: [], format: 'json' }) as unknown as Step<PropertyDef>;

describe('the order steps start in', () => {
  it('starts the properties of several requests a run first, then the others, then the cases, each in listed order', () => {
    const steps = [kase('case 1'), property('one 1'), kase('case 2'), property('several 1', true), property('one 2'), property('several 2', true)];
    assert.deepEqual(startOrder(steps).map((i) => steps[i]!.title), ['several 1', 'several 2', 'one 1', 'one 2', 'case 1', 'case 2']);
  });

  it('marks the properties whose one run sends more than one request, and no other', () => {
    const several = /property: (sequences|bursts) of both|requests and the requests each relation makes|in every (JSON|XML) form|in every HTTP framing|rewritten as lax readers|the same outcome as JSON and as XML/;
    const marked = PROPERTIES.filter((p) => p.several).map((p) => p.title);
    assert.deepEqual(marked, PROPERTIES.map((p) => p.title).filter((t) => several.test(t)));
    assert.equal(marked.length, 22, 'per operation: parity, 2 forms, 2 framings, 2 relations, 2 rewrites (18); and 2 sequences, 2 bursts');
  });
});
