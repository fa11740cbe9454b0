import fc from 'fast-check';
import { oneof } from '../combinators.ts';
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

/** The profile's legal addresses (generators/fixtures.ts legalAddresses): its streets with their houses, and its searches. */
function legalPlaces(f: Fixtures): { streets: { street: string; house: string }[]; searches: string[] } {
  const all = legalAddresses(f);
  return {
    streets: all.flatMap((a) => (a.street && a.house ? [{ street: a.street, house: a.house }] : [])),
    searches: all.flatMap((a) => (a.search ? [a.search] : [])),
  };
}

/** A street and house of the profile's legal addresses. */
const profileStreet = (f: Fixtures): fc.Arbitrary<{ street: string; house: string }> =>
  fc.constantFrom(...need(legalPlaces(f).streets, 'juridicalAddress.street and house'));

/**
 * A juridicalAddress holding `over` (a part past its limit; `house` is the profile's house it
 * may grow from) beside each sibling that could switch its check off in a service that checks
 * one branch only (A-LIMIT-SIBLINGS): street and house, the house without street, search, and
 * search with street and house. Past its limit the address is refused however its footnotes
 * combine its fields (A-JADDR-FOOTNOTES), so no sibling makes the violation doubtful.
 */
const besideSiblings = (over: (house: string) => fc.Arbitrary<Record<string, string>>) => legalWithAddress((f) => {
  const { streets, searches } = legalPlaces(f);
  const branches: fc.Arbitrary<Record<string, string>>[] = [];
  if (streets.length) {
    const street = fc.constantFrom(...streets);
    branches.push(street.chain((s) => fc.tuple(byStreet(s.street, s.house), over(s.house)).map(([a, o]) => ({ ...a, ...o }))));
    branches.push(street.chain((s) => over(s.house).map((o) => ({ house: s.house, ...o }))));
    if (searches.length) {
      branches.push(fc.tuple(fc.constantFrom(...searches), street).chain(([q, s]) => over(s.house).map((o) => ({ search: q, ...s, ...o }))));
    }
  }
  if (searches.length) branches.push(fc.tuple(fc.constantFrom(...searches), over(streets[0]?.house ?? '')).map(([q, o]) => ({ search: q, ...o })));
  return oneof(...need(branches.length ? branches : undefined, 'juridicalAddress'));
});

/** A search past one of its limits, alone or beside the profile's street and house (A-LIMIT-SIBLINGS). */
const searchBesideStreet = (search: (f: Fixtures) => fc.Arbitrary<string>) => legalWithAddress((f) => {
  const branches = [search(f).map((s) => ({ search: s }))];
  if (legalPlaces(f).streets.length) branches.push(fc.tuple(search(f), profileStreet(f)).map(([s, place]) => ({ search: s, ...place })));
  return oneof(...branches);
});

/** The one-part-past-its-limit address for building, structure or flat (spec 2.3). */
const partOver = (part: 'building' | 'structure' | 'flat', max: number) => besideSiblings(() => housePartOver(max).map((v) => ({ [part]: v })));

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
  inCounteragent('CAG-JADDR-SEARCH-MIN', searchBesideStreet(() => fc.constantFrom('М', 'A', '7'))),
  inCounteragent('CAG-JADDR-SEARCH-MAX', searchBesideStreet((f) =>
    fc.constantFrom(...need(legalPlaces(f).searches, 'juridicalAddress.search')).chain((s) => searchOver(s, JADDR_SEARCH_MAX)))),
  inCounteragent('CAG-JADDR-HOUSE-MAX', besideSiblings((house) => houseOver(house).map((h) => ({ house: h })))),
  inCounteragent('CAG-JADDR-BUILDING-MAX', partOver('building', 5)),
  inCounteragent('CAG-JADDR-STRUCTURE-MAX', partOver('structure', 7)),
  inCounteragent('CAG-JADDR-FLAT-MAX', partOver('flat', 5)),
];
