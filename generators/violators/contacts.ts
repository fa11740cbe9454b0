import fc from 'fast-check';
import { oneof, record } from '../combinators.ts';
import { OPERATIONS, type Format, type Operation } from '../../src/contract/load.ts';
import { MissingFixture } from '../../src/scenario/build.ts';
import { bookIDs, contactPersons, idsFrom, MAX_ELEMENTS, phone, phoneNumbers } from '../contacts.ts';
import { fixturesOf, type GenContext } from '../fixtures.ts';
import { personName, digit, textBetween } from '../text.ts';
import { holderOf, notAnInteger, only, unknownId, violator, whichMember, type Violator, type Which } from './violator.ts';

type IdList = 'contactIDs' | 'phoneIDs';
const PARTNER = { contactIDs: 'contactPersons', phoneIDs: 'phoneNumbers', contactPersons: 'contactIDs', phoneNumbers: 'phoneIDs' } as const;

/**
 * Four to six address-book IDs from the profile: distinct while the profile has enough,
 * repeated from the start when it has fewer (a repeat breaks nothing else).
 */
function tooManyIDs(ids: number[]): fc.Arbitrary<number[]> {
  const most = Math.max(MAX_ELEMENTS + 1, Math.min(ids.length, MAX_ELEMENTS + 3));
  return fc.tuple(fc.integer({ min: MAX_ELEMENTS + 1, max: most }), fc.shuffledSubarray(ids, { minLength: ids.length, maxLength: ids.length }))
    .map(([n, order]) => Array.from({ length: n }, (_, i) => order[i % order.length]!));
}

const tooMany = <T>(item: fc.Arbitrary<T>): fc.Arbitrary<T[]> => fc.array(item, { minLength: MAX_ELEMENTS + 1, maxLength: MAX_ELEMENTS + 3 });

const pairRules = (list: IdList, what: string): Violator[] => {
  const partner = PARTNER[list];
  const items = (op: Operation): fc.Arbitrary<unknown> => (list === 'contactIDs' ? contactPersons : phoneNumbers(op));
  return [
    violator({
      rule: `CNT-${what}-BOTH`,
      operations: OPERATIONS,
      how: (ctx, op) => record({ which: whichMember, ids: idsFrom(bookIDs(fixturesOf(ctx.profile), list)), items: items(op) }),
      apply: (r, h: { which: Which; ids: number[]; items: unknown }, op) => Object.assign(holderOf(r, op, h.which), { [list]: h.ids, [partner]: h.items }),
    }),
    violator({
      rule: `CNT-${what}-NEITHER`,
      operations: OPERATIONS,
      how: () => whichMember,
      apply: (r, which: Which, op) => { const h = holderOf(r, op, which); delete h[list]; delete h[partner]; },
    }),
  ];
};

const maxRule = (rule: string, list: keyof typeof PARTNER, values: (ctx: GenContext, op: Operation) => fc.Arbitrary<unknown[]>): Violator => violator({
  rule,
  operations: OPERATIONS,
  how: (ctx, op) => fc.tuple(whichMember, values(ctx, op)),
  apply: (r, [which, v]: [Which, unknown[]], op) => only(holderOf(r, op, which), list, v, PARTNER[list]),
});

/** A valid list cut to `atMost - 1` elements with `bad` put in at a position the arbitrary picks. */
const withElement = <T>(valid: fc.Arbitrary<T[]>, bad: fc.Arbitrary<T>, atMost: number): fc.Arbitrary<T[]> =>
  fc.tuple(valid, bad, fc.nat()).map(([items, b, at]) => {
    const out = items.slice(0, atMost - 1);
    out.splice(at % (out.length + 1), 0, b);
    return out;
  });

/** A list of 1 to 3 IDs with one element that is not an integer, for each list the profile has. */
function idsWithNonInteger(ctx: GenContext, formats: readonly Format[]): fc.Arbitrary<{ list: IdList; ids: unknown[] }> {
  const book = fixturesOf(ctx.profile).addressBook;
  const lists = (['contactIDs', 'phoneIDs'] as const).filter((l) => book?.[l]?.length);
  if (lists.length === 0) throw new MissingFixture('the profile has no fixtures.addressBook.contactIDs or phoneIDs');
  return oneof(...lists.map((list) => {
    const ids = book![list]!;
    return withElement<unknown>(idsFrom(ids), notAnInteger(ids[0]!, formats), MAX_ELEMENTS).map((v) => ({ list, ids: v }));
  }));
}

/** Spec 8: a pickup phone number of 16 to 18 characters, digits with and without a leading plus. */
const pickupNumberOver = oneof(textBetween(digit, 16, 18), textBetween(digit, 15, 17).map((d) => `+${d}`));

/**
 * Spec 2.2 and 8: a phone number of at most 15 characters with a non-digit inside it, a plus
 * included, never in front (where a plus is allowed in a pickup change, doubtful in a receiver change).
 */
export const numberWithOtherChar = fc.tuple(textBetween(digit, 2, 14), fc.constantFrom('-', ' ', '(', ')', '+', 'x', '#', '.', 'д'), fc.nat())
  .map(([d, c, at]) => { const i = 1 + (at % (d.length - 1)); return d.slice(0, i) + c + d.slice(i); });

/** Spec 2.2 and 8: an extension of at most 5 characters with a non-digit in it. */
const extWithOtherChar = fc.tuple(textBetween(digit, 1, 4), fc.constantFrom('a', '-', '+', '#', 'x', '.', 'д'), fc.nat())
  .map(([d, c, at]) => { const i = at % (d.length + 1); return d.slice(0, i) + c + d.slice(i); });

/** A violator that gives the holder a phoneNumbers list with one element from `bad`, the rest valid. */
export const inPhoneNumbers = (rule: string, operations: Operation[], bad: (op: Operation) => fc.Arbitrary<object>): Violator => violator({
  rule,
  operations,
  how: (_ctx, op) => fc.tuple(whichMember, withElement(phoneNumbers(op), bad(op), MAX_ELEMENTS)),
  apply: (r, [which, phones]: [Which, object[]], op) => only(holderOf(r, op, which), 'phoneNumbers', phones, 'phoneIDs'),
});

/** A valid phoneNumbers element with `number` in place of its own. */
export const withNumber = (number: fc.Arbitrary<string>) => (op: Operation): fc.Arbitrary<object> =>
  fc.tuple(phone(op), number).map(([p, n]) => ({ ...p, number: n }));

/** Spec 2.2, 2.6 and 8: contact and phone lists of a member or of a pickup change. */
export const contactRules: Violator[] = [
  ...pairRules('contactIDs', 'CONTACTS'),
  ...pairRules('phoneIDs', 'PHONES'),
  maxRule('CNT-CONTACTIDS-MAX', 'contactIDs', (ctx) => tooManyIDs(bookIDs(fixturesOf(ctx.profile), 'contactIDs'))),
  maxRule('CNT-CONTACTPERSONS-MAX', 'contactPersons', () => tooMany(record({ name: personName }))),
  maxRule('CNT-PHONEIDS-MAX', 'phoneIDs', (ctx) => tooManyIDs(bookIDs(fixturesOf(ctx.profile), 'phoneIDs'))),
  maxRule('CNT-PHONENUMBERS-MAX', 'phoneNumbers', (_ctx, op) => tooMany(phone(op))),
  violator({
    rule: 'CNT-CONTACTPERSON-NAME-REQUIRED',
    operations: OPERATIONS,
    formats: ['json'],
    why: 'a contact person without name is an empty element in XML, which reads as empty text, not as an object without name',
    how: () => fc.tuple(whichMember, withElement<object>(contactPersons, fc.constant({}), MAX_ELEMENTS)),
    apply: (r, [which, persons]: [Which, object[]], op) => only(holderOf(r, op, which), 'contactPersons', persons, 'contactIDs'),
  }),
  inPhoneNumbers('CNT-PHONE-NUMBER-REQUIRED', OPERATIONS, () => textBetween(digit, 1, 5).map((ext) => ({ ext }))),
  inPhoneNumbers('CNT-PHONE-EXT-MAX', OPERATIONS, (op) => fc.tuple(phone(op), textBetween(digit, 6, 8)).map(([p, ext]) => ({ ...p, ext }))),
  inPhoneNumbers('CNT-PHONE-EXT-DIGITS', OPERATIONS, (op) => fc.tuple(phone(op), extWithOtherChar).map(([p, ext]) => ({ ...p, ext }))),
  violator({
    rule: 'CNT-IDS-KNOWN',
    operations: OPERATIONS,
    how: (ctx) => {
      const f = fixturesOf(ctx.profile);
      const lists = (['contactIDs', 'phoneIDs'] as const).filter((l) => f.addressBook?.[l]?.length);
      if (lists.length === 0) throw new MissingFixture('the profile has no fixtures.addressBook.contactIDs or phoneIDs');
      return fc.tuple(whichMember, oneof(...lists.map((list) => withElement(idsFrom(f.addressBook![list]!), unknownId(ctx, list), MAX_ELEMENTS).map((ids) => ({ list, ids })))));
    },
    apply: (r, [which, { list, ids }]: [Which, { list: IdList; ids: number[] }], op) => only(holderOf(r, op, which), list, ids, PARTNER[list]),
  }),
  violator({
    rule: 'CNT-IDS-INTEGER',
    operations: OPERATIONS,
    how: (ctx, _op, formats) => fc.tuple(whichMember, idsWithNonInteger(ctx, formats)),
    apply: (r, [which, { list, ids }]: [Which, { list: IdList; ids: unknown[] }], op) => only(holderOf(r, op, which), list, ids, PARTNER[list]),
  }),
  inPhoneNumbers('PCK-PHONE-NUMBER-MAX', ['change_pickup'], withNumber(pickupNumberOver)),
  inPhoneNumbers('PCK-PHONE-NUMBER-CHARSET', ['change_pickup'], withNumber(numberWithOtherChar)),
];
