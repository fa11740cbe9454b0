// Issue 26 and 29, between requests: the faithful reference answers each request of a sequence on
// one kept-alive connection, and each of several in flight together, as it answers it alone; each
// fault of sequences and overlap makes one answer depend on what came before or beside it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client } from 'undici';
import {
  type Format, type Json, type Op, ORDER, decode, encode, pickupRequest, receiverRequest, useReference, withPatch,
} from './helpers.ts';
import { type Answer, keptConnection, pathOf, post, postFresh } from './framings.ts';
import { FIXED } from './requests.ts';

interface Shot { op: Op; format: Format; request: Json | string }
const REQUEST: Record<Op, () => Json> = { change_receiver: receiverRequest, change_pickup: () => pickupRequest() };
const shot = (op: Op, format: Format, orderID: string): Shot => ({ op, format, request: withPatch(REQUEST[op](), { orderID }) });
const bodyOf = (s: Shot): string => (typeof s.request === 'string' ? s.request : encode(s.format, s.request));

/** What an answer says: the error codes of a refusal, or the success member of its operation. */
function said(s: Shot, answer: Answer): string {
  const { body } = decode(s.format, answer.text);
  if (body.errors) return `${answer.status} ${body.errors.map((e) => e.code).join(',')}`;
  return `${answer.status} ${body.data?.status !== undefined ? 'status' : 'state'} ${String(body.data?.status ?? body.data?.state)}`;
}

/** The answers to `shots` sent one after another on one kept-alive connection. */
async function onOneConnection(url: string, shots: Shot[]): Promise<string[]> {
  const client = keptConnection(url);
  try {
    const out: string[] = [];
    for (const s of shots) out.push(said(s, await post(client, pathOf(s.op, s.format), s.format, bodyOf(s))));
    return out;
  } finally {
    await client.close();
  }
}

const alone = async (url: string, s: Shot): Promise<string> => said(s, await postFresh(url, pathOf(s.op, s.format), s.format, bodyOf(s)));

/** The answers to `shots` sent together, each on a connection of its own. */
async function together(url: string, shots: Shot[]): Promise<string[]> {
  const clients = shots.map(() => new Client(url));
  try {
    const answers = await Promise.all(shots.map((s, i) => post(clients[i]!, pathOf(s.op, s.format), s.format, bodyOf(s))));
    return answers.map((a, i) => said(shots[i]!, a));
  } finally {
    await Promise.all(clients.map((c) => c.close()));
  }
}

const REFUSED_PAIRS = [
  [shot('change_receiver', 'json', ORDER.bobs), shot('change_pickup', 'json', ORDER.bobs)],
  [shot('change_pickup', 'xml', ORDER.unavailable), shot('change_receiver', 'xml', ORDER.unavailable)],
];
const MALFORMED_THEN_VALID = [
  { op: 'change_receiver', format: 'xml', request: '<request><appkey>' },
  shot('change_receiver', 'xml', ORDER.moscow),
  shot('change_pickup', 'json', ORDER.moscow),
  shot('change_pickup', 'xml', ORDER.moscow),
] satisfies Shot[];

describe('the faithful reference', () => {
  const ref = useReference();
  it('answers each request of a sequence on one connection as it answers it alone', async () => {
    for (const shots of [...REFUSED_PAIRS, MALFORMED_THEN_VALID]) {
      assert.deepEqual(await onOneConnection(ref.url, shots), await Promise.all(shots.map((s) => alone(ref.url, s))));
    }
  });
  it('answers twenty requests for one order in flight together, both operations, each as alone', async () => {
    const shots = Array.from({ length: 20 }, (_, i) => shot(i % 2 ? 'change_pickup' : 'change_receiver', i % 4 < 2 ? 'json' : 'xml', ORDER.moscow));
    assert.deepEqual(await together(ref.url, shots), await Promise.all(shots.map((s) => alone(ref.url, s))));
  });
});

describe('refusal-remembered-on-connection', () => {
  const faulty = useReference({ fault: 'refusal-remembered-on-connection' });
  it('answers the other operation\'s refusal for an order on the connection it was answered on, and its own on a fresh one', async () => {
    assert.deepEqual(await onOneConnection(faulty.url, REFUSED_PAIRS[0]!), ['400 610002', '400 610002']);
    assert.equal(await alone(faulty.url, REFUSED_PAIRS[0]![1]!), '400 621002');
    assert.deepEqual(await onOneConnection(faulty.url, REFUSED_PAIRS[1]!), ['400 621001', '400 621001']);
    assert.equal(await alone(faulty.url, REFUSED_PAIRS[1]![1]!), '400 610001');
  });
});

describe('xml-reader-poisoned-after-malformed', () => {
  const faulty = useReference({ fault: 'xml-reader-poisoned-after-malformed' });
  it('refuses the XML requests after a malformed XML body on its connection, not JSON ones nor a fresh connection\'s', async () => {
    assert.deepEqual(await onOneConnection(faulty.url, MALFORMED_THEN_VALID), ['400 100003', '400 100003', '200 state success', '400 100003']);
    assert.equal(await alone(faulty.url, MALFORMED_THEN_VALID[3]!), '200 state success');
  });
});

describe('generated-at-frozen', () => {
  let clock = FIXED;
  const now = (): Date => clock;
  const faithful = useReference({ now });
  const faulty = useReference({ fault: 'generated-at-frozen', now });
  it('carries the first answer\'s generated_at after the clock moved, where the faithful reference carries the new time', async () => {
    const s = shot('change_receiver', 'json', ORDER.moscow);
    const stamp = async (url: string): Promise<string | undefined> => decode('json', (await postFresh(url, pathOf(s.op, 'json'), 'json', bodyOf(s))).text).body.metadata?.generated_at;
    const first = { faithful: await stamp(faithful.url), faulty: await stamp(faulty.url) };
    clock = new Date(FIXED.getTime() + 2000);
    assert.deepEqual([await stamp(faithful.url), await stamp(faulty.url)], ['2026-11-23 09:00:02', first.faulty]);
    assert.equal(first.faithful, '2026-11-23 09:00:00');
  });
});

describe('answers-swapped-in-flight', () => {
  const faulty = useReference({ fault: 'answers-swapped-in-flight' });
  const pair = [shot('change_receiver', 'json', ORDER.moscow), shot('change_pickup', 'json', ORDER.moscow)];
  it('answers a receiver change and a pickup change in flight together each with the other\'s answer', async () => {
    const swapped = ['200 state success', '200 status success'];
    // Three tries: the two answers must meet within the slot's 30 ms, which a loaded machine may miss.
    let got: string[] = [];
    for (let i = 0; i < 3 && got.join() !== swapped.join(); i++) got = await together(faulty.url, pair);
    assert.deepEqual(got, swapped);
  });
  it('answers each alone with its own answer', async () => {
    assert.deepEqual([await alone(faulty.url, pair[0]!), await alone(faulty.url, pair[1]!)], ['200 status success', '200 state success']);
  });
});

describe('order-overloaded-500', () => {
  const faulty = useReference({ fault: 'order-overloaded-500' });
  const burst = (n: number): Shot[] => Array.from({ length: n }, (_, i) => shot(i % 2 ? 'change_pickup' : 'change_receiver', 'json', ORDER.moscow));
  it('answers 500 in the error body shape to a request for an order while more than 8 others for it are in flight', async () => {
    const clients = burst(20).map(() => new Client(faulty.url));
    try {
      const answers = await Promise.all(burst(20).map((s, i) => post(clients[i]!, pathOf(s.op, 'json'), 'json', bodyOf(s))));
      const overloaded = answers.filter((a) => a.status === 500);
      assert.ok(overloaded.length > 0, answers.map((a) => a.status).join());
      for (const a of overloaded) {
        const { body } = decode('json', a.text);
        assert.equal(body.metadata?.status, 500);
        assert.equal(typeof body.errors?.[0]?.code, 'number');
      }
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });
  it('answers nine requests for one order in flight together, each as alone', async () => {
    assert.deepEqual(await together(faulty.url, burst(9)), await Promise.all(burst(9).map((s) => alone(faulty.url, s))));
  });
});
