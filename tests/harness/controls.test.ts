// The control of a request in company (src/runner/controls.ts), against synthetic targets: taken
// before the company where the company may change what the request gets, so a target that carries
// an order's state across connections is blamed on the company, not on the request; and an
// answer that breaks an identity rule in company is blamed on that rule.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Format, Operation } from '../../src/contract/load.ts';
import type { Transport, WireRequest, WireResponse } from '../../src/client/transport.ts';
import type { RunContext } from '../../src/runner/context.ts';
import { exposed } from '../../src/runner/controls.ts';
import { runBurst, runSequence, SEQUENCE_RULE, type Prepared } from '../../src/runner/sequence.ts';
import { meaningOf, referenceProfile } from './helpers.ts';

const ctx = { profile: referenceProfile() } as RunContext;

const stamp = (): string => new Date(Date.now() + 3 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
const json = (status: number, body: Record<string, unknown>): WireResponse => ({ status, headers: { 'content-type': 'application/json; charset=utf-8', date: new Date().toUTCString() }, ms: 1, body: JSON.stringify(body) });
const accepted = (op: Operation): WireResponse => json(200, { metadata: { status: 200, generated_at: stamp() }, data: op === 'change_pickup' ? { state: 'success', information: 'free' } : { status: 'success' } });
const refused = (code: number): WireResponse => json(400, { metadata: { status: 400, generated_at: stamp() }, errors: [{ code, ...meaningOf(code) }] });

const step = (operation: Operation, orderID: string, expect: Prepared['expect'], rules: string[], sessionID = 'main'): Prepared => ({
  operation, format: 'json' as Format, rules, expect, logical: { orderID, sessionID },
  request: { method: 'POST', url: `http://target.test/v3/orders/${operation}.json`, headers: {}, body: JSON.stringify({ orderID, sessionID }) },
});

const read = (r: WireRequest): { op: Operation; orderID: string; sessionID: string } =>
  ({ op: r.url.includes('change_pickup') ? 'change_pickup' : 'change_receiver', ...(JSON.parse(r.body) as { orderID: string; sessionID: string }) });

/** A service for order R, whose receiver cannot be changed: `leaky` keeps, across connections, that R "cannot be changed" once it said so. */
function target(leaky: boolean): Transport & { sent: WireRequest[] } {
  const sent: WireRequest[] = [];
  let cannot = false;
  return {
    sent,
    async send(r) {
      sent.push(r);
      const { op } = read(r);
      if (op === 'change_receiver') {
        cannot = leaky;
        return refused(610001);
      }
      return cannot ? refused(621001) : accepted(op);
    },
  };
}

const refusal = step('change_receiver', 'R', { error: 610001 }, ['ERR-610001']);
const pickup = step('change_pickup', 'R', 'accepted', ['RSP-PICKUP-SUCCESS']);

describe('the controls taken first', () => {
  it('are of the acceptances whose order another request of the company must be refused with a documented error', () => {
    const elsewhere = step('change_pickup', 'S', 'accepted', ['RSP-PICKUP-SUCCESS']);
    const rejected = step('change_pickup', 'R', 'rejected', ['CNT-CONTACTIDS-MAX']);
    assert.deepEqual(exposed([refusal, pickup, elsewhere, rejected]), [pickup]);
    assert.deepEqual(exposed([rejected, pickup]), [], 'a refusal of the request itself says nothing of the order');
  });

  it('blame the sequence for an answer a refusal of the same order carried across connections', async () => {
    const t = target(true);
    const s = await runSequence([refusal, pickup], 'one', ctx, t);
    assert.equal(t.sent[0]!.connection, 'fresh', 'the pickup change\'s control goes first, alone');
    assert.equal(read(t.sent[0]!).op, 'change_pickup');
    const second = s.parts[1]!.findings;
    assert.equal(second.find((f) => f.rule === SEQUENCE_RULE)?.verdict, 'fail');
    assert.match(second.find((f) => f.rule === SEQUENCE_RULE)!.expected!, /alone before the company, on a fresh connection: HTTP 200/);
    assert.equal(second.find((f) => f.rule === 'RSP-PICKUP-SUCCESS')?.verdict, 'pass', 'alone, before the refusal, the request keeps its own rule');
    assert.equal(t.sent.length, 3, 'nothing is sent after the company');
  });

  it('cost one request, and pass, against a target that carries nothing', async () => {
    const t = target(false);
    const s = await runSequence([refusal, pickup], 'one', ctx, t);
    assert.deepEqual(s.parts.map((p) => p.findings.find((f) => f.rule === SEQUENCE_RULE)?.verdict), ['pass', 'pass']);
    assert.equal(t.sent.length, 3);
  });
});

describe('a request judged on an identity rule', () => {
  it('is blamed on that rule when its answer depends on the company', async () => {
    // Answers a later request on a kept connection for the connection's first session.
    let first: string | undefined;
    const t: Transport = {
      async send(r) {
        const { op, orderID, sessionID } = read(r);
        const acting = r.connection === 'fresh' ? sessionID : (first ??= sessionID);
        return orderID === acting ? accepted(op) : refused(610002);
      },
    };
    const own = step('change_receiver', 'main', 'accepted', ['IDN-OWN-ORDER']);
    const others = step('change_receiver', 'main', { error: 610002 }, ['IDN-OTHERS-ORDER'], 'bob');
    const s = await runSequence([own, others], 'one', ctx, t);
    const blamed = s.parts[1]!.findings.filter((f) => f.verdict === 'fail').map((f) => f.rule);
    assert.deepEqual(blamed, ['IDN-OTHERS-ORDER']);
    assert.match(s.parts[1]!.findings.find((f) => f.verdict === 'fail')!.received!, /^after 1 earlier request on one kept-alive connection: HTTP 200/);
  });

  it('in a burst too', async () => {
    const t: Transport = { async send(r) { return accepted(read(r).op); } };
    const b = await runBurst([step('change_receiver', 'main', { error: 610002 }, ['IDN-OTHERS-ORDER'], 'bob')], ctx, t);
    assert.deepEqual(b.parts[0]!.findings.filter((f) => f.verdict === 'fail').map((f) => f.rule), ['IDN-OTHERS-ORDER']);
  });
});
