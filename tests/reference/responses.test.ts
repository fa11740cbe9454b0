// Spec 2.4, 2.9 and the README's choices: success and error body shapes, generated_at on
// the service's local clock, the response format following the path.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Format, type Op, type Reply, FIXED_LOCAL, FORMATS, pickupRequest, receiverRequest, send, useReference, withPatch,
} from './helpers.ts';

const ref = useReference();
const CONTENT_TYPE: Record<Format, RegExp> = {
  json: /^application\/json;\s*charset=utf-8$/i,
  xml: /^application\/xml;\s*charset=utf-8$/i,
};

function assertEnvelope(reply: Reply, format: Format, status: number): void {
  assert.match(reply.headers.get('content-type') ?? '', CONTENT_TYPE[format]);
  assert.equal(reply.root, format === 'json' ? 'json' : 'response', reply.text.slice(0, 300));
  assert.equal(reply.body.metadata?.status, status);
  assert.match(reply.body.metadata?.generated_at ?? '', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  assert.equal(reply.body.metadata?.generated_at, FIXED_LOCAL, 'generated_at is the fixed clock in Europe/Moscow');
}

describe('success bodies', () => {
  for (const format of FORMATS) {
    it(`a receiver change answers data.status "success" and no state [${format}]`, async () => {
      const reply = await send(ref.url, 'change_receiver', format, receiverRequest());
      assert.equal(reply.status, 200, reply.text);
      assertEnvelope(reply, format, 200);
      assert.equal(reply.body.data?.status, 'success');
      assert.equal(reply.body.data?.state, undefined);
      assert.equal(reply.body.errors, undefined);
    });
    it(`a pickup change answers data.state "success", information and no status [${format}]`, async () => {
      const reply = await send(ref.url, 'change_pickup', format, pickupRequest());
      assert.equal(reply.status, 200, reply.text);
      assertEnvelope(reply, format, 200);
      assert.equal(reply.body.data?.state, 'success');
      const information = reply.body.data?.information;
      assert.ok(typeof information === 'string' && information.trim().length > 0, 'a non-empty information');
      assert.equal(reply.body.data?.status, undefined);
      assert.equal(reply.body.errors, undefined);
    });
  }
});

describe('error bodies', () => {
  const broken: Record<Op, () => Record<string, unknown>> = {
    change_receiver: () => withPatch(receiverRequest(), { storePayer: 'bank' }),
    change_pickup: () => withPatch(pickupRequest(), { variant: 'terminal' }),
  };
  for (const format of FORMATS) {
    for (const op of ['change_receiver', 'change_pickup'] as const) {
      it(`a validation error carries code, title, detail, message and fields (${op}) [${format}]`, async () => {
        const reply = await send(ref.url, op, format, broken[op]());
        assert.equal(reply.status, 400, reply.text);
        assertEnvelope(reply, format, 400);
        assert.equal(reply.body.data, undefined);
        const errors = reply.body.errors ?? [];
        assert.ok(errors.length > 0, reply.text);
        for (const error of errors) {
          assert.equal(error.code, 100001);
          for (const key of ['title', 'detail', 'message'] as const) {
            assert.ok(typeof error[key] === 'string' && error[key].length > 0, `a non-empty ${key}`);
          }
          assert.ok(Array.isArray(error.fields) && error.fields.length > 0, 'fields is a non-empty list');
        }
      });
    }
  }
});

describe('the path decides the format, not Content-Type', () => {
  const cases: [Format, string][] = [['json', 'text/plain'], ['json', 'application/xml'], ['xml', 'application/json'], ['xml', 'text/plain']];
  for (const [format, contentType] of cases) {
    it(`a ${format} body sent as ${contentType} is read as ${format} [${format}]`, async () => {
      const reply = await send(ref.url, 'change_receiver', format, receiverRequest(), { contentType });
      assert.equal(reply.status, 200, reply.text);
      assertEnvelope(reply, format, 200);
    });
  }
});
