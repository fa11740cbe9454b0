// Values the profile names unknown (fixtures.unknown, docs/known-unknowns.md): the look-up cases
// of the suites send every named value of a kind in a field of that kind, a pickup street only
// of the pickup order's region, and a value the profile also knows is refused however it is
// written. The harness side of tests/e2e/known-unknowns.test.ts, without a target.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { LoadedProfile } from '../../src/profile/load.ts';
import { knownIds, knownValues, namedStreetsIn, type UnknownKind } from '../../src/profile/unknowns.ts';
import { buildRequest } from '../../src/scenario/build.ts';
import { loadAllCases, loadBases, type LoadedCase } from '../../src/scenario/load.ts';
import { unknownLike } from '../../generators/violators/violator.ts';
import { changedProfile, refusedProfile, valuesByKind } from './helpers.ts';

type Doc = Record<string, unknown>;
const load = (change: (f: Doc) => void): LoadedProfile => changedProfile((d) => change(d.fixtures as Doc));
const refused = (change: (f: Doc) => void, message: RegExp): void => refusedProfile((d) => change(d.fixtures as Doc), message);

/** Two of each kind; the second form and street with edge whitespace, an astral character and XML's specials. */
const TWO = {
  counteragentIDs: [999000101, 999000102], contactIDs: [999000201, 999000202], phoneIDs: [999000301, 999000302], addressIDs: [999000401, 999000402],
  forms: ['0x00000000000000000000000000000000', ' 0x&<"𝄞 form '], streets: ['77000000000999900', '77 &<"𝄞 street '],
};

const LOOK_UPS = loadAllCases().filter((c) => c.family === 'look-ups');

/** What the look-up cases send, per kind: every value in a field of that kind, of every case. */
function sentByLookUps(profile: LoadedProfile, cases: LoadedCase[] = LOOK_UPS): Map<UnknownKind, unknown[]> {
  const ctx = { profile, bases: loadBases(), now: new Date() };
  const sent = new Map<UnknownKind, unknown[]>();
  for (const c of cases) for (const { kind, value } of valuesByKind(buildRequest(c, ctx))) sent.set(kind, [...sent.get(kind) ?? [], value]);
  return sent;
}

describe('the look-up cases with values the profile names unknown', () => {
  it('send every named value of a kind, each in a field of its own kind, and no drawn one', () => {
    const profile = load((f) => { f.unknown = TWO; });
    const sent = sentByLookUps(profile);
    for (const [kind, named] of Object.entries(TWO) as [UnknownKind, unknown[]][]) {
      const known = new Set<unknown>(knownValues(profile.fixtures, kind));
      for (const value of named) assert.ok(sent.get(kind)?.includes(value), `${kind}: ${JSON.stringify(value)} is sent by a look-up case`);
      // Any other value in a field of the kind is one the profile knows (the rest of a valid request).
      assert.deepEqual(sent.get(kind)!.filter((v) => !named.includes(v) && !known.has(v)), [], `${kind}: only named or known values`);
    }
  });

  it('send the one value a profile names in both the first and the second case of its kind', () => {
    const one = Object.fromEntries(Object.entries(TWO).map(([k, v]) => [k, [v[0]]]));
    const profile = load((f) => { f.unknown = one; });
    const sent = sentByLookUps(profile);
    for (const [kind, [value]] of Object.entries(one) as [UnknownKind, unknown[]][]) {
      const known = new Set<unknown>(knownValues(profile.fixtures, kind));
      const unknown = sent.get(kind)!.filter((v) => !known.has(v));
      assert.ok(unknown.length >= 2, `${kind}: sent by two cases or more`);
      assert.deepEqual(new Set(unknown), new Set([value]), `${kind}: the one named value, never a drawn one`);
    }
  });

  it('refuse an index that is not a whole number from 0', () => {
    const profile = load((f) => { f.unknown = TWO; });
    const c = { name: 'x', file: 't', index: 0, operation: 'change_pickup', family: 't', formats: ['json'], rules: ['PCK-ADDRESSID-KNOWN'], expect: 'rejected', set: { addressID: { $unknownId: 'addressID', nth: -1 } } } as unknown as LoadedCase;
    assert.throws(() => buildRequest(c, { profile, bases: loadBases(), now: new Date() }), /nth -1/);
  });
});

describe('a named street and the pickup order\'s region', () => {
  it('reads the region after edge whitespace, as a target that trims does', () => {
    const profile = { fixtures: { unknown: { streets: [' 77000000000999900', '50000000000999900 '] } } };
    assert.deepEqual(namedStreetsIn(profile, '77000000000713499'), [' 77000000000999900']);
    assert.deepEqual(namedStreetsIn(profile, ' 50000000000713499'), ['50000000000999900 ']);
    assert.equal(namedStreetsIn(profile, '66000000000713499'), undefined, 'none of the region: drawn in it');
  });

  const pickupStreets = (profile: LoadedProfile): unknown[] => {
    const ctx = { profile, bases: loadBases(), now: new Date() };
    return LOOK_UPS.filter((c) => c.rules.includes('PCK-ADDRESS-STREET-KNOWN')).map((c) => (buildRequest(c, ctx).address as Doc).street);
  };
  const legalStreets = (profile: LoadedProfile): unknown[] => {
    const ctx = { profile, bases: loadBases(), now: new Date() };
    return LOOK_UPS.filter((c) => c.rules.includes('CAG-JADDR-STREET-KNOWN')).flatMap((c) => valuesByKind(buildRequest(c, ctx)).filter((v) => v.kind === 'streets').map((v) => v.value));
  };

  it('is sent in a pickup address only when of the in-region street\'s region; a legal address takes any', () => {
    const profile = load((f) => { f.unknown = { streets: ['78000000000999900', '77000000000999900'] }; });
    assert.deepEqual(pickupStreets(profile), ['77000000000999900', '77000000000999900']);
    assert.ok(legalStreets(profile).includes('78000000000999900'), 'a legal address may lie in any region');
    const violator = [...new Set(fc.sample(unknownLike({ profile, now: new Date() }, 'pickup streets', '77000000000713400'), 30))];
    assert.deepEqual(violator, ['77000000000999900']);
  });

  it('of another region only leaves the pickup street drawn in the region', () => {
    const profile = load((f) => { f.unknown = { streets: ['78000000000999900'] }; });
    const known = new Set(knownValues(profile.fixtures, 'streets'));
    for (const street of pickupStreets(profile)) {
      assert.match(String(street), /^77[0-9]{15}$/, 'drawn in the in-region street\'s region');
      assert.ok(!known.has(String(street)));
    }
    const violator = fc.sample(unknownLike({ profile, now: new Date() }, 'pickup streets', '77000000000713400'), 30);
    assert.ok(violator.every((s) => /^77[0-9]{15}$/.test(s) && s !== '77000000000713400'), violator.join(' '));
    assert.deepEqual(legalStreets(profile), ['78000000000999900', '78000000000999900']);
  });
});

describe('the profile\'s known values and its named unknown ones', () => {
  it('are read from the listed fixtures, one entry or a list', () => {
    const profile = load((f) => { f.juridicalAddress = { search: 'Москва, ул. Льва Толстого, д. 16', street: '77000000000713499', house: '16' }; });
    assert.deepEqual(knownValues(profile.fixtures, 'streets'), ['77000000000713499', '77000000000713400', '77000000000092000', '78000000000082700']);
    assert.deepEqual(knownValues(profile.fixtures, 'addressIDs'), [8001, 8002, 8003]);
    assert.deepEqual(knownValues(profile.fixtures, 'forms'), ['0xab91feea8b5b0ba511e1bb8e84dd7412', '0xab91feea8b5b0ba511e1bb8e84dd7412', '0xa77fcf6a449164ed490133777a68bd51', '0x8c7a3f9b2d4e5c6f7a8b9c0d1e2f3a4b']);
    assert.deepEqual([...knownIds(profile.fixtures)].sort(), [5001, 5002, 5003, 6001, 6002, 6003, 6004, 7001, 7002, 7003, 7004, 8001, 8002, 8003]);
    refused((f) => {
      f.juridicalAddress = { search: 'Москва, ул. Льва Толстого, д. 16', street: '77000000000713499', house: '16' };
      f.unknown = { streets: ['77000000000713499'] };
    }, /key fixtures\.unknown\.streets: "77000000000713499" is also one of the profile's known values/);
  });

  it('contradict each other after edge whitespace, and a 0x UID in any case', () => {
    refused((f) => { f.unknown = { forms: [' 0xAB91FEEA8B5B0BA511E1BB8E84DD7412'] }; }, /key fixtures\.unknown\.forms: " 0xAB91FEEA8B5B0BA511E1BB8E84DD7412" is also one/);
    refused((f) => { f.unknown = { streets: ['77000000000092000 '] }; }, /key fixtures\.unknown\.streets: "77000000000092000 " is also one/);
    // A street code is digits: case says nothing there, and a named `0X…` form is as refused as `0x…`.
    refused((f) => { f.unknown = { forms: ['0Xa77fcf6a449164ed490133777a68bd51'] }; }, /key fixtures\.unknown\.forms/);
    // Two per kind, as written: kept untrimmed, edge whitespace and all.
    assert.deepEqual(load((f) => { f.unknown = TWO; }).fixtures.unknown, TWO);
  });

  it('are one or two per kind', () => {
    refused((f) => { f.unknown = { addressIDs: [999000401, 999000402, 999000403] }; }, /key fixtures\.unknown\.addressIDs: must NOT have more than 2 items/);
    refused((f) => { f.unknown = { streets: [] }; }, /key fixtures\.unknown\.streets: must NOT have fewer than 1 items/);
  });
});
