// Each violator breaks its rule and no other, checked mechanically with brokenRules, in
// every format it declares (after that format's encode and decode, which is what the target
// reads); a violator kept out of a format really has no form there. An address limit's
// violator reaches each sibling that could switch the check off.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FORMATS } from '../../src/contract/load.ts';
import { decodeRequest, encodeRequest } from '../../src/codec/index.ts';
import { brokenRules } from '../../generators/broken-rules.ts';
import { COORDINATES } from '../../generators/broken-conditions.ts';
import { ALL_VIOLATORS, violation } from '../../generators/violators/index.ts';
import { ctx, profile, sample, show } from './helpers.ts';

const RUNS = 60;

for (const v of ALL_VIOLATORS) {
  describe(`the ${v.rule} violator`, () => {
    for (const op of v.operations) {
      const broken = (r: unknown): string[] => [...brokenRules(op, r, profile, ctx.now)].sort();

      for (const format of FORMATS) {
        const declared = v.formats.includes(format);
        const requests = sample(violation(op, v, ctx, declared ? [format] : v.formats), RUNS);
        const read = requests.map((r) => decodeRequest(format, op, encodeRequest(format, r)));
        if (declared) {
          it(`breaks ${v.rule} and nothing else in ${op} requests for ${format}, before and after ${format} encoding`, () => {
            for (const r of requests) assert.deepEqual(broken(r), [v.rule], show(r));
            for (const r of read) assert.deepEqual(broken(r), [v.rule], `${format}: ${show(r)}`);
          });
        } else {
          it(`has no ${format} form in ${op} requests (${v.why})`, () => {
            const kept = read.filter((r) => broken(r).includes(v.rule));
            assert.deepEqual(kept, [], `violations that still break ${v.rule} after ${format} encoding: declare the format`);
          });
        }
      }
      if (v.formats.length === FORMATS.length) {
        it(`breaks only ${v.rule} in both formats at once, as the parity property sends it`, () => {
          for (const r of sample(violation(op, v, ctx, FORMATS), RUNS)) {
            for (const format of FORMATS) assert.deepEqual(broken(decodeRequest(format, op, encodeRequest(format, r))), [v.rule], `${format}: ${show(r)}`);
          }
        });
      }
    }
  });
}

/**
 * A careless service checks an address's fields in one branch only (A-LIMIT-SIBLINGS), so each
 * limit's violator reaches every sibling that could switch its check off: the address that
 * breaks the limit is seen with search and without, with street and without.
 */
describe('the address limits violators', () => {
  type Address = Record<string, unknown>;
  const LIMITS: Record<string, [number, number]> = { search: [2, 1024], house: [1, 7], building: [1, 5], structure: [1, 7], flat: [1, 5] };
  const past = (a: Address, limits = LIMITS): boolean =>
    Object.entries(limits).some(([k, [min, max]]) => typeof a[k] === 'string' && ([...a[k]].length > max || [...a[k]].length < min));
  const siblings = (a: Address): string => `${'search' in a ? 'search' : 'no search'}, ${'street' in a ? 'street' : 'no street'}`;
  const reached = (rule: string, op: 'change_receiver' | 'change_pickup', addresses: (r: any) => Address[], limits?: typeof LIMITS): Set<string> => {
    const v = ALL_VIOLATORS.find((x) => x.rule === rule)!;
    const broken = sample(violation(op, v, ctx, FORMATS), 300).flatMap((r) => addresses(r).filter((a) => a && past(a, limits)));
    return new Set(broken.map(siblings));
  };
  const jaddr = (r: any): Address[] => [r.receiver?.counteragent?.juridicalAddress, r.third?.counteragent?.juridicalAddress];
  const all = ['no search, no street', 'no search, street', 'search, no street', 'search, street'];

  for (const part of ['HOUSE', 'BUILDING', 'STRUCTURE', 'FLAT']) {
    it(`put a juridicalAddress part past its limit (CAG-JADDR-${part}-MAX) with and without search and street`, () => {
      assert.deepEqual([...reached(`CAG-JADDR-${part}-MAX`, 'change_receiver', jaddr)].sort(), all);
    });
  }
  for (const rule of ['CAG-JADDR-SEARCH-MIN', 'CAG-JADDR-SEARCH-MAX']) {
    it(`put a juridicalAddress.search past its limit (${rule}) alone and beside street and house`, () => {
      assert.deepEqual([...reached(rule, 'change_receiver', jaddr)].sort(), ['search, no street', 'search, street']);
    });
  }
  it('put a pickup house past its limit beside street, beside search, and beside both', () => {
    assert.deepEqual([...reached('PCK-ADDRESS-HOUSE-MAX', 'change_pickup', (r) => [r.address])].sort(), ['no search, street', 'search, no street', 'search, street']);
  });
  it('put a pickup flat past its limit beside street and house and beside a coordinate search', () => {
    const v = ALL_VIOLATORS.find((x) => x.rule === 'PCK-ADDRESS-FLAT-MAX')!;
    const beside = sample(violation('change_pickup', v, ctx, FORMATS), 300).map((r) => r.address as Address)
      .map((a) => (typeof a.search === 'string' ? (COORDINATES.test(a.search) ? 'coordinates' : 'text') : 'street'));
    assert.deepEqual([...new Set(beside)].sort(), ['coordinates', 'street']);
  });
  it('put a pickup search past its limit alone and beside street and house', () => {
    assert.deepEqual([...reached('PCK-ADDRESS-SEARCH-MAX', 'change_pickup', (r) => [r.address])].sort(), ['search, no street', 'search, street']);
  });
});
