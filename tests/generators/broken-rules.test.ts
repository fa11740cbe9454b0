// The checker behind the violator tests: beyond the rules the violators exercise, it flags
// the doubtful forms valid requests avoid (DESIGN principle 3) and values not taken from the
// profile (principle 7), so neither slips into a generated request unnoticed. Each case
// holds in XML too, as the target reads it after decoding, unless XML has no such form.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Operation } from '../../src/contract/load.ts';
import { decodeRequest, encodeRequest } from '../../src/codec/index.ts';
import { brokenRules } from '../../generators/broken-rules.ts';
import { fixturesOf } from '../../generators/fixtures.ts';
import { clockOf } from '../../src/time/clock.ts';
import { ctx, profile } from './helpers.ts';

const f = fixturesOf(profile);
const receiver = (): Record<string, unknown> => ({
  appkey: profile.secrets.appkey, sessionID: profile.secrets.sessionID, orderID: f.orders.receiverChangeable,
  receiver: { counteragentID: f.addressBook!.counteragentIDs![0], contactIDs: [f.addressBook!.contactIDs![0]], phoneNumbers: [{ number: '79161234567' }] },
  changeOrderPayer: false, storePayer: 'sender',
});
const pickup = (): Record<string, unknown> => ({
  appkey: profile.secrets.appkey, sessionID: profile.secrets.sessionID, orderID: f.orders.pickupChangeable, variant: 'address',
  address: { search: f.pickup!.inRegion!.search![0] }, produce_date: clockOf(profile).weekdayAhead(ctx.now, 2),
  time: { worktimeStart: '09:00', worktimeEnd: '18:00' }, contactPersons: [{ name: 'Анна' }], phoneIDs: [f.addressBook!.phoneIDs![0]],
});
const today = clockOf(profile).local(ctx.now);
const broken = (op: Operation, r: unknown): string[] => [...brokenRules(op, r, profile, ctx.now)].sort();
const change = (base: () => Record<string, unknown>, edit: (r: any) => void): Record<string, unknown> => {
  const r = base();
  edit(r);
  return r;
};

describe('brokenRules', () => {
  it('finds nothing in the hand-built valid requests', () => {
    assert.deepEqual(broken('change_receiver', receiver()), []);
    assert.deepEqual(broken('change_pickup', pickup()), []);
  });

  // What each case is called, the request, what it breaks, and why XML has no such form (if it has none).
  const cases: [string, Operation, Record<string, unknown>, string[], string?][] = [
    ['null', 'change_receiver', change(receiver, (r) => { r.receiver.email = null; }), ['INFO-NULL-FIELD'], 'an empty element reads as an empty string'],
    ['an empty array', 'change_pickup', change(pickup, (r) => { r.contactIDs = []; }), ['CNT-CONTACTS-BOTH', 'INFO-EMPTY-ARRAY'], 'a list of no elements reads as an absent field'],
    ['an empty string', 'change_receiver', change(receiver, (r) => { r.receiver.email = ''; }), ['DOUBTFUL: empty string at /receiver/email']],
    ['a padded e-mail', 'change_receiver', change(receiver, (r) => { r.receiver.email = ' anna@example.com'; }), ['DOUBTFUL: leading or trailing whitespace at /receiver/email']],
    ['a name with whitespace at its edges (A-EDGE-WHITESPACE)', 'change_pickup', change(pickup, (r) => { r.contactPersons[0].name = ' Анна\u3000'; }), []],
    ['a receiver phone with a plus', 'change_receiver', change(receiver, (r) => { r.receiver.phoneNumbers[0].number = '+79161234567'; }), ['INFO-RECEIVER-PHONE-PLUS']],
    ['search with street and house', 'change_pickup', change(pickup, (r) => { Object.assign(r.address, f.pickup!.inRegion!.streets![0]); }), ['INFO-SEARCH-WITH-STREET-HOUSE']],
    ['third beside another storePayer', 'change_receiver', change(receiver, (r) => { r.third = structuredClone(r.receiver); }), ['INFO-THIRD-WITHOUT-STOREPAYER-THIRD']],
    ['a storePayer the profile does not list', 'change_receiver', change(receiver, (r) => { r.storePayer = 'payer'; }), ['INFO-STOREPAYER-OTHER-LITERALS']],
    ['a document without serial', 'change_receiver', change(receiver, (r) => { r.receiver = { ...r.receiver, counteragentID: undefined, counteragent: { form: f.counteragents!.individual![0]!.form, name: 'И', document: { type: 'passport', number: '1' } } }; delete r.receiver.counteragentID; }), ['FIXTURE: receiver.counteragent.document.number', 'INFO-DOCUMENT-SERIAL-MISSING']],
    ['an address-book ID not in the profile', 'change_pickup', change(pickup, (r) => { r.phoneIDs = [1]; }), ['CNT-IDS-KNOWN']],
    ['a search not from the profile', 'change_pickup', change(pickup, (r) => { r.address.search = 'Тула, ул. Ленина, 1'; }), ['FIXTURE: the new pickup place']],
    ['an out-of-region address', 'change_pickup', change(pickup, (r) => { delete r.address; r.addressID = f.pickup!.outOfRegion!.addressIDs![0]; }), ['PCK-ADDRESS-SAME-REGION']],
    ['today as produce_date', 'change_pickup', change(pickup, (r) => { r.produce_date = today.date; }), ['PCK-SAME-DAY', ...([0, 6].includes(today.weekday) ? ['DOUBTFUL: produce_date on a weekend'] : [])]],
    ['a day that does not exist', 'change_pickup', change(pickup, (r) => { r.produce_date = '2031-02-30'; }), ['PCK-PRODUCE-DATE-FORMAT']],
    ['a window that ends before it starts', 'change_pickup', change(pickup, (r) => { r.time = { worktimeStart: '18:00', worktimeEnd: '09:00' }; }), ['PCK-TIME-WINDOW-ORDER']],
    ['a pickup number too long and with a dash', 'change_pickup', change(pickup, (r) => { delete r.phoneIDs; r.phoneNumbers = [{ number: '7916-123-45-67-89' }]; }), ['PCK-PHONE-NUMBER-CHARSET', 'PCK-PHONE-NUMBER-MAX']],
  ];
  for (const [what, op, request, expected, noXmlForm] of cases) {
    const xml = (): string[] => broken(op, decodeRequest('xml', op, encodeRequest('xml', request)));
    it(`flags ${what}`, () => assert.deepEqual(broken(op, request), [...expected].sort()));
    if (noXmlForm) {
      it(`has no XML form for ${what} (${noXmlForm})`, () => assert.deepEqual(xml().filter((r) => expected.includes(r)), []));
    } else {
      it(`flags ${what} after XML encoding`, () => assert.deepEqual(xml(), [...expected].sort()));
    }
  }
});
