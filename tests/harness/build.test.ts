// The request builder: a case's base with `set` and `unset` applied, and the value
// operators of README "How scenarios are interpreted", resolved against the profile.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Operation } from '../../src/contract/load.ts';
import type { LoadedProfile } from '../../src/profile/load.ts';
import { buildRequest, MissingFixture, type BuildContext } from '../../src/scenario/build.ts';
import type { Bases, LoadedCase } from '../../src/scenario/load.ts';
import { referenceProfile } from './helpers.ts';

const profile = referenceProfile();
const fixtures = profile.fixtures as Record<string, any>;

const bases: Bases = {
  fragments: {
    member: { counteragentID: { $ref: 'addressBook.counteragentIDs.0' }, contactIDs: [{ $ref: 'addressBook.contactIDs.0' }], phoneIDs: [7001] },
  },
  bases: {
    change_receiver: {
      valid: {
        appkey: { $ref: 'credentials.appkey' },
        sessionID: { $ref: 'credentials.sessionID' },
        orderID: { $ref: 'orders.receiverChangeable' },
        receiver: { $fragment: 'member' },
        changeOrderPayer: false,
        storePayer: 'third',
        third: { $fragment: 'member' },
      },
    },
    change_pickup: {
      valid: {
        appkey: { $ref: 'credentials.appkey' },
        orderID: { $ref: 'orders.pickupChangeable' },
        variant: 'address',
        produce_date: { $date: 'nextWeekday' },
      },
      empty: {},
    },
  },
};

const NOW = new Date('2026-11-18T09:00:00Z');

function build(set: Record<string, unknown> = {}, unset: string[] = [], opts: { op?: Operation; base?: string; now?: Date; profile?: LoadedProfile } = {}): Record<string, any> {
  const c: LoadedCase = {
    name: 'a case', rules: ['TOP-ORDERID-REQUIRED'], expect: 'rejected', set, unset,
    file: 'suites/x.yaml', index: 0, operation: opts.op ?? 'change_receiver', family: 'x', formats: ['json', 'xml'],
    ...(opts.base ? { base: opts.base } : {}),
  };
  const ctx: BuildContext = { profile: opts.profile ?? profile, bases, now: opts.now ?? NOW };
  return buildRequest(c, ctx);
}

const codePoints = (s: string): number => [...s].length;

describe('buildRequest: base, set and unset', () => {
  it('resolves the base: credentials, fixtures and fragments', () => {
    const body = build();
    assert.deepEqual(body, {
      appkey: 'dummy-appkey', sessionID: 'dummy-session', orderID: fixtures.orders.receiverChangeable,
      receiver: { counteragentID: 5001, contactIDs: [6001], phoneIDs: [7001] },
      changeOrderPayer: false, storePayer: 'third',
      third: { counteragentID: 5001, contactIDs: [6001], phoneIDs: [7001] },
    });
  });

  it('applies set to existing fields and unset to present ones', () => {
    const body = build({ changeOrderPayer: true, 'receiver.email': 'a@example.com', 'third.contactIDs.0': 6002 }, ['third.phoneIDs', 'storePayer', 'receiver.contactIDs.0']);
    assert.equal(body.changeOrderPayer, true);
    assert.equal(body.receiver.email, 'a@example.com');
    assert.deepEqual(body.third.contactIDs, [6002]);
    assert.ok(!('phoneIDs' in body.third));
    assert.ok(!('storePayer' in body));
    assert.deepEqual(body.receiver.contactIDs, []);
    assert.equal(body.receiver.counteragentID, 5001, 'a sibling of a changed field stays');
  });

  it('creates missing parents: objects, and arrays before a numeric segment', () => {
    const body = build({ 'receiver.counteragent.juridicalAddress.house': '16', 'receiver.contactPersons.0.name': 'Иван' });
    assert.deepEqual(body.receiver.counteragent, { juridicalAddress: { house: '16' } });
    assert.ok(Array.isArray(body.receiver.contactPersons), 'contactPersons is an array');
    assert.deepEqual(body.receiver.contactPersons, [{ name: 'Иван' }]);
  });

  it('ignores unset of a path that is not there', () => {
    assert.deepEqual(build({}, ['receiver.counteragent.form', 'nothing']), build());
  });

  it('never lets one build change the next (fragments and fixtures are copied)', () => {
    build({ 'receiver.contactIDs.0': 1, 'receiver.counteragentID': 2 });
    const again = build();
    assert.deepEqual(again.receiver.contactIDs, [6001]);
    assert.deepEqual(again.third.contactIDs, [6001]);
    assert.deepEqual(fixtures.addressBook.contactIDs, [6001, 6002, 6003, 6004]);
  });

  it('uses the case base', () => {
    assert.deepEqual(build({ variant: 'address' }, [], { op: 'change_pickup', base: 'empty' }), { variant: 'address' });
  });
});

describe('buildRequest: $ref', () => {
  it('takes the first n elements of a fixture list', () => {
    assert.deepEqual(build({ 'receiver.contactIDs': { $ref: 'addressBook.contactIDs', take: 3 } }).receiver.contactIDs, [6001, 6002, 6003]);
    assert.deepEqual(build({ 'receiver.phoneIDs': { $ref: 'addressBook.phoneIDs', take: 4 } }).receiver.phoneIDs, [7001, 7002, 7003, 7004]);
  });

  it('writes a numeric fixture as the string of its digits with as: string', () => {
    assert.deepEqual(build({ 'receiver.contactIDs': [{ $ref: 'addressBook.contactIDs.0' }, { $ref: 'addressBook.contactIDs.1', as: 'string' }] }).receiver.contactIDs, [6001, '6002']);
    assert.throws(() => build({ orderID: { $ref: 'counteragents.individual.document', as: 'string' } }), /needs a number/);
  });

  it('reads a whole object', () => {
    assert.deepEqual(build({ 'receiver.counteragent.document': { $ref: 'counteragents.individual.document' } }).receiver.counteragent.document,
      { type: 'passport', serial: '4510', number: '123456' });
  });

  it('throws MissingFixture when the profile lacks the key', () => {
    assert.throws(() => build({ orderID: { $ref: 'orders.noSuchOrder' } }), (e: unknown) => e instanceof MissingFixture && /orders\.noSuchOrder/.test(e.message));
    assert.throws(() => build({ orderID: { $ref: 'pickup.inRegion.search.5' } }), MissingFixture);
  });

  it('throws MissingFixture when the list has too few elements', () => {
    assert.throws(() => build({ 'receiver.contactIDs': { $ref: 'addressBook.contactIDs', take: 5 } }),
      (e: unknown) => e instanceof MissingFixture && e.message.includes('addressBook.contactIDs') && e.message.includes('5'));
    assert.throws(() => build({ 'receiver.contactIDs': { $ref: 'orders.receiverChangeable', take: 1 } }), MissingFixture, 'a string is not a list');
  });
});

describe('buildRequest: generated strings', () => {
  it('$text has the exact length in characters, prefix included', () => {
    for (const length of [1, 7, 8, 128, 1025]) {
      const v = build({ 'receiver.email': { $text: { length, of: 'дб' } } }).receiver.email as string;
      assert.equal(codePoints(v), length);
      assert.match(v, /^(дб)*д?$/u);
    }
    const p = build({ 'receiver.email': { $text: { length: 10, of: 'x', prefix: 'Дом ' } } }).receiver.email as string;
    assert.equal(p, 'Дом xxxxxx');
    assert.equal(codePoints(p), 10);
    const astral = build({ 'receiver.email': { $text: { length: 128, of: '𝒜ж', suffix: '@example.com' } } }).receiver.email as string;
    assert.equal(codePoints(astral), 128);
    assert.match(astral, /^(𝒜ж)+𝒜?@example\.com$/u);
  });

  it('$email has the exact length and is an address', () => {
    for (const length of [20, 128, 129]) {
      const v = build({ 'receiver.email': { $email: length } }).receiver.email as string;
      assert.equal(v.length, length);
      assert.match(v, /^[^@\s]+@[^@\s]+\.[a-z]+$/);
    }
  });

  it('$pad extends the profile value to the exact length', () => {
    const start = fixtures.pickup.inRegion.search[0] as string;
    for (const length of [1024, 1025]) {
      const v = build({ 'address.search': { $pad: { ref: 'pickup.inRegion.search.0', length, override: 'pickup.longSearch' } } }, [], { op: 'change_pickup' }).address.search as string;
      assert.equal(codePoints(v), length);
      assert.ok(v.startsWith(`${start}, `), `the padded value does not begin with the profile's search: ${v.slice(0, 60)}`);
    }
  });

  it('$pad fills with the unit and keeps the edges it is given inside the length', () => {
    const start = fixtures.pickup.inRegion.search[0] as string;
    const v = build({ 'address.search': { $pad: { ref: 'pickup.inRegion.search.0', length: 1025, unit: '🏠', lead: ' ', trail: '\t' } } }, [], { op: 'change_pickup' }).address.search as string;
    assert.equal(codePoints(v), 1025);
    assert.ok(v.startsWith(` ${start}, 🏠🏠`) && v.endsWith('🏠\t'), v.slice(0, 60));
  });

  it('$ref with lead and trail adds them to the profile value', () => {
    const v = build({ 'address.search': { $ref: 'pickup.inRegion.search.0', lead: ' ', trail: ', 15% & <двор>' } }, [], { op: 'change_pickup' }).address.search;
    assert.equal(v, ` ${fixtures.pickup.inRegion.search[0]}, 15% & <двор>`);
  });

  it('$pad takes the override when the profile has it', () => {
    const longSearch = `Москва, ${'ж'.repeat(1016)}`;
    const withLong = { ...profile, fixtures: { ...profile.fixtures, pickup: { ...fixtures.pickup, longSearch } } } as LoadedProfile;
    const v = build({ 'address.search': { $pad: { ref: 'pickup.inRegion.search.0', length: 1024, override: 'pickup.longSearch' } } }, [], { op: 'change_pickup', profile: withLong }).address.search;
    assert.equal(v, longSearch);
  });

  it('$unknown differs between calls', () => {
    const a = build({ orderID: { $unknown: 'order' } }).orderID as string;
    const b = build({ orderID: { $unknown: 'order' } }).orderID as string;
    assert.match(a, /order/);
    assert.notEqual(a, b);
    assert.notEqual(a, fixtures.orders.receiverChangeable);
  });
});

describe('buildRequest: $date in the profile\'s time zone (Europe/Moscow, UTC+3)', () => {
  const date = (which: string, now: Date, p: LoadedProfile = profile): string =>
    build({ produce_date: { $date: which } }, [], { op: 'change_pickup', now, profile: p }).produce_date as string;
  const dayNumber = (d: string): number => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
  const weekday = (d: string): number => new Date(`${d}T00:00:00Z`).getUTCDay();

  // now, the local date in Moscow, and the first weekday at least two days after it.
  const clocks: [string, string, string, string][] = [
    ['a Wednesday morning', '2026-11-18T09:00:00Z', '2026-11-18', '2026-11-20'],
    ['a Wednesday late evening UTC, already Thursday in Moscow', '2026-11-18T22:30:00Z', '2026-11-19', '2026-11-23'],
    ['a Thursday midday', '2026-11-19T12:00:00Z', '2026-11-19', '2026-11-23'],
    ['a Friday late evening UTC, already Saturday in Moscow', '2026-11-20T22:30:00Z', '2026-11-21', '2026-11-23'],
    ['a Saturday night UTC, already Sunday in Moscow', '2026-11-21T21:30:00Z', '2026-11-22', '2026-11-24'],
    ['New Year\'s Eve late evening UTC', '2026-12-31T21:30:00Z', '2027-01-01', '2027-01-04'],
  ];
  for (const [label, iso, localToday, expected] of clocks) {
    it(`nextWeekday on ${label} is ${expected}`, () => {
      const got = date('nextWeekday', new Date(iso));
      assert.match(got, /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/);
      assert.ok(dayNumber(got) - dayNumber(localToday) >= 2, `${got} is less than two days after ${localToday}`);
      assert.ok(![0, 6].includes(weekday(got)), `${got} is a Saturday or Sunday`);
      assert.equal(got, expected);
    });
  }

  it('today, tomorrow and yesterday follow the local date', () => {
    const now = new Date('2026-11-20T22:30:00Z');
    assert.equal(date('today', now), '2026-11-21');
    assert.equal(date('tomorrow', now), '2026-11-22');
    assert.equal(date('yesterday', now), '2026-11-20');
  });

  it('a profile without timeZone uses UTC', () => {
    const { timeZone: _dropped, ...rest } = profile;
    assert.equal(date('today', new Date('2026-11-20T22:30:00Z'), rest as LoadedProfile), '2026-11-20');
  });
});

describe('buildRequest: $unknownLike', () => {
  it('draws a value of the known one\'s form: its first two characters kept, every later digit drawn anew, never the known one', () => {
    const known = String(fixtures.pickup.inRegion.streets[0].street);
    const drawn = Array.from({ length: 50 }, () => build({ 'third.counteragent.juridicalAddress.street': { $unknownLike: 'pickup.inRegion.streets.0.street' } }).third.counteragent.juridicalAddress.street as string);
    for (const street of drawn) {
      assert.equal(street.length, known.length);
      assert.equal(street.slice(0, 2), known.slice(0, 2));
      assert.match(street, /^\d+$/);
      assert.notEqual(street, known);
    }
    assert.ok(new Set(drawn).size > 40, 'drawn anew each time');
  });

  it('refuses a path that names no form or street, naming it', () => {
    assert.throws(() => build({ 'third.contactIDs': [{ $unknownLike: 'addressBook.contactIDs.0' }] }), /no kind of unknown value for addressBook\.contactIDs\.0/);
    assert.throws(() => build({ 'third.counteragentID': { $unknownLike: 'addressBook.counteragentID' } }), /\$unknownLike: addressBook\.counteragentID is not a legal form or a street \(an ID's unknown value is \$unknownId\)/);
  });
});
