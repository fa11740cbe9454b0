// Spec 7 (the documented error numbers, from fixture orders), spec 5 (authentication) and
// the README's common errors and order of checks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Case, type Json, type Op, ADDRESS, ALICE, APPKEY, BOB, FORMATS, ORDER, YESTERDAY, assertError, invalid, notFound,
  pickupRequest, receiverRequest, runCases, send, useReference, withPatch,
} from './helpers.ts';

const ref = useReference();
const base = (op: Op): Json => (op === 'change_receiver' ? receiverRequest() : pickupRequest());
const OPS: Op[] = ['change_receiver', 'change_pickup'];

const RECEIVER_REFUSED = 'The receiver for the order cannot be changed.';
const PICKUP_REFUSED = 'The dispatch address and time for the order cannot be changed.';
const DOCUMENTED: { name: string; op: Op; patch: Record<string, unknown>; code: number; message: string }[] = [
  { name: 'an order whose receiver cannot change answers 610001', op: 'change_receiver', patch: { orderID: ORDER.unavailable }, code: 610001, message: RECEIVER_REFUSED },
  { name: "another user's order answers 610002", op: 'change_receiver', patch: { orderID: ORDER.bobs }, code: 610002, message: RECEIVER_REFUSED },
  { name: 'an order of an anonymous counteragent answers 610003', op: 'change_receiver', patch: { orderID: ORDER.anonymousTerminal }, code: 610003, message: 'An anonymous counteragent is indicated.' },
  { name: 'an order whose pickup cannot change answers 621001', op: 'change_pickup', patch: { orderID: ORDER.unavailable }, code: 621001, message: PICKUP_REFUSED },
  { name: 'an order picked up at a terminal answers 621001', op: 'change_pickup', patch: { orderID: ORDER.anonymousTerminal }, code: 621001, message: PICKUP_REFUSED },
  { name: "another user's order answers 621002 on pickup change", op: 'change_pickup', patch: { orderID: ORDER.bobs }, code: 621002, message: PICKUP_REFUSED },
];

describe('documented error numbers', () => {
  for (const c of DOCUMENTED) {
    for (const format of FORMATS) {
      it(`${c.name} [${format}]`, async () => {
        const reply = await send(ref.url, c.op, format, withPatch(base(c.op), c.patch));
        assertError(reply, c.code);
        const error = reply.body.errors!.find((e) => e.code === c.code)!;
        assert.ok(typeof error.title === 'string' && error.title.length > 0, 'a non-empty title');
        assert.ok(typeof error.detail === 'string' && error.detail.length > 0, 'a non-empty detail');
        assert.equal(error.message, c.message);
        assert.equal(reply.body.data, undefined);
      });
    }
  }
  runCases(ref, OPS.map((op): Case => ({
    name: `the owner of an order changes it (${op})`,
    op,
    request: () => withPatch(base(op), { sessionID: BOB, orderID: ORDER.bobs }),
    expect: 'ok',
  })));
  for (const format of FORMATS) {
    it(`621001 details tell a state, terminal, region and date refusal apart [${format}]`, async () => {
      const refusals = [
        { orderID: ORDER.unavailable },
        { orderID: ORDER.anonymousTerminal },
        { addressID: ADDRESS.petersburg },
        { produce_date: YESTERDAY },
      ];
      const details = new Set<string | undefined>();
      for (const patch of refusals) {
        const reply = await send(ref.url, 'change_pickup', format, withPatch(pickupRequest(), patch));
        assertError(reply, 621001);
        details.add(reply.body.errors!.find((e) => e.code === 621001)!.detail);
      }
      assert.equal(details.size, refusals.length, `details: ${JSON.stringify([...details])}`);
    });
  }
});

describe('authentication answers 100002', () => {
  const auth: [string, Record<string, unknown>][] = [
    ['a request without appkey', { appkey: undefined }],
    ['a request with an unknown appkey', { appkey: 'ref-appkey-9999' }],
    ['a request with an empty appkey', { appkey: '' }],
    ['a request without sessionID', { sessionID: undefined }],
    ['a request with an unknown sessionID', { sessionID: 'ref-session-mallory' }],
    ['a request with a session used as appkey', { appkey: ALICE }],
    ['a request with an appkey used as session', { sessionID: APPKEY }],
  ];
  runCases(ref, OPS.flatMap((op) => auth.map(([name, patch]): Case => ({
    name: `${name} is not authenticated (${op})`,
    op,
    request: () => withPatch(base(op), patch),
    expect: { code: 100002 },
  }))));
});

describe('unknown references answer 100005', () => {
  const unknown: [Op, string, Record<string, unknown>][] = [
    ['change_receiver', 'an unknown orderID', { orderID: ORDER.unknown }],
    ['change_pickup', 'an unknown orderID', { orderID: ORDER.unknown }],
    ['change_receiver', 'an unknown counteragentID', { 'receiver.counteragentID': 5999 }],
    ['change_receiver', 'an unknown contact ID', { 'receiver.contactIDs': [6001, 6999] }],
    ['change_receiver', 'an unknown phone ID', { 'receiver.phoneIDs': [7999] }],
    ['change_pickup', 'an unknown contact ID', { contactIDs: [6999] }],
    ['change_pickup', 'an unknown phone ID', { phoneIDs: [7001, 7999] }],
    ['change_pickup', 'an unknown addressID', { addressID: ADDRESS.unknown }],
  ];
  runCases(ref, unknown.map(([op, name, patch]): Case => ({
    name: `${name} is not found (${op})`,
    op,
    request: () => withPatch(base(op), patch),
    expect: notFound,
  })));
});

describe('the order of checks', () => {
  runCases(ref, [
    ...OPS.map((op): Case => ({
      name: `authentication is judged before validation (${op})`,
      op,
      request: () => withPatch(base(op), { appkey: undefined, orderID: undefined }),
      expect: { code: 100002 },
    })),
    {
      name: 'validation is judged before look-ups',
      op: 'change_receiver',
      request: () => withPatch(receiverRequest(), { 'receiver.counteragentID': 5999, storePayer: 'bank' }),
      expect: invalid('storePayer'),
    },
    {
      name: 'look-ups are judged before access to the order',
      op: 'change_receiver',
      request: () => withPatch(receiverRequest(), { orderID: ORDER.bobs, 'receiver.counteragentID': 5999 }),
      expect: notFound,
    },
    {
      name: "access is judged before the order's state (receiver)",
      op: 'change_receiver',
      request: () => withPatch(receiverRequest(), { sessionID: BOB, orderID: ORDER.unavailable }),
      expect: { code: 610002 },
    },
    {
      name: "access is judged before the order's state (pickup)",
      op: 'change_pickup',
      request: () => withPatch(pickupRequest(), { sessionID: BOB, orderID: ORDER.anonymousTerminal }),
      expect: { code: 621002 },
    },
    {
      name: 'access is judged before the region rule',
      op: 'change_pickup',
      request: () => withPatch(pickupRequest(), { orderID: ORDER.bobs, addressID: ADDRESS.petersburg }),
      expect: { code: 621002 },
    },
  ]);
});

describe('validation reports every broken field at once', () => {
  for (const format of FORMATS) {
    it(`three broken fields are all named [${format}]`, async () => {
      const request = withPatch(receiverRequest(), { orderID: undefined, storePayer: 'bank', changeOrderPayer: 'yes' });
      const reply = await send(ref.url, 'change_receiver', format, request);
      for (const field of ['orderID', 'storePayer', 'changeOrderPayer']) assertError(reply, 100001, field);
    });
  }
});
