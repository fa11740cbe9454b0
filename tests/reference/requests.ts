// The reference's world (reference/fixtures.yaml) and the valid base requests built on it.
import assert from 'node:assert/strict';

export type Op = 'change_receiver' | 'change_pickup';
export type Format = 'json' | 'xml';
export type Json = Record<string, unknown>;
export const FORMATS: readonly Format[] = ['json', 'xml'];

export const APPKEY = 'ref-k7Qw-Xp4z-0001';
export const ALICE = 'ref-s9Zx-Vm3c-0a';
export const BOB = 'ref-s9Zx-Vm3c-0b';
export const ORDER = {
  moscow: '26-0000101',
  petersburg: '26-0000102',
  unavailable: '26-0000103',
  bobs: '26-0000104',
  anonymousTerminal: '26-0000105',
  unknown: '26-0000999',
} as const;
export const COUNTERAGENTS = [5001, 5002, 5003];
export const CONTACTS = [6001, 6002, 6003, 6004];
export const PHONES = [7001, 7002, 7003, 7004];
export const ADDRESS = { moscow: 8001, moscow2: 8002, petersburg: 8003, unknown: 8999 } as const;
export const FORM = {
  individual: '0xab91feea8b5b0ba511e1bb8e84dd7412',
  llc: '0xa77fcf6a449164ed490133777a68bd51',
  jsc: '0x8c7a3f9b2d4e5c6f7a8b9c0d1e2f3a4b',
  unknown: '0x00000000000000000000000000000000',
} as const;
export const STREET = {
  moscow: '77000000000713400',
  moscow2: '77000000000092000',
  petersburg: '78000000000082700',
  yekaterinburg: '66000001000045600',
  unknown: '77000000000999900',
} as const;
export const COORDS = { moscow: '55.7558,37.6173', petersburg: '59.9386,30.3141', nowhere: '0,0' } as const;

// Monday 2026-11-23 09:00 in Europe/Moscow (UTC+3, no DST).
export const FIXED = new Date('2026-11-23T06:00:00Z');
export const FIXED_LOCAL = '2026-11-23 09:00:00';
export const TODAY = '2026-11-23';
export const TOMORROW = '2026-11-24';
export const YESTERDAY = '2026-11-22';

// ── Valid base requests ──────────────────────────────────────────────────────
export const individual = (): Json => ({
  form: FORM.individual,
  name: 'Иванов Иван Иванович',
  document: { type: 'passport', serial: '4510', number: '123456' },
});
export const legalEntity = (): Json => ({
  form: FORM.llc,
  name: 'ООО «Ромашка»',
  inn: 7707083893,
  juridicalAddress: { street: STREET.moscow, house: '10' },
});
/** A member made only of address-book IDs. */
export const bookMember = (): Json => ({ counteragentID: COUNTERAGENTS[0], contactIDs: [CONTACTS[0]], phoneIDs: [PHONES[0]] });
/** A member given in full, without address-book IDs. */
export const inlineMember = (counteragent: Json = individual()): Json => ({
  counteragent,
  contactPersons: [{ name: 'Иван' }],
  phoneNumbers: [{ number: '79123456789' }],
});

export const receiverRequest = (): Json => ({
  appkey: APPKEY,
  sessionID: ALICE,
  orderID: ORDER.moscow,
  receiver: bookMember(),
  changeOrderPayer: false,
  storePayer: 'sender',
});
export const thirdRequest = (): Json => ({ ...receiverRequest(), storePayer: 'third', third: bookMember() });
/** A receiver change whose receiver is given in full around `counteragent`. */
export const inlineReceiverRequest = (counteragent: Json = individual()): Json => ({ ...receiverRequest(), receiver: inlineMember(counteragent) });
export const pickupRequest = (produceDate: string = TOMORROW): Json => ({
  appkey: APPKEY,
  sessionID: ALICE,
  orderID: ORDER.moscow,
  variant: 'address',
  addressID: ADDRESS.moscow,
  produce_date: produceDate,
  time: { worktimeStart: '09:00', worktimeEnd: '18:00' },
  contactIDs: [CONTACTS[0]],
  phoneIDs: [PHONES[0]],
});
/** A pickup change to a new `address` instead of an address-book ID. */
export const addressPickupRequest = (address: Json): Json => withPatch(pickupRequest(), { addressID: undefined, address });

/**
 * A deep copy of `base` with each dotted path set to its value; `undefined` deletes the
 * field. Numeric segments index arrays ('receiver.phoneNumbers.0.ext').
 */
export function withPatch(base: Json, patch: Record<string, unknown>): Json {
  const copy = structuredClone(base);
  for (const [path, value] of Object.entries(patch)) {
    const keys = path.split('.');
    let node = copy as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) {
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    const last = keys[keys.length - 1]!;
    if (value === undefined) delete node[last];
    else node[last] = value;
  }
  return copy;
}

// ── Values of an exact length (limits count code points) ────────────────────
export const digits = (n: number): string => '7' + '1'.repeat(n - 1);
export const text = (n: number, unit = 'ж'): string => unit.repeat(n);
/** A text address search of exactly n code points that still names the city Москва. */
export const moscowSearch = (n: number, unit = 'ж'): string => 'Москва, ' + unit.repeat(n - 8);
/** An e-mail address of exactly n characters, with DNS labels under 64 characters. */
export function email(n: number): string {
  let domain = '';
  for (let i = 0; domain.length < n - 'ivan@.ru'.length; i++) domain += i % 61 === 60 ? '.' : 'm';
  const address = `ivan@${domain.replace(/\.$/, 'm')}.ru`;
  assert.equal(address.length, n);
  return address;
}

