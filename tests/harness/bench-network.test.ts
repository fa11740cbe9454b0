// The bench's distant target (scripts/bench/proxy.ts with `network`): a round trip away for
// every byte, both ways, the answers the proxy gives itself included, as across a real network;
// a request and its answer pass whole and in order.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { request } from 'undici';
import { startReference } from '../../reference/server.ts';
import { startProxy, type Proxy } from '../../scripts/bench/proxy.ts';
import { rawExchange } from '../reference/framings.ts';

const ROUND_TRIP_MS = 200;

describe('the bench\'s distant target, across a network', () => {
  let reference: Awaited<ReturnType<typeof startReference>>;
  let proxy: Proxy;
  before(async () => {
    reference = await startReference();
    proxy = await startProxy(reference.url, ROUND_TRIP_MS, { network: true });
  });
  after(async () => {
    await proxy.close();
    await reference.close();
  });

  it('answers a request the proxy refuses itself no sooner than a round trip, as a distant target would', async () => {
    const started = performance.now();
    const answer = (await rawExchange(proxy.url, Buffer.from('POST /v3/orders/change_receiver.json HTTP/1.1\r\nHost: a\r\nHost: b\r\nContent-Length: 0\r\n\r\n'))).toString('latin1');
    const ms = performance.now() - started;
    assert.match(answer, /^HTTP\/1\.1 400 /, 'two Hosts: the proxy refuses it as the reference does');
    assert.equal(proxy.forwarded(), 0, 'not forwarded: the answer is the proxy\'s own');
    // Timers never fire before their time: half the round trip each way (a ms of timer rounding allowed).
    assert.ok(ms >= ROUND_TRIP_MS - 2, `answered after ${ms.toFixed(0)} ms`);
  });

  it('passes a request and its answer whole and in order', async () => {
    const body = JSON.stringify({ x: 'é'.repeat(3000) });
    const res = await request(`${proxy.url}/v3/orders/change_receiver.json`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const text = Buffer.from(await res.body.arrayBuffer());
    assert.equal(res.statusCode, 400, 'the reference\'s answer to a body of no known member');
    assert.equal(text.length, Number(res.headers['content-length']), 'the whole answer, as long as it says');
    assert.equal(JSON.parse(text.toString('utf8')).metadata?.status, 400);
    assert.equal(proxy.forwarded(), 1, 'the reference answered it');
  });
});
