import fc from 'fast-check';
import { oneof, record } from './combinators.ts';
import { MissingFixture } from '../src/scenario/build.ts';
import { clockOf } from '../src/time/clock.ts';
import { contacts, phones } from './contacts.ts';
import { byStreet } from './counteragent.ts';
import { fixturesOf, need, type GenContext, type Places } from './fixtures.ts';
import type { Request } from './receiver.ts';
import { housePart, searchUpTo } from './text.ts';

/** Spec 2.7 and 8: address.search, 1024 characters at most. */
export const ADDRESS_SEARCH_MAX = 1024;

/** Spec 2.7: a text search from the profile, as is or padded up to the limit (keeping the city). */
export const textSearch = (search: string[], longSearch?: string): fc.Arbitrary<string> =>
  oneof(...search.map((s) => searchUpTo(s, ADDRESS_SEARCH_MAX, longSearch)));

/**
 * Spec 2.6, 2.7: a new pickup place among the profile's `places`: an addressID, a text
 * search, a coordinates search (flat only here: spec 2.7 allows it with coordinates), or a
 * street and house with optional building, structure and flat. Never search together with
 * street and house (contract/assumptions.yaml A-SEARCH-WITH-STREET-HOUSE).
 */
export function place(places: Places | undefined, key: string, longSearch?: string): fc.Arbitrary<Request> {
  const branches: fc.Arbitrary<Request>[] = [];
  if (places?.addressIDs?.length) branches.push(record({ addressID: fc.constantFrom(...places.addressIDs) }));
  if (places?.search?.length) branches.push(record({ address: record({ search: textSearch(places.search, longSearch) }) }));
  if (places?.coordinates?.length) {
    branches.push(record({ address: record({ search: fc.constantFrom(...places.coordinates), flat: housePart(5) }, { requiredKeys: ['search'] }) }));
  }
  if (places?.streets?.length) branches.push(oneof(...places.streets.map((s) => byStreet(s.street, s.house))).map((address) => ({ address })));
  if (branches.length === 0) throw new MissingFixture(`the profile has no fixtures.${key} (addressIDs, search, coordinates or streets)`);
  return oneof(...branches);
}


/** Spec 2.6: produce_date, `YYYY-MM-DD`, a weekday two to nine days ahead. */
const produceDate = (ctx: GenContext): fc.Arbitrary<string> => {
  // Worked out once per arbitrary: a date in the target's time zone costs more than the rest of a request.
  const dates = new Map(Array.from({ length: 8 }, (_, i) => [i + 2, clockOf(ctx.profile).weekdayAhead(ctx.now, i + 2)]));
  return fc.integer({ min: 2, max: 9 }).map((d) => dates.get(d)!);
};

const two = (n: number): string => String(n).padStart(2, '0');
export const hhmm = (minutes: number): string => `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;

const minuteOfDay = fc.integer({ min: 0, max: 24 * 60 - 1 });
const ascending = (n: number): fc.Arbitrary<string[]> =>
  fc.uniqueArray(minuteOfDay, { minLength: n, maxLength: n }).map((ms) => ms.sort((a, b) => a - b).map(hhmm));

/**
 * Spec 2.8: a time window, `HH:MM`, with and without a break (both ends, inside the window)
 * and exactTime. Ordered, although the order is not checked (A-TIME-WINDOW-ORDER).
 */
const timeWindow: fc.Arbitrary<Request> = fc.tuple(
  oneof(
    ascending(2).map(([worktimeStart, worktimeEnd]) => ({ worktimeStart, worktimeEnd })),
    ascending(4).map(([worktimeStart, breakStart, breakEnd, worktimeEnd]) => ({ worktimeStart, worktimeEnd, breakStart, breakEnd })),
  ),
  record({ exactTime: fc.boolean() }, { requiredKeys: [] }),
).map(([window, exact]) => ({ ...window, ...exact }));

/** Spec 2.6 to 2.8: a valid change-pickup request for the profile's changeable order, in its region. */
export function changePickupRequest(ctx: GenContext): fc.Arbitrary<Request> {
  const f = fixturesOf(ctx.profile);
  const orderID = need(f.orders.pickupChangeable, 'orders.pickupChangeable');
  return fc.tuple(place(f.pickup?.inRegion, 'pickup.inRegion', f.pickup?.longSearch), produceDate(ctx), timeWindow, contacts(f), phones(f, 'change_pickup'))
    .map(([where, produce_date, time, c, p]) => ({
      appkey: ctx.profile.secrets.appkey,
      sessionID: ctx.profile.secrets.sessionID,
      orderID,
      variant: 'address',
      ...where,
      produce_date,
      time,
      ...c,
      ...p,
    }));
}
