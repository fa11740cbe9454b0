// Cases that walk a list fixture of the profile (`each`, src/scenario/each.ts): one copy per
// entry, each reading its own entry; the one-entry form of a profile gives one case.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildRequest, MissingFixture } from '../../src/scenario/build.ts';
import { eachEntry } from '../../src/scenario/each.ts';
import { loadAllCases, loadBases, type LoadedCase } from '../../src/scenario/load.ts';
import { LIST_FIXTURES, listFixtures } from '../../src/profile/lists.ts';
import { schemaById } from '../../src/contract/ajv.ts';
import { referenceProfile } from './helpers.ts';

const profile = referenceProfile();
const bases = loadBases();
const legal = [{ form: 'f-1', inn: 1001 }, { form: 'f-2', inn: 1002 }, { form: 'f-3', inn: 1003 }];
const withLegal = (list: unknown) => ({ ...profile, fixtures: listFixtures({ ...profile.fixtures, counteragents: { ...(profile.fixtures.counteragents as object), legal: list } }) });

const walking: LoadedCase = {
  name: 'each legal entity', rules: ['CAG-FORM-KNOWN'], expect: 'accepted', each: 'counteragents.legal',
  set: { 'receiver.counteragent': { form: { $ref: 'counteragents.legal.form' }, inn: { $ref: 'counteragents.legal.inn' }, name: 'ООО' } },
  unset: ['receiver.counteragentID'],
  file: 'suites/x.yaml', index: 0, operation: 'change_receiver', family: 'x', formats: ['json', 'xml'],
};

describe('eachEntry', () => {
  it('makes one case per entry, each named after it and reading its own entry', () => {
    const p = withLegal(legal);
    const cases = eachEntry([walking], p.fixtures);
    assert.deepEqual(cases.map((c) => c.name), [1, 2, 3].map((i) => `each legal entity (entry ${i} of 3 of counteragents.legal)`));
    const sent = cases.map((c) => (buildRequest(c, { profile: p, bases, now: new Date() }).receiver as any).counteragent);
    assert.deepEqual(sent.map((c: any) => [c.form, c.inn]), legal.map((l) => [l.form, l.inn]));
  });

  it('keeps one case for a profile that gives the list as one entry', () => {
    const p = withLegal(legal[1]);
    const cases = eachEntry([walking], p.fixtures);
    assert.equal(cases.length, 1);
    assert.equal(cases[0]!.name, 'each legal entity');
    assert.equal((buildRequest(cases[0]!, { profile: p, bases, now: new Date() }).receiver as any).counteragent.inn, 1002);
  });

  it('leaves a case that walks nothing alone, and reads a list fixture\'s first entry there', () => {
    const { each: _, ...plain } = walking;
    const p = withLegal(legal);
    const [c] = eachEntry([plain], p.fixtures);
    assert.equal((buildRequest(c!, { profile: p, bases, now: new Date() }).receiver as any).counteragent.form, 'f-1');
  });

  it('keeps one case for a profile without the list, skipped when built, naming the key', () => {
    const p = { ...profile, fixtures: { ...profile.fixtures, counteragents: {} } };
    const cases = eachEntry([walking], p.fixtures);
    assert.equal(cases.length, 1);
    assert.throws(() => buildRequest(cases[0]!, { profile: p, bases, now: new Date() }), (err: unknown) => err instanceof MissingFixture && /fixtures\.counteragents\.legal\.form/.test(err.message));
  });
});

describe('the list fixtures', () => {
  it('are the same in the scenario schema\'s `each` (besides the further identities), the profile schema\'s one-or-list keys and src/profile/lists.ts', () => {
    assert.deepEqual((schemaById('scenario.schema.json') as any).$defs.case.properties.each.enum, [...LIST_FIXTURES, 'identities']);
    const fixtures = (schemaById('profile.schema.json') as any).properties.fixtures.properties;
    const oneOrList = LIST_FIXTURES.map((path) => path.split('.').reduce((node: any, seg, i, segs) => (i < segs.length - 1 ? node[seg].properties : node[seg]), fixtures));
    for (const node of oneOrList) assert.equal(node.oneOf[1].type, 'array');
  });
});

describe('the scenarios of the reference profile', () => {
  it('send every individual, legal entity and legal address the profile lists', () => {
    const cases = loadAllCases(undefined, profile.fixtures).filter((c) => c.family === 'values');
    const f = profile.fixtures as Record<string, any>;
    for (const [list, n] of [['counteragents.individual', f.counteragents.individual.length], ['counteragents.legal', f.counteragents.legal.length], ['juridicalAddress', f.juridicalAddress.length]] as const) {
      assert.ok(n > 1, `the reference profile lists more than one ${list}`);
      const indexes = new Set(cases.filter((c) => c.entry?.list === list).map((c) => c.entry!.index));
      assert.deepEqual([...indexes].sort(), Array.from({ length: n }, (_, i) => i), list);
    }
  });
});
