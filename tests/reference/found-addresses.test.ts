// Spec 2.4, 2.5, 2.9: foundAddresses lists each sent search with the path of its parent
// object, the value as entered, and the resolved address; it is absent without a search.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Json, type Op, type Reply, COORDS, FORMATS, STREET, addressPickupRequest, assertOk, inlineMember, inlineReceiverRequest,
  legalEntity, pickupRequest, receiverRequest, send, useReference, withPatch,
} from './helpers.ts';

const ref = useReference();
const SPECIAL = `Москва, ул. "Тверская" & <Охотный> 'ряд', д. 1`;
/** Text a search may carry beyond the city (A-SEARCH-ADDITIONS), with no whitespace at its edges. */
const UNICODE = 'Москва, ул. Тверская, д. 7, скидка 15% %D0%B4 \\ 🏠 𠀋 Бе\u0301лый, שער מזרחי';
/** The same with whitespace at both edges: the test helper's XML reader trims text, so XML is checked on the wire. */
const EDGES = ` \tМосква, ул. Тверская, д. 7, подъезд 2\u00A0 `;
const JUR = 'receiver.counteragent.juridicalAddress';
const THIRD_JUR = 'third.counteragent.juridicalAddress';

const legalWithSearch = (search: string): Json => withPatch(legalEntity(), { juridicalAddress: { search } });
const receiverSearch = (search: string): Json => inlineReceiverRequest(legalWithSearch(search));
const thirdSearch = (search: string): Json =>
  withPatch(receiverRequest(), { storePayer: 'third', third: inlineMember(legalWithSearch(search)) });
const pickupSearch = (search: string): Json => addressPickupRequest({ search });

function assertFound(reply: Reply, op: Op, expected: { field: string; source: string }[]): void {
  assertOk(reply, op);
  const found = reply.body.data?.foundAddresses;
  assert.ok(Array.isArray(found), `foundAddresses is present: ${reply.text.slice(0, 500)}`);
  const byField = (a: { field: string }, b: { field: string }) => a.field.localeCompare(b.field);
  assert.deepEqual(found.map(({ field, source }) => ({ field, source })).sort(byField), [...expected].sort(byField));
  for (const entry of found) assert.ok(typeof entry.result === 'string' && entry.result.length > 0, 'a non-empty result');
}

const PRESENT: { name: string; op: Op; request: () => Json; expected: { field: string; source: string }[] }[] = [
  { name: 'a receiver juridical search is reported', op: 'change_receiver', request: () => receiverSearch('Москва, ул. Тверская, д. 7'), expected: [{ field: JUR, source: 'Москва, ул. Тверская, д. 7' }] },
  { name: 'a third-party juridical search is reported', op: 'change_receiver', request: () => thirdSearch('Колпино, ул. Ижорская, д. 2'), expected: [{ field: THIRD_JUR, source: 'Колпино, ул. Ижорская, д. 2' }] },
  {
    name: 'receiver and third-party searches are both reported',
    op: 'change_receiver',
    request: () => withPatch(thirdSearch('Екатеринбург, ул. Ленина, д. 1'), { receiver: inlineMember(legalWithSearch('Зеленоград, корп. 1106')) }),
    expected: [{ field: JUR, source: 'Зеленоград, корп. 1106' }, { field: THIRD_JUR, source: 'Екатеринбург, ул. Ленина, д. 1' }],
  },
  { name: 'a juridical search with XML-special characters is echoed verbatim', op: 'change_receiver', request: () => receiverSearch(SPECIAL), expected: [{ field: JUR, source: SPECIAL }] },
  { name: 'a pickup text search is reported', op: 'change_pickup', request: () => pickupSearch('г. Москва, Красная пл., д. 1'), expected: [{ field: 'address', source: 'г. Москва, Красная пл., д. 1' }] },
  { name: 'a pickup coordinate search is reported', op: 'change_pickup', request: () => pickupSearch(COORDS.moscow), expected: [{ field: 'address', source: COORDS.moscow }] },
  { name: 'a pickup search with XML-special characters is echoed verbatim', op: 'change_pickup', request: () => pickupSearch(SPECIAL), expected: [{ field: 'address', source: SPECIAL }] },
  { name: 'a pickup search with %, a backslash, astral characters, combining marks and right-to-left text is echoed verbatim', op: 'change_pickup', request: () => pickupSearch(UNICODE), expected: [{ field: 'address', source: UNICODE }] },
  { name: 'a juridical search with %, astral characters and right-to-left text is echoed verbatim', op: 'change_receiver', request: () => receiverSearch(UNICODE), expected: [{ field: JUR, source: UNICODE }] },
];

const ABSENT: { name: string; op: Op; request: () => Json }[] = [
  { name: 'a receiver of address-book IDs', op: 'change_receiver', request: receiverRequest },
  { name: 'a juridical address given by street and house', op: 'change_receiver', request: () => inlineReceiverRequest(legalEntity()) },
  { name: 'a pickup address-book address', op: 'change_pickup', request: () => pickupRequest() },
  { name: 'a pickup address given by street and house', op: 'change_pickup', request: () => addressPickupRequest({ street: STREET.moscow, house: '1' }) },
];

describe('foundAddresses', () => {
  for (const format of FORMATS) {
    for (const c of PRESENT) {
      it(`${c.name} [${format}]`, async () => {
        assertFound(await send(ref.url, c.op, format, c.request()), c.op, c.expected);
      });
    }
    for (const c of ABSENT) {
      it(`foundAddresses is absent for ${c.name} [${format}]`, async () => {
        const reply = await send(ref.url, c.op, format, c.request());
        assertOk(reply, c.op);
        assert.equal(reply.body.data?.foundAddresses, undefined, reply.text);
      });
    }
    it(`a pickup search with whitespace at both edges is echoed with it [${format}]`, async () => {
      const reply = await send(ref.url, 'change_pickup', format, pickupSearch(EDGES));
      assertOk(reply, 'change_pickup');
      if (format === 'json') assert.equal(reply.body.data?.foundAddresses?.[0]?.source, EDGES);
      else assert.ok(reply.text.includes(`<source>${EDGES}</source>`), reply.text.slice(0, 500));
    });
    it(`a juridical search that resolves to nothing is echoed as its result [${format}]`, async () => {
      const reply = await send(ref.url, 'change_receiver', format, receiverSearch('Ор'));
      assertFound(reply, 'change_receiver', [{ field: JUR, source: 'Ор' }]);
      assert.equal(reply.body.data?.foundAddresses?.[0]?.result, 'Ор');
    });
  }
});
