// Member and counteragent (spec 2.2, 2.3, 2.6): the exactly-one-of pairs, individual versus
// legal entity by legal form, dataForReceipt, and the README's empty/null choice.
import { describe } from 'node:test';
import {
  type Case, type Json, type Owner, ADDRESS, CONTACTS, FORM, OWNERS, PHONES, STREET, individual, inlineMember, invalid,
  legalEntity, notFound, receiverRequest, runCases, useReference, withPatch,
} from './helpers.ts';

const ref = useReference();

interface Pair { a: string; aValue: () => unknown; b: string; bValue: () => unknown }
const PAIRS: Record<string, Pair> = {
  counteragent: { a: 'counteragentID', aValue: () => 5002, b: 'counteragent', bValue: individual },
  contacts: { a: 'contactIDs', aValue: () => [CONTACTS[1]], b: 'contactPersons', bValue: () => [{ name: 'Пётр' }] },
  phones: { a: 'phoneIDs', aValue: () => [PHONES[1]], b: 'phoneNumbers', bValue: () => [{ number: '79261234567', ext: '12' }] },
  address: { a: 'addressID', aValue: () => ADDRESS.moscow2, b: 'address', bValue: () => ({ street: STREET.moscow, house: '5' }) },
};
const pairsOf = (owner: Owner): Pair[] =>
  owner.op === 'change_pickup'
    ? [PAIRS.contacts!, PAIRS.phones!, PAIRS.address!]
    : [PAIRS.counteragent!, PAIRS.contacts!, PAIRS.phones!];

function oneOf(owner: Owner, { a, aValue, b, bValue }: Pair): Case[] {
  const [pa, pb] = [owner.prefix + a, owner.prefix + b];
  const make = (name: string, patch: Record<string, unknown>, expect: Case['expect']): Case => ({
    name: `${owner.label}: ${name}`,
    op: owner.op,
    request: () => withPatch(owner.base(), patch),
    expect,
  });
  return [
    make(`${a} alone is accepted`, { [pa]: aValue(), [pb]: undefined }, 'ok'),
    make(`${b} alone is accepted`, { [pa]: undefined, [pb]: bValue() }, 'ok'),
    make(`${a} together with ${b} is rejected`, { [pa]: aValue(), [pb]: bValue() }, invalid([pa, pb])),
    make(`neither ${a} nor ${b} is rejected`, { [pa]: undefined, [pb]: undefined }, invalid([pa, pb])),
  ];
}

describe('exactly one of each pair', () => {
  runCases(ref, OWNERS.flatMap((owner) => pairsOf(owner).flatMap((pair) => oneOf(owner, pair))));
});

describe('an empty array or null counts as absent', () => {
  const op = 'change_receiver';
  const patched = (patch: Record<string, unknown>) => () => withPatch(receiverRequest(), patch);
  runCases(ref, [
    { name: 'an empty contactIDs beside contactPersons is accepted', op, request: patched({ 'receiver.contactIDs': [], 'receiver.contactPersons': [{ name: 'Иван' }] }), expect: 'ok' },
    { name: 'an empty phoneIDs with no phoneNumbers is rejected', op, request: patched({ 'receiver.phoneIDs': [] }), expect: invalid(['receiver.phoneIDs', 'receiver.phoneNumbers']) },
    { name: 'a null counteragentID beside counteragent is accepted', op, request: patched({ 'receiver.counteragentID': null, 'receiver.counteragent': individual() }), expect: 'ok', only: 'json' },
    { name: 'a null storePayer counts as missing', op, request: patched({ storePayer: null }), expect: invalid('storePayer'), only: 'json' },
  ]);
});

describe('individual or legal entity, decided by the legal form', () => {
  const cases = OWNERS.filter((o) => o.op === 'change_receiver').flatMap((owner): Case[] => {
    const p = `${owner.prefix}counteragent`;
    const withCounteragent = (counteragent: Json, patch: Record<string, unknown> = {}) => () =>
      withPatch(withPatch(owner.base(), { [owner.prefix.slice(0, -1)]: inlineMember(counteragent) }), patch);
    const make = (name: string, request: () => Json, expect: Case['expect']): Case => ({ name: `${owner.label}: ${name}`, op: owner.op, request, expect });
    return [
      make('an individual with a document is accepted', withCounteragent(individual()), 'ok'),
      make('an individual without a document is rejected', withCounteragent(individual(), { [`${p}.document`]: undefined }), invalid(`${p}.document`)),
      make('an individual with a foreign passport is accepted', withCounteragent(individual(), { [`${p}.document.type`]: 'foreign_passport' }), 'ok'),
      make('an unknown document type is not found', withCounteragent(individual(), { [`${p}.document.type`]: 'driver_license' }), notFound),
      make('a legal entity with inn and juridicalAddress is accepted', withCounteragent(legalEntity()), 'ok'),
      make('a legal entity without inn is rejected', withCounteragent(legalEntity(), { [`${p}.inn`]: undefined }), invalid(`${p}.inn`)),
      make('a legal entity without juridicalAddress is rejected', withCounteragent(legalEntity(), { [`${p}.juridicalAddress`]: undefined }), invalid(`${p}.juridicalAddress`)),
      make('a legal entity with an empty juridicalAddress is rejected', withCounteragent(legalEntity(), { [`${p}.juridicalAddress`]: {} }), invalid(`${p}.juridicalAddress`)),
      // XML reads an empty element as text, not as an empty object: blank fields reach the at-least-one rule in both formats.
      make('a juridicalAddress of blank fields only is rejected', withCounteragent(legalEntity(), { [`${p}.juridicalAddress`]: { street: '', house: '' } }), invalid(`${p}.juridicalAddress`)),
      make('a juridicalAddress of a house number alone is accepted', withCounteragent(legalEntity(), { [`${p}.juridicalAddress`]: { house: '7А' } }), 'ok'),
      make('a one-digit inn is accepted (its length is not checked)', withCounteragent(legalEntity(), { [`${p}.inn`]: 1 }), 'ok'),
      make('an unknown juridical street is not found', withCounteragent(legalEntity(), { [`${p}.juridicalAddress.street`]: STREET.unknown }), notFound),
      make('an unknown legal form is not found', withCounteragent(individual(), { [`${p}.form`]: FORM.unknown }), notFound),
      // Spec 4 rule 5 binds the pickup address only: a legal address lies in any region.
      make('a juridicalAddress on a street outside the order\'s region is accepted', withCounteragent(legalEntity(), { [`${p}.juridicalAddress.street`]: STREET.yekaterinburg }), 'ok'),
      make('a juridicalAddress searched outside the order\'s region is accepted', withCounteragent(legalEntity(), { [`${p}.juridicalAddress`]: { search: 'Санкт-Петербург, Невский пр., д. 28' } }), 'ok'),
    ];
  });
  runCases(ref, cases);
});

describe('dataForReceipt', () => {
  const op = 'change_receiver';
  const receipt = (value: unknown) => () => withPatch(receiverRequest(), { 'receiver.dataForReceipt': value });
  const anyOfReceipt = ['receiver.dataForReceipt', 'receiver.dataForReceipt.phone', 'receiver.dataForReceipt.email'];
  runCases(ref, [
    { name: 'a receipt phone alone is accepted', op, request: receipt({ phone: '+79123456789' }), expect: 'ok' },
    { name: 'a receipt e-mail alone is accepted', op, request: receipt({ email: 'ivan@example.ru' }), expect: 'ok' },
    { name: 'a receipt phone and e-mail together are accepted', op, request: receipt({ phone: '+79991234567', email: 'ivan@example.ru' }), expect: 'ok' },
    { name: 'a receipt with neither phone nor e-mail is rejected', op, request: receipt({ phone: '', email: '' }), expect: invalid(anyOfReceipt) },
    { name: 'an empty receipt object is rejected', op, request: receipt({}), expect: invalid(anyOfReceipt), only: 'json' },
    { name: 'a receipt phone of ten digits after +7 is rejected', op, request: receipt({ phone: '+7912345678' }), expect: invalid('receiver.dataForReceipt.phone') },
    { name: 'a receipt phone starting with 8 is rejected', op, request: receipt({ phone: '89123456789' }), expect: invalid('receiver.dataForReceipt.phone') },
    { name: 'a receipt phone of twelve digits after +7 is rejected', op, request: receipt({ phone: '+791234567890' }), expect: invalid('receiver.dataForReceipt.phone') },
    { name: 'a receipt phone of a non-mobile +74 number is rejected', op, request: receipt({ phone: '+74951234567' }), expect: invalid('receiver.dataForReceipt.phone') },
  ]);
});
