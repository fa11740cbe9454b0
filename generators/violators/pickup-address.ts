import fc from 'fast-check';
import { oneof, record } from '../combinators.ts';
import { byStreet, houseParts } from '../counteragent.ts';
import { fixturesOf, ifFixtures, need, type Fixtures, type GenContext } from '../fixtures.ts';
import { ADDRESS_SEARCH_MAX, place, textSearch } from '../pickup.ts';
import type { Request } from '../receiver.ts';
import { houseOver, housePart, housePartOver, searchOver } from '../text.ts';
import { fixed, notAnInteger, only, unknownId, unknownLike, violator, type Violator } from './violator.ts';

const pickupOnly = ['change_pickup' as const];

const inRegion = (ctx: GenContext): NonNullable<NonNullable<Fixtures['pickup']>['inRegion']> => need(fixturesOf(ctx.profile).pickup?.inRegion, 'pickup.inRegion');
const streets = (ctx: GenContext) => need(inRegion(ctx).streets, 'pickup.inRegion.streets');
const texts = (ctx: GenContext) => need(inRegion(ctx).search, 'pickup.inRegion.search');

/** A violator whose `how` is the whole new address: it replaces addressID or address. */
const address = (rule: string, make: (ctx: GenContext) => fc.Arbitrary<Request>): Violator => violator({
  rule,
  operations: pickupOnly,
  how: make,
  apply: (r, a: Request) => only(r, 'address', a, 'addressID'),
});

/** A street-and-house address from the profile with one part changed. */
const byProfileStreet = (ctx: GenContext, change: (house: string) => fc.Arbitrary<Request>): fc.Arbitrary<Request> =>
  oneof(...streets(ctx).map((s) => fc.tuple(byStreet(s.street, s.house), change(s.house)).map(([a, part]) => ({ ...a, ...part }))));

/**
 * `part` past its limit beside each sibling that could switch its check off in a service that
 * checks one branch only (A-LIMIT-SIBLINGS): the profile's street and house, any in-region
 * search (coordinates only where `coordinatesOnly`: beside a text search a flat breaks a second
 * rule), and search with street and house. Past its limit the address is refused whatever
 * A-SEARCH-WITH-STREET-HOUSE's reading.
 */
const besideSiblings = (ctx: GenContext, part: (house: string) => fc.Arbitrary<Request>, coordinatesOnly = false): fc.Arbitrary<Request> => {
  const branches = [byProfileStreet(ctx, part)];
  const searches = ifFixtures(() => (coordinatesOnly ? fc.constantFrom(...need(inRegion(ctx).coordinates, 'pickup.inRegion.coordinates')) : anySearch(ctx)));
  for (const search of searches) {
    branches.push(fc.tuple(search, part(streets(ctx)[0]!.house)).map(([q, p]) => ({ search: q, ...p })));
    if (!coordinatesOnly) branches.push(withStreet(ctx, (house) => fc.tuple(search, part(house)).map(([q, p]) => ({ search: q, ...p }))));
  }
  return oneof(...branches);
};

/** A street and house from the profile, nothing else (beside search the other parts break rules of their own), with `more` over them. */
const withStreet = (ctx: GenContext, more: (house: string) => fc.Arbitrary<Request>): fc.Arbitrary<Request> =>
  fc.constantFrom(...streets(ctx)).chain((s) => more(s.house).map((m) => ({ street: s.street, house: s.house, ...m })));

/** Any in-region search: text (as is or padded) or coordinates. */
const anySearch = (ctx: GenContext): fc.Arbitrary<string> => {
  const r = inRegion(ctx);
  const branches = [...(r.search?.length ? [textSearch(r.search)] : []), ...(r.coordinates?.length ? [fc.constantFrom(...r.coordinates)] : [])];
  return oneof(...need(branches.length ? branches : undefined, 'pickup.inRegion.search or coordinates'));
};

/** Spec 2.6, 2.7 and 4 rule 5: the new pickup place. */
export const pickupAddressRules: Violator[] = [
  violator({
    rule: 'PCK-ADDRESS-BOTH',
    operations: pickupOnly,
    how: (ctx) => record({
      id: fc.constantFrom(...need(inRegion(ctx).addressIDs, 'pickup.inRegion.addressIDs')),
      address: place({ ...inRegion(ctx), addressIDs: undefined }, 'pickup.inRegion').map((p) => p.address),
    }),
    apply: (r, h: { id: number; address: unknown }) => {
      r.addressID ??= h.id;
      r.address ??= h.address;
    },
  }),
  violator({ rule: 'PCK-ADDRESS-NEITHER', operations: pickupOnly, how: fixed, apply: (r) => { delete r.addressID; delete r.address; } }),
  violator({
    rule: 'PCK-ADDRESSID-INTEGER',
    operations: pickupOnly,
    how: (ctx, _op, formats) => notAnInteger(need(inRegion(ctx).addressIDs, 'pickup.inRegion.addressIDs')[0]!, formats),
    apply: (r, bad: unknown) => only(r, 'addressID', bad, 'address'),
  }),
  violator({
    rule: 'PCK-ADDRESSID-KNOWN',
    operations: pickupOnly,
    how: (ctx) => unknownId(ctx, 'addressIDs'),
    apply: (r, id: number) => only(r, 'addressID', id, 'address'),
  }),
  address('PCK-ADDRESS-STREET-KNOWN', (ctx) => oneof(...streets(ctx).map((s) => fc.tuple(byStreet(s.street, s.house), unknownLike(ctx, 'pickup streets', s.street)).map(([a, street]) => ({ ...a, street }))))),
  address('PCK-ADDRESS-SEARCH-OR-STREET-HOUSE', (ctx) => fc.tuple(
    fc.constantFrom(...streets(ctx)),
    fc.constantFrom('street', 'house'),
    houseParts,
  ).map(([s, keep, parts]) => ({ [keep]: s[keep as 'street' | 'house'], ...parts }))),
  address('PCK-ADDRESS-SEARCH-MAX', (ctx) => {
    const over = oneof(...texts(ctx).map((s) => searchOver(s, ADDRESS_SEARCH_MAX))).map((search) => ({ search }));
    return oneof(over, ...ifFixtures(() => withStreet(ctx, () => over)));
  }),
  address('PCK-ADDRESS-HOUSE-MAX', (ctx) => besideSiblings(ctx, (house) => houseOver(house).map((h) => ({ house: h })))),
  // Beside search a building or structure breaks PCK-ADDRESS-*-NOT-WITH-SEARCH too, so theirs are sent with street and house only.
  address('PCK-ADDRESS-BUILDING-MAX', (ctx) => byProfileStreet(ctx, () => housePartOver(5).map((building) => ({ building })))),
  address('PCK-ADDRESS-STRUCTURE-MAX', (ctx) => byProfileStreet(ctx, () => housePartOver(7).map((structure) => ({ structure })))),
  address('PCK-ADDRESS-FLAT-MAX', (ctx) => besideSiblings(ctx, () => housePartOver(5).map((flat) => ({ flat })), true)),
  address('PCK-ADDRESS-BUILDING-NOT-WITH-SEARCH', (ctx) => record({ search: anySearch(ctx), building: housePart(5) })),
  address('PCK-ADDRESS-STRUCTURE-NOT-WITH-SEARCH', (ctx) => record({ search: anySearch(ctx), structure: housePart(7) })),
  address('PCK-ADDRESS-FLAT-WITH-COORDINATES-ONLY', (ctx) => record({ search: textSearch(texts(ctx)), flat: housePart(5) })),
  violator({
    rule: 'PCK-ADDRESS-SAME-REGION',
    operations: pickupOnly,
    how: (ctx) => place(fixturesOf(ctx.profile).pickup?.outOfRegion, 'pickup.outOfRegion'),
    apply: (r, where: Request) => {
      delete r.addressID;
      delete r.address;
      Object.assign(r, where);
    },
  }),
];
