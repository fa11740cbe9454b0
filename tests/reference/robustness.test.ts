// A burst of malformed requests at once: each gets a 4xx, none a 5xx or a dropped
// connection, and the service still answers a valid request afterwards.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MALFORMED, MiB, paddedTo } from './bodies.ts';
import {
  type Format, type Op, FORMATS, assertOk, receiverRequest, request, send, useReference, withPatch,
} from './helpers.ts';

const ref = useReference();

/** One request of the burst: what it is, and how to send it. */
type Shot = [string, () => Promise<{ status: number }>];

function burst(url: string, size: number): Shot[] {
  const ops: Op[] = ['change_receiver', 'change_pickup'];
  const kinds: ((format: Format, op: Op) => Shot)[] = [
    ...FORMATS.flatMap((f) => MALFORMED[f].map(([name, body]) => () => [name, () => send(url, ops[0]!, f, body)] as Shot)),
    (format, op) => [`oversized ${format}`, () => send(url, op, format, paddedTo(format, MiB + 512))],
    (format, op) => [`invalid ${format}`, () => send(url, op, format, withPatch(receiverRequest(), { storePayer: 'bank', orderID: undefined }))],
    (format, op) => [`unauthenticated ${format}`, () => send(url, op, format, withPatch(receiverRequest(), { appkey: 'nope' }))],
    (format, op) => [`GET ${op}.${format}`, () => request(`${url}/v3/orders/${op}.${format}`, format, { method: 'GET' })],
    (format) => [`unknown path ${format}`, () => request(`${url}/v9/nothing.${format}`, format, { method: 'POST', body: 'x' })],
  ];
  return Array.from({ length: size }, (_, i) => kinds[i % kinds.length]!(FORMATS[i % 2]!, ops[(i >> 1) % 2]!));
}

describe('robustness', () => {
  it('200 concurrent malformed requests all get a 4xx and a valid request still succeeds', { timeout: 60_000 }, async () => {
    const shots = burst(ref.url, 200);
    const results = await Promise.allSettled(shots.map(([, fire]) => fire()));
    const wrong = results.flatMap((r, i) => {
      if (r.status === 'rejected') return [`${shots[i]![0]}: ${String(r.reason)}`];
      return r.value.status >= 400 && r.value.status < 500 ? [] : [`${shots[i]![0]}: HTTP ${r.value.status}`];
    });
    assert.deepEqual(wrong, []);
    for (const format of FORMATS) {
      assertOk(await send(ref.url, 'change_receiver', format, receiverRequest()), 'change_receiver');
    }
  });
});
