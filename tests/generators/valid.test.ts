// Generated valid requests: they pass the request schema, break no catalog rule (the
// conditional ones the schema cannot express included), avoid every doubtful form, survive
// an XML round trip, and together reach every branch, optional field and limit; the
// accept-side rules each one exercises are rules of its operation, and between them name
// every limit rule of the operation.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadRules, OPERATIONS, type Operation } from '../../src/contract/load.ts';
import { validator } from '../../src/contract/ajv.ts';
import { decodeRequest, encodeRequest, requestSchemaId } from '../../src/codec/index.ts';
import { validRequest, type Request } from '../../generators/index.ts';
import { brokenRules } from '../../generators/broken-rules.ts';
import { acceptRules } from '../../generators/accepts.ts';
import { ctx, profile, sample, show } from './helpers.ts';
import { features, EXPECTED } from './features.ts';

const RUNS = 400;

for (const op of OPERATIONS) {
  describe(`valid ${op} requests`, () => {
    const requests = sample(validRequest(op, ctx), RUNS);

    it('pass the request schema', () => {
      const validate = validator(requestSchemaId(op));
      for (const r of requests) assert.ok(validate(r), `${show(r)}\n${JSON.stringify(validate.errors)}`);
    });

    it('break no catalog rule and hold no doubtful form or invented fixture', () => {
      for (const r of requests) assert.deepEqual([...brokenRules(op, r, profile, ctx.now)], [], show(r));
    });

    it('read back the same after XML encode and decode', () => {
      for (const r of requests) assert.deepEqual(decodeRequest('xml', op, encodeRequest('xml', r)), r);
    });

    it('read back the same after JSON encode and decode', () => {
      for (const r of requests) assert.deepEqual(decodeRequest('json', op, encodeRequest('json', r)), r);
    });

    it('reach every branch, optional field and limit', () => {
      const seen = new Set(requests.flatMap((r) => [...features(op as Operation, r as Request)]));
      const missing = EXPECTED[op].filter((f) => !seen.has(f));
      assert.deepEqual(missing, [], `not reached in ${RUNS} requests: ${missing.join(', ')}`);
    });
  });
}

describe('acceptRules', () => {
  const rules = new Map(loadRules().map((r) => [r.id, r]));
  const named = (op: Operation): string[] => sample(validRequest(op, ctx), 200).flatMap((r) => acceptRules(op, r));

  it('names only catalog rules of the request\'s operation', () => {
    for (const op of OPERATIONS) {
      for (const id of named(op)) assert.ok(rules.get(id)?.operations.includes(op), `${id} is not a ${op} rule of the catalog`);
    }
  });

  it('names every limit rule of the operation, each reached at its limit by some valid request', () => {
    for (const op of OPERATIONS) {
      const seen = new Set(named(op));
      const limits = [...rules.values()].filter((r) => r.operations.includes(op) && r.id.endsWith('-MAX')).map((r) => r.id);
      assert.deepEqual(limits.filter((id) => !seen.has(id)), [], `${op}: limits no valid request is blamed on`);
    }
  });

  it('counts a limit in code points as a string\'s iterator does: a surrogate pair is one, a lone surrogate one', () => {
    const withEmail = (email: string): string[] => acceptRules('change_receiver', { storePayer: 'third', receiver: { email } });
    const cases: [string, boolean][] = [
      ['a'.repeat(128), true],
      ['a'.repeat(127), false],
      ['a'.repeat(129), false],
      ['𝐀'.repeat(128), true],
      ['𝐀'.repeat(127) + 'a', true],
      ['𝐀'.repeat(127), false],
      ['𝐀'.repeat(129), false],
      ['\ud835'.repeat(128), true],
      ['\udc00'.repeat(128), true],
      ['\udc00\ud835'.repeat(64), false],
      ['a'.repeat(126) + '\ud835\udc00', false],
      ['a'.repeat(127) + '\ud835', true],
    ];
    for (const [email, atLimit] of cases) {
      assert.equal([...email].length === 128, atLimit, 'the case itself');
      assert.equal(withEmail(email).includes('MBR-EMAIL-MAX'), atLimit, `${email.length} UTF-16 units, ${[...email].length} code points`);
    }
  });
});
