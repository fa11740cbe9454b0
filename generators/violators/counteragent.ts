import fc from 'fast-check';
import { byStreet, counteragent, individual, JADDR_SEARCH_MAX, legalEntity, type Counteragent } from '../counteragent.ts';
import { fixturesOf, legalAddresses, need, type Fixtures, type GenContext } from '../fixtures.ts';
import { houseOver, housePartOver, searchOver } from '../text.ts';
import { memberOf, notAnInteger, only, unknownLike, violator, whichMember, type Violator, type Which } from './violator.ts';

const receiverOnly = ['change_receiver' as const];

/** A violator that puts a counteragent from `make` into a member, changed by `change` if given. */
const inCounteragent = (rule: string, make: (f: Fixtures, ctx: GenContext) => fc.Arbitrary<Counteragent>, change?: (c: Counteragent) => void): Violator => violator({
  rule,
  operations: receiverOnly,
  how: (ctx: GenContext) => fc.tuple(whichMember, make(fixturesOf(ctx.profile), ctx)),
  apply: (r, [which, c]: [Which, Counteragent]) => {
    change?.(c);
    only(memberOf(r, which), 'counteragent', c, 'counteragentID');
  },
});

/** A legal entity whose juridicalAddress is `address` (a violation of a juridicalAddress rule). */
const legalWithAddress = (address: (f: Fixtures, ctx: GenContext) => fc.Arbitrary<Record<string, string>>) => (f: Fixtures, ctx: GenContext): fc.Arbitrary<Counteragent> =>
  fc.tuple(legalEntity(f), address(f, ctx)).map(([c, juridicalAddress]) => ({ ...c, juridicalAddress }));

/** A street and house of the profile's legal addresses (generators/fixtures.ts legalAddresses). */
const profileStreet = (f: Fixtures): fc.Arbitrary<{ street: string; house: string }> => {
  const streets = legalAddresses(f).flatMap((a) => (a.street && a.house ? [{ street: a.street, house: a.house }] : []));
  return fc.constantFrom(...need(streets, 'juridicalAddress.street and house'));
};

/** A search of the profile's legal addresses. */
const profileSearch = (f: Fixtures): fc.Arbitrary<string> =>
  fc.constantFrom(...need(legalAddresses(f).flatMap((a) => (a.search ? [a.search] : [])), 'juridicalAddress.search'));

/** The street-and-house juridicalAddress with one part past its limit (spec 2.3). */
const partOver = (part: 'building' | 'structure' | 'flat', max: number) => legalWithAddress((f) =>
  profileStreet(f).chain(({ street, house }) => fc.tuple(byStreet(street, house), housePartOver(max)).map(([a, v]) => ({ ...a, [part]: v }))));

const legalInnOf = (f: Fixtures): number => need(f.counteragents?.legal, 'counteragents.legal')[0]!.inn;

/** Spec 2.3: the counteragent of a member. */
export const counteragentRules: Violator[] = [
  inCounteragent('CAG-FORM-REQUIRED', counteragent, (c) => { delete c.form; }),
  inCounteragent('CAG-NAME-REQUIRED', counteragent, (c) => { delete c.name; }),
  inCounteragent('CAG-INDIVIDUAL-DOCUMENT-REQUIRED', individual, (c) => { delete c.document; }),
  inCounteragent('CAG-DOCUMENT-TYPE-REQUIRED', individual, (c) => { delete (c.document as Counteragent).type; }),
  inCounteragent('CAG-DOCUMENT-NUMBER-REQUIRED', individual, (c) => { delete (c.document as Counteragent).number; }),
  inCounteragent('CAG-LEGAL-INN-REQUIRED', legalEntity, (c) => { delete c.inn; }),
  violator({
    rule: 'CAG-INN-INTEGER',
    operations: receiverOnly,
    how: (ctx, _op, formats) => { const f = fixturesOf(ctx.profile); return fc.tuple(whichMember, legalEntity(f), notAnInteger(legalInnOf(f), formats)); },
    apply: (r, [which, c, inn]: [Which, Counteragent, unknown]) => only(memberOf(r, which), 'counteragent', { ...c, inn }, 'counteragentID'),
  }),
  inCounteragent('CAG-LEGAL-JURIDICALADDRESS-REQUIRED', legalEntity, (c) => { delete c.juridicalAddress; }),
  inCounteragent('CAG-FORM-KNOWN', (f, ctx) => counteragent(f).chain((c) => unknownLike(ctx, 'forms', String(c.form)).map((form) => ({ ...c, form })))),
  inCounteragent('CAG-JADDR-STREET-KNOWN', legalWithAddress((f, ctx) => profileStreet(f).chain(({ street, house }) =>
    fc.tuple(byStreet(street, house), unknownLike(ctx, 'streets', street)).map(([a, s]) => ({ ...a, street: s }))))),
  inCounteragent('CAG-JADDR-SEARCH-MIN', legalWithAddress(() => fc.constantFrom('М', 'A', '7').map((search) => ({ search })))),
  inCounteragent('CAG-JADDR-SEARCH-MAX', legalWithAddress((f) => profileSearch(f).chain((s) => searchOver(s, JADDR_SEARCH_MAX)).map((search) => ({ search })))),
  inCounteragent('CAG-JADDR-HOUSE-MAX', legalWithAddress((f) => profileStreet(f).chain(({ street, house }) =>
    fc.tuple(byStreet(street, house), houseOver(house)).map(([a, h]) => ({ ...a, house: h }))))),
  inCounteragent('CAG-JADDR-BUILDING-MAX', partOver('building', 5)),
  inCounteragent('CAG-JADDR-STRUCTURE-MAX', partOver('structure', 7)),
  inCounteragent('CAG-JADDR-FLAT-MAX', partOver('flat', 5)),
];
