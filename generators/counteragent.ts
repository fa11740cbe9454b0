import fc from 'fast-check';
import { oneof, record } from './combinators.ts';
import { MissingFixture } from '../src/scenario/build.ts';
import { ifFixtures, legalAddresses, need, type Fixtures } from './fixtures.ts';
import { houseFrom, housePart, personName, searchUpTo } from './text.ts';

export type Counteragent = Record<string, unknown>;

/** Spec 2.3: the juridicalAddress limits. */
export const JADDR_SEARCH_MAX = 1024;

/** Spec 2.3: building 5, structure 7, flat 5 characters at most; each optional. */
export const houseParts = record(
  { building: housePart(5), structure: housePart(7), flat: housePart(5) },
  { requiredKeys: [] },
);

/**
 * Spec 2.3: a legal entity's juridicalAddress, from every legal address the profile gives
 * (generators/fixtures.ts legalAddresses: in any region). Its footnotes are not shown
 * (contract/assumptions.yaml A-JADDR-FOOTNOTES), so it is either a search alone (as is or
 * padded up to 1024 characters, keeping the city) or a street and house with optional
 * building, structure and flat.
 */
export function juridicalAddress(f: Fixtures): fc.Arbitrary<Record<string, string>> {
  const all = legalAddresses(f);
  const searches = all.flatMap((a) => (a.search ? [a.search] : []));
  const streets = all.flatMap((a) => (a.street && a.house ? [{ street: a.street, house: a.house }] : []));
  const branches: fc.Arbitrary<Record<string, string>>[] = [];
  if (searches.length) branches.push(record({ search: oneof(...searches.map((s) => searchUpTo(s, JADDR_SEARCH_MAX))) }));
  if (streets.length) branches.push(oneof(...streets.map((s) => byStreet(s.street, s.house))));
  if (branches.length === 0) throw new MissingFixture('the profile has no fixtures.juridicalAddress (search, or street and house)');
  return oneof(...branches);
}

/** The street-and-house form of a juridicalAddress; violators of the house-part limits start here. */
export function byStreet(street: string, house: string): fc.Arbitrary<Record<string, string>> {
  return fc.tuple(houseFrom(house), houseParts).map(([h, parts]) => ({ street, house: h, ...parts }));
}

/**
 * Spec 2.3: an individual: one of the profile's individuals (legal form and document), and a
 * name. The document is copied (its fields are text, so one level deep), never the profile's
 * own; structuredClone cost a few microseconds a draw.
 */
export function individual(f: Fixtures): fc.Arbitrary<Counteragent> {
  const all = need(f.counteragents?.individual, 'counteragents.individual');
  return fc.tuple(fc.constantFrom(...all), personName).map(([ind, name]) => ({ form: ind.form, name, document: { ...ind.document } }));
}

/** Spec 2.3: a legal entity: one of the profile's legal entities (legal form and inn), a name and a juridicalAddress. */
export function legalEntity(f: Fixtures): fc.Arbitrary<Counteragent> {
  const all = need(f.counteragents?.legal, 'counteragents.legal');
  return fc.tuple(fc.constantFrom(...all), personName, juridicalAddress(f))
    .map(([legal, name, address]) => ({ form: legal.form, name, inn: legal.inn, juridicalAddress: address }));
}

/** Spec 2.3: an individual or a legal entity, whichever the profile can build. */
export function counteragent(f: Fixtures): fc.Arbitrary<Counteragent> {
  // Built once per profile: every property drawing a member builds one, and a legal entity's
  // arbitrary (a one-of over every search, padded and remarked) is the most of that building.
  // An arbitrary holds no state between draws, so the properties share it.
  let made = counteragents.get(f);
  if (made === undefined) {
    try { made = { arbitrary: madeCounteragent(f) }; } catch (err) { made = { err }; }
    counteragents.set(f, made);
  }
  if ('err' in made) throw made.err;
  return made.arbitrary;
}
const counteragents = new WeakMap<Fixtures, { arbitrary: fc.Arbitrary<Counteragent> } | { err: unknown }>();

function madeCounteragent(f: Fixtures): fc.Arbitrary<Counteragent> {
  const branches = [...ifFixtures(() => individual(f)), ...ifFixtures(() => legalEntity(f))];
  if (branches.length === 0) throw new MissingFixture('the profile has no fixtures.counteragents to build a counteragent from');
  return oneof(...branches);
}
