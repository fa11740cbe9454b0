// Change receiver (spec 2.1 to 2.3): required fields, storePayer, types.
import { describe } from 'node:test';
import {
  type Case, type Format, type Json, CONTACTS, FORM, STREET, inlineMember, inlineReceiverRequest, invalid, legalEntity,
  notFound, receiverRequest, runCases, thirdRequest, useReference, withPatch,
} from './helpers.ts';

const ref = useReference();
const op = 'change_receiver';
const patched = (patch: Record<string, unknown>, base: () => Json = receiverRequest) => () => withPatch(base(), patch);
const inline = (): Json => inlineReceiverRequest();
const legal = (): Json => inlineReceiverRequest(legalEntity());

describe('change receiver: required fields', () => {
  const missing = (field: string, base: () => Json = receiverRequest): Case => ({
    name: `a request without ${field} is rejected`,
    op,
    request: patched({ [field]: undefined }, base),
    expect: invalid(field),
  });
  runCases(ref, [
    { name: 'a request of address-book IDs is accepted', op, request: receiverRequest, expect: 'ok' },
    { name: 'a request of an inline individual receiver is accepted', op, request: inline, expect: 'ok' },
    { name: 'a request of an inline legal-entity receiver is accepted', op, request: legal, expect: 'ok' },
    missing('orderID'),
    missing('receiver'),
    missing('changeOrderPayer'),
    missing('storePayer'),
    missing('receiver.counteragent.form', inline),
    missing('receiver.counteragent.name', inline),
    missing('receiver.counteragent.document.type', inline),
    missing('receiver.counteragent.document.number', inline),
    missing('receiver.counteragent.document.serial', inline),
    { name: 'an empty orderID counts as missing', op, request: patched({ orderID: '' }), expect: invalid('orderID') },
    {
      name: 'an empty contact person name counts as missing',
      op,
      request: patched({ 'receiver.contactPersons': [{ name: 'Иван' }, { name: '' }] }, inline),
      expect: invalid('receiver.contactPersons[].name'),
    },
    {
      name: 'a phone entry without number is rejected',
      op,
      request: patched({ 'receiver.phoneNumbers': [{ ext: '12' }] }, inline),
      expect: invalid('receiver.phoneNumbers[].number'),
    },
    {
      name: 'an empty counteragent name counts as missing',
      op,
      request: patched({ 'receiver.counteragent.name': '' }, inline),
      expect: invalid('receiver.counteragent.name'),
    },
  ]);
});

describe('change receiver: storePayer', () => {
  runCases(ref, [
    ...['sender', 'receiver'].map((literal): Case => ({
      name: `storePayer "${literal}" is accepted`,
      op,
      request: patched({ storePayer: literal }),
      expect: 'ok',
    })),
    {
      name: 'storePayer "third" with a third party is accepted',
      op,
      request: patched({ storePayer: 'third', third: inlineMember(legalEntity()) }),
      expect: 'ok',
    },
    { name: 'storePayer "third" without a third party is rejected', op, request: patched({ storePayer: 'third' }), expect: invalid('third') },
    { name: 'an unknown storePayer literal is rejected', op, request: patched({ storePayer: 'bank' }), expect: invalid('storePayer') },
    { name: 'an empty storePayer counts as missing', op, request: patched({ storePayer: '' }), expect: invalid('storePayer') },
    {
      name: 'a valid third party beside storePayer "sender" is accepted',
      op,
      request: patched({ third: inlineMember() }),
      expect: 'ok',
    },
    {
      name: 'a third party beside storePayer "sender" is still validated',
      op,
      request: patched({ third: { ...inlineMember(), contactPersons: undefined, contactIDs: CONTACTS } }),
      expect: invalid('third.contactIDs'),
    },
    {
      name: 'a third party beside storePayer "sender" is still resolved',
      op,
      request: patched({ third: { counteragentID: 5999, contactIDs: [CONTACTS[0]], phoneNumbers: [{ number: '79123456789' }] } }),
      expect: notFound,
    },
  ]);
});

describe('change receiver: changeOrderPayer', () => {
  runCases(ref, [
    { name: 'changeOrderPayer true is accepted', op, request: patched({ changeOrderPayer: true }), expect: 'ok' },
    { name: 'changeOrderPayer false is accepted', op, request: patched({ changeOrderPayer: false }), expect: 'ok' },
    { name: 'changeOrderPayer "yes" is rejected', op, request: patched({ changeOrderPayer: 'yes' }), expect: invalid('changeOrderPayer') },
    { name: 'changeOrderPayer 1 is rejected', op, request: patched({ changeOrderPayer: 1 }), expect: invalid('changeOrderPayer'), only: 'json' },
    { name: 'changeOrderPayer "true" as a string is rejected', op, request: patched({ changeOrderPayer: 'true' }), expect: invalid('changeOrderPayer'), only: 'json' },
  ]);
});

describe('change receiver: types', () => {
  /** JSON: the digits as a string; XML: non-digit text (digit text is an integer there). */
  const notInteger = (format: Format, digits: string): string => (format === 'json' ? digits : 'abc');
  const typed = (name: string, path: string, value: (format: Format) => unknown, base: () => Json = receiverRequest): Case => ({
    name,
    op,
    request: (format) => withPatch(base(), { [path]: value(format) }),
    expect: invalid(path.replace(/\.\d+/g, '[]')),
  });
  const jsonOnly = (name: string, path: string, value: unknown, base: () => Json = inline): Case => ({
    ...typed(name, path, () => value, base),
    only: 'json',
  });
  runCases(ref, [
    typed('a string counteragentID is rejected', 'receiver.counteragentID', (f) => notInteger(f, '5001')),
    { ...typed('a string contact ID is rejected', 'receiver.contactIDs', (f) => [notInteger(f, '6001')]), expect: invalid('receiver.contactIDs[]') },
    { ...typed('a string phone ID is rejected', 'receiver.phoneIDs', (f) => [notInteger(f, '7001')]), expect: invalid('receiver.phoneIDs[]') },
    typed('a string third-party counteragentID is rejected', 'third.counteragentID', (f) => notInteger(f, '5001'), thirdRequest),
    typed('a string inn is rejected', 'receiver.counteragent.inn', (f) => notInteger(f, '7707083893'), legal),
    typed('a fractional counteragentID is rejected', 'receiver.counteragentID', () => 5001.5),
    typed('a zero inn is rejected', 'receiver.counteragent.inn', () => 0, legal),
    jsonOnly('a numeric orderID is rejected', 'orderID', 260000101, receiverRequest),
    jsonOnly('a numeric storePayer is rejected', 'storePayer', 1, receiverRequest),
    jsonOnly('a numeric counteragent name is rejected', 'receiver.counteragent.name', 42),
    jsonOnly('a numeric legal form is rejected', 'receiver.counteragent.form', 42),
    jsonOnly('a numeric phone number is rejected', 'receiver.phoneNumbers.0.number', 79123456789),
    jsonOnly('a numeric contact person name is rejected', 'receiver.contactPersons.0.name', 7),
    jsonOnly('a numeric document number is rejected', 'receiver.counteragent.document.number', 123456),
    jsonOnly('a numeric e-mail is rejected', 'receiver.email', 5, receiverRequest),
    jsonOnly('a numeric juridical house is rejected', 'receiver.counteragent.juridicalAddress.house', 10, legal),
    typed('a receiver given as text is rejected', 'receiver', () => 'Иванов'),
    { ...jsonOnly('contactIDs given as a single integer is rejected', 'receiver.contactIDs', 6001, receiverRequest), expect: invalid('receiver.contactIDs[]') },
  ]);
});

describe('change receiver: fields the spec does not name', () => {
  runCases(ref, [
    {
      name: 'unknown fields are ignored',
      op,
      request: patched({ comment: 'x', 'receiver.nickname': 'y', 'receiver.counteragent.juridicalAddress.zip': '101000' }, legal),
      expect: 'ok',
    },
    {
      name: 'digit-only text in string fields stays text',
      op,
      request: patched({ 'receiver.contactPersons.0.name': '007', 'receiver.counteragent.document.number': '000123', 'receiver.phoneNumbers.0.ext': '00001' }, inline),
      expect: 'ok',
    },
    {
      name: 'a legal entity of another legal form is accepted',
      op,
      request: patched({ 'receiver.counteragent.form': FORM.jsc, 'receiver.counteragent.juridicalAddress': { street: STREET.moscow2, house: '2' } }, legal),
      expect: 'ok',
    },
  ]);
});
