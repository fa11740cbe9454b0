// Spec section 8: every limit at its exact boundary, accepted at the limit and rejected
// one past it, and past it beside each sibling that could switch its check off. Limits count
// code points (README).
import { describe, it } from 'node:test';
import {
  type Case, type Json, type Op, CONTACTS, COORDS, FORMATS, OWNERS, PHONES, STREET, addressPickupRequest, check, digits, email,
  inlineReceiverRequest, invalid, legalEntity, moscowSearch, pickupRequest, receiverRequest, runCases, send, text, useReference, withPatch,
} from './helpers.ts';

const ref = useReference();
const legal = (): Json => inlineReceiverRequest(legalEntity());

/** A value of `n` characters for a house part: a digit, then Cyrillic letters. */
const part = (n: number) => '1' + text(n - 1, 'к');
const PARTS: [string, number][] = [['house', 7], ['building', 5], ['structure', 7], ['flat', 5]];
const JUR = 'receiver.counteragent.juridicalAddress';
const SEARCH = 'Москва, ул. Тверская, д. 7';

/** Cases that set `path` (reported as `field`) to each value: accepted ones, then rejected ones. */
function bound(op: Op, base: () => Json, what: string, path: string, ok: [string, unknown][], bad: [string, unknown][], field = path): Case[] {
  const make = (verdict: string, [label, value]: [string, unknown], expect: Case['expect']): Case => ({
    name: `${what} ${label} is ${verdict}`,
    op,
    request: () => withPatch(base(), { [path]: value }),
    expect,
  });
  return [...ok.map((v) => make('accepted', v, 'ok')), ...bad.map((v) => make('rejected', v, invalid(field)))];
}

describe('at most three elements per array', () => {
  const persons = (n: number) => ['Анна', 'Борис', 'Вера', 'Глеб'].slice(0, n).map((name) => ({ name }));
  const numbers = (n: number) => ['79160000001', '79160000002', '79160000003', '79160000004'].slice(0, n).map((number) => ({ number }));
  runCases(ref, OWNERS.flatMap((owner): Case[] => {
    const p = owner.prefix;
    const swap = (drop: string) => () => withPatch(owner.base(), { [p + drop]: undefined });
    return [
      ...bound(owner.op, owner.base, `${owner.label}: contactIDs of`, `${p}contactIDs`, [['three IDs', CONTACTS.slice(0, 3)]], [['four IDs', CONTACTS]]),
      ...bound(owner.op, owner.base, `${owner.label}: phoneIDs of`, `${p}phoneIDs`, [['three IDs', PHONES.slice(0, 3)]], [['four IDs', PHONES]]),
      ...bound(owner.op, swap('contactIDs'), `${owner.label}: contactPersons of`, `${p}contactPersons`, [['three persons', persons(3)]], [['four persons', persons(4)]]),
      ...bound(owner.op, swap('phoneIDs'), `${owner.label}: phoneNumbers of`, `${p}phoneNumbers`, [['three numbers', numbers(3)]], [['four numbers', numbers(4)]]),
    ];
  }));
});

describe('phone numbers and extensions', () => {
  const receiverPhones = (): Json => inlineReceiverRequest();
  const pickupPhones = (): Json => withPatch(pickupRequest(), { phoneIDs: undefined, phoneNumbers: [{ number: '79123456789' }] });
  runCases(ref, [
    ...bound('change_receiver', receiverPhones, 'a receiver phone number of', 'receiver.phoneNumbers.0.number',
      [['15 digits', digits(15)], ['a plus and 15 digits', '+' + digits(15)], ['1 digit', '7']],
      [['16 digits', digits(16)], ['a plus and 16 digits', '+' + digits(16)], ['digits and a dash', '7912-3456789']],
      'receiver.phoneNumbers[].number'),
    ...bound('change_pickup', pickupPhones, 'a pickup phone number of', 'phoneNumbers.0.number',
      [['15 digits', digits(15)], ['a plus and 14 digits (15 characters)', '+' + digits(14)]],
      [['16 digits', digits(16)], ['a plus and 15 digits (16 characters)', '+' + digits(15)], ['a plus that is not leading', '7+9123456789'], ['digits and a dash', '7912-3456789']],
      'phoneNumbers[].number'),
    ...bound('change_receiver', receiverPhones, 'a receiver extension of', 'receiver.phoneNumbers.0.ext',
      [['5 digits', '12345'], ['1 digit', '1']], [['6 digits', '123456'], ['letters', 'ab1']], 'receiver.phoneNumbers[].ext'),
    ...bound('change_pickup', pickupPhones, 'a pickup extension of', 'phoneNumbers.0.ext',
      [['5 digits', '12345']], [['6 digits', '123456'], ['letters', 'ab1']], 'phoneNumbers[].ext'),
  ]);
});

describe('e-mail addresses', () => {
  runCases(ref, [
    ...bound('change_receiver', receiverRequest, 'a receiver e-mail of', 'receiver.email', [['128 characters', email(128)]], [['129 characters', email(129)]]),
    ...bound('change_receiver', receiverRequest, 'a receipt e-mail of', 'receiver.dataForReceipt.email', [['128 characters', email(128)]], [['129 characters', email(129)]]),
  ]);
});

describe('address searches', () => {
  const jur = 'receiver.counteragent.juridicalAddress';
  const bySearch = (): Json => addressPickupRequest({ search: 'Москва' });
  runCases(ref, [
    ...bound('change_receiver', legal, 'a juridical address search of', `${jur}.search`,
      [['2 characters', 'Ор'], ['1024 characters', moscowSearch(1024)], ['1024 astral code points', moscowSearch(1024, '🏠')]],
      [['1 character', 'О'], ['1025 characters', moscowSearch(1025)]]),
    ...bound('change_pickup', bySearch, 'a pickup address search of', 'address.search',
      [['1024 characters', moscowSearch(1024)], ['1024 astral code points', moscowSearch(1024, '🏠')]],
      [['1025 characters', moscowSearch(1025)]]),
  ]);
});

describe('house, building, structure and flat', () => {
  const byStreet = (): Json => addressPickupRequest({ street: STREET.moscow, house: '1' });
  runCases(ref, PARTS.flatMap(([name, max]) => [
    ...bound('change_receiver', legal, `a juridical ${name} of`, `receiver.counteragent.juridicalAddress.${name}`,
      [[`${max} characters`, part(max)]], [[`${max + 1} characters`, part(max + 1)]]),
    ...bound('change_pickup', byStreet, `a pickup address ${name} of`, `address.${name}`,
      [[`${max} characters`, part(max)]], [[`${max + 1} characters`, part(max + 1)]]),
  ]));
});

describe('multi-byte content and whitespace at the edges of a limit (code points, whitespace counted)', () => {
  const jur = 'receiver.counteragent.juridicalAddress';
  const bySearch = (): Json => addressPickupRequest({ search: 'Москва' });
  const byStreet = (): Json => addressPickupRequest({ street: STREET.moscow, house: '1' });
  const mail = (n: number, unit: string): string => text(n - '@example.com'.length, unit) + '@example.com';
  runCases(ref, [
    ...bound('change_receiver', receiverRequest, 'a receiver e-mail of', 'receiver.email',
      [['128 Cyrillic and ASCII characters', mail(128, 'ж')], ['128 astral and ASCII characters', mail(128, '𝒜')]],
      [['129 astral and ASCII characters', mail(129, '𝒜')], ['128 characters and a trailing space', `${mail(128, 'a')} `]]),
    ...bound('change_receiver', legal, 'a juridical address search of', `${jur}.search`,
      [['1023 characters and a trailing space', `${moscowSearch(1023)} `], ['a letter and a space', 'О ']],
      [['1024 characters and a leading tab', `\t${moscowSearch(1024)}`], ['one astral character', '🏠']]),
    ...bound('change_pickup', bySearch, 'a pickup address search of', 'address.search',
      [['1023 characters and a leading space', ` ${moscowSearch(1023)}`]], [['1024 characters and a trailing space', `${moscowSearch(1024)} `]]),
    ...bound('change_pickup', byStreet, 'a pickup address house of', 'address.house',
      [['6 characters and a space', '16к2с1 '], ['7 astral characters', text(7, '𝒜')]], [['7 characters and a space', ' 16к2с11'], ['8 astral characters', text(8, '𝒜')]]),
  ]);
});

/** A careless service checks an address's fields in one branch only (A-LIMIT-SIBLINGS): each limit past it beside each sibling. */
function besideSiblings(): Case[] {
  const legalAt = (address: Json) => (): Json => withPatch(legal(), { [JUR]: address });
  const street = { street: STREET.moscow, house: '10' };
  const jurSiblings: [string, Json][] = [['beside search', { search: SEARCH }], ['beside search, street and house', { search: SEARCH, ...street }], ['without street or search', { house: '10' }]];
  const pickupSiblings: [string, Json, string[]][] = [
    ['beside a coordinate search', { search: COORDS.moscow }, ['house', 'flat']],
    ['beside a text search', { search: SEARCH }, ['house']],
    ['beside a text search and street', { search: SEARCH, ...street }, ['house']],
  ];
  const past = (op: Op, base: () => Json, path: string, max: number, where: string): Case =>
    ({ name: `${path} of ${max + 1} characters ${where} is rejected`, op, request: () => withPatch(base(), { [path]: part(max + 1) }), expect: invalid(path) });
  return [
    ...PARTS.flatMap(([name, max]) => jurSiblings.map(([where, address]) => past('change_receiver', legalAt(address), `${JUR}.${name}`, max, where))),
    { name: `${JUR}.search of 1 character beside street and house is rejected`, op: 'change_receiver', request: () => withPatch(legal(), { [`${JUR}.search`]: 'О' }), expect: invalid(`${JUR}.search`) },
    { name: `${JUR}.search of 1025 characters beside street and house is rejected`, op: 'change_receiver', request: () => withPatch(legal(), { [`${JUR}.search`]: moscowSearch(1025) }), expect: invalid(`${JUR}.search`) },
    ...PARTS.flatMap(([name, max]) => pickupSiblings.filter(([, , parts]) => parts.includes(name))
      .map(([where, address]) => past('change_pickup', () => addressPickupRequest(address), `address.${name}`, max, where))),
    { name: 'address.search of 1025 characters beside street and house is rejected', op: 'change_pickup', request: () => addressPickupRequest({ search: moscowSearch(1025), street: STREET.moscow, house: '1' }), expect: invalid('address.search') },
  ];
}

describe('each limit past it beside each sibling that could switch its check off', () => {
  runCases(ref, besideSiblings());
});

/** The faults that switch a part's limit off beside search (reference/faults/limits.ts): the branch without search keeps it. */
const FAULTS: { fault: string; op: Op; at: (address: Json) => Json; house: string }[] = [
  { fault: 'jaddr-part-limits-skipped-with-search', op: 'change_receiver', at: (address) => withPatch(legal(), { [JUR]: address }), house: `${JUR}.house` },
  { fault: 'address-part-limits-skipped-with-search', op: 'change_pickup', at: addressPickupRequest, house: 'address.house' },
];

for (const { fault, op, at, house } of FAULTS) {
  describe(`the fault ${fault}`, () => {
    const faulty = useReference({ fault });
    for (const format of FORMATS) {
      it(`accepts a house past its limit beside search, and refuses it beside street alone [${format}]`, async () => {
        check(await send(faulty.url, op, format, withPatch(at({ search: SEARCH }), { [house]: part(8) })), op, 'ok');
        check(await send(faulty.url, op, format, withPatch(at({ street: STREET.moscow, house: '10' }), { [house]: part(8) })), op, invalid(house));
      });
    }
  });
}
