// Bodies that are not a request (README: 100003, 100004), unknown paths (404) and methods
// other than POST (405 with Allow: POST). No answer is ever a 5xx (checked in `request`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MALFORMED, MiB, paddedTo } from './bodies.ts';
import { type Op, type Reply, FORMATS, assertError, assertOk, encode, receiverRequest, request, send, useReference } from './helpers.ts';

const ref = useReference();
const PATHS = ['change_receiver.json', 'change_receiver.xml', 'change_pickup.json', 'change_pickup.xml'];

describe('malformed bodies answer 100003', () => {
  for (const op of ['change_receiver', 'change_pickup'] as Op[]) {
    for (const format of FORMATS) {
      for (const [name, body] of MALFORMED[format]) {
        it(`${name} is malformed (${op}) [${format}]`, async () => {
          const reply = await send(ref.url, op, format, body);
          assertError(reply, 100003);
          assert.doesNotMatch(reply.text, /ref-appkey-0001/, 'an entity is never expanded into the answer');
        });
      }
    }
  }
});

describe('request size', () => {
  for (const format of FORMATS) {
    it(`a body of exactly 1 MiB is read and accepted [${format}]`, async () => {
      assertOk(await send(ref.url, 'change_receiver', format, paddedTo(format, MiB)), 'change_receiver');
    });
    it(`a body one byte under 1 MiB is read and accepted [${format}]`, async () => {
      assertOk(await send(ref.url, 'change_receiver', format, paddedTo(format, MiB - 1)), 'change_receiver');
    });
    it(`a body of 1 MiB and one byte answers 100004 [${format}]`, async () => {
      assertError(await send(ref.url, 'change_receiver', format, paddedTo(format, MiB + 1)), 100004);
    });
    it(`a body of 8 MiB answers 100004 [${format}]`, async () => {
      assertError(await send(ref.url, 'change_pickup', format, paddedTo(format, 8 * MiB)), 100004);
    });
  }
});

describe('paths and methods', () => {
  const unknown = ['/', '/v3/orders/change_receiver', '/v3/orders/change_receiver.yaml', '/v2/orders/change_receiver.json',
    '/v3/orders/change_pickup.xml/extra', '/v3/orders/change_payer.json'];
  for (const path of unknown) {
    for (const method of ['POST', 'GET']) {
      it(`${method} ${path} answers 404`, async () => {
        const reply = await request(ref.url + path, undefined, { method, ...(method === 'POST' ? { body: encode('json', receiverRequest()) } : {}) });
        assert.equal(reply.status, 404, reply.text);
        assert.ok(reply.body.errors?.some((e) => e.code === 100404), reply.text);
      });
    }
  }
  for (const path of PATHS) {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      it(`${method} ${path} answers 405 with Allow: POST`, async () => {
        const format = path.endsWith('.xml') ? 'xml' : 'json';
        const init = method === 'PUT' ? { method, body: encode(format, receiverRequest()) } : { method };
        const reply: Reply = await request(`${ref.url}/v3/orders/${path}`, format, init);
        assert.equal(reply.status, 405, reply.text);
        assert.equal(reply.headers.get('allow'), 'POST');
        assert.ok(reply.body.errors?.some((e) => e.code === 100405), reply.text);
      });
    }
  }
});
