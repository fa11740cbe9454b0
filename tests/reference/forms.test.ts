// Spec introduction ("Both operations accept JSON or XML"): any well-formed JSON or XML text
// carrying a request is that request. The reference answers every form the harness sends
// (src/codec/forms.ts: indented, reordered, values in CDATA or as references, comments…)
// exactly as it answers the compact form: accepted with the same data and foundAddresses, or
// refused with the same errors. Its clock is fixed, so the answers are compared whole.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encodeRequest } from '../../src/codec/index.ts';
import { encodeForm, FORMS } from '../../src/codec/forms.ts';
import {
  type Json, type Op, CONTACTS, FORMATS, STREET, addressPickupRequest, assertError, assertOk, inlineMember, inlineReceiverRequest,
  legalEntity, send, thirdRequest, useReference, withPatch,
} from './helpers.ts';

const ref = useReference();

/** An e-mail of `n` characters whose local part holds a quote, an ampersand and a slash (atext of RFC 5322). */
const specialEmail = (n: number): string => `o'hara&sons/${'a'.repeat(n - 24)}@example.com`;

/** A member that carries repeated elements, a search to echo, digits and specials. */
const richMember = (): Json => withPatch(inlineMember(withPatch(legalEntity(), { name: `ООО "Ёж & Ко" <Север> ]]> 😀`, juridicalAddress: { search: `Москва, ул. "Тверская" & 'ряд', д. 7/2` } })), {
  contactPersons: [{ name: "Пётр O'Brien" }, { name: ' Анна ' }],
  phoneNumbers: [{ number: '79161234567', ext: '042' }, { number: '74951234567' }],
  email: specialEmail(128),
});

const REQUESTS: { name: string; op: Op; request: () => Json; expect: 'ok' | number }[] = [
  { name: 'a valid receiver change with a third party', op: 'change_receiver', expect: 'ok', request: () => withPatch(thirdRequest(), { receiver: richMember(), changeOrderPayer: true }) },
  { name: 'a valid pickup change to a searched address', op: 'change_pickup', expect: 'ok', request: () => withPatch(addressPickupRequest({ search: 'Москва, ул. Тверская, д. 7/2' }), {
    time: { worktimeStart: '09:00', worktimeEnd: '18:00', breakStart: '13:00', breakEnd: '14:00', exactTime: true },
    contactIDs: undefined, contactPersons: [{ name: "Пётр O'Brien" }, { name: 'Анна' }],
    phoneIDs: undefined, phoneNumbers: [{ number: '+79161234567', ext: '042' }],
  }) },
  { name: 'four receiver contactIDs', op: 'change_receiver', expect: 100001, request: () => withPatch(inlineReceiverRequest(), { 'receiver.contactPersons': undefined, 'receiver.contactIDs': CONTACTS.slice(0, 4) }) },
  { name: 'a receiver e-mail of 129 characters', op: 'change_receiver', expect: 100001, request: () => withPatch(inlineReceiverRequest(), { 'receiver.email': specialEmail(129) }) },
  { name: 'a pickup house of 8 characters with a slash', op: 'change_pickup', expect: 100001, request: () => addressPickupRequest({ street: STREET.moscow, house: '7/211111' }) },
];

describe('every form of a request is answered as its compact form', () => {
  for (const r of REQUESTS) {
    for (const format of FORMATS) {
      it(`${r.name} gets the compact form's answer in every ${format} form`, async () => {
        const compact = await send(ref.url, r.op, format, encodeRequest(format, r.request()));
        if (r.expect === 'ok') assertOk(compact, r.op);
        else assertError(compact, r.expect);
        for (const form of FORMS[format]) {
          const reply = await send(ref.url, r.op, format, encodeForm(format, r.request(), form));
          assert.equal(reply.status, compact.status, `${form}: ${reply.text.slice(0, 500)}`);
          assert.deepEqual(reply.body, compact.body, form);
        }
      });
    }
  }
});

describe('a body starting with a byte order mark (EF BB BF)', () => {
  for (const format of FORMATS) {
    it(`is read as the same request in ${format} (XML 1.0 4.3.3; RFC 8259 8.1 lets a JSON reader ignore it)`, async () => {
      const text = encodeRequest(format, inlineReceiverRequest());
      const compact = await send(ref.url, 'change_receiver', format, text);
      assertOk(compact, 'change_receiver');
      const marked = await send(ref.url, 'change_receiver', format, `\uFEFF${text}`);
      assert.deepEqual(marked.body, compact.body);
    });
  }
});
