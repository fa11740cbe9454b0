// The bench's distant target (scripts/bench/proxy.ts with `network`): a round trip away for
// every byte, both ways, the answers the proxy gives itself included, as across a real network;
// bytes pass in order, a connection's end reaches the other side after them, whichever side ends.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startReference } from '../../reference/server.ts';
import { startProxy, type Proxy } from '../../scripts/bench/proxy.ts';

const ROUND_TRIP_MS = 200;

/**
 * Writes `bytes` to the proxy (Connection: close) and reads the whole answer till the proxy closes;
 * with the ms it took. `end`: the client ends its side at once (Node's server then answers only
 * what it refuses without reading further).
 */
function exchange(port: number, bytes: string, end = false): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () => (end ? socket.end(bytes, 'latin1') : socket.write(bytes, 'latin1')));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => socket.end());
    socket.on('error', reject);
    socket.on('close', () => resolve({ text: Buffer.concat(chunks).toString('latin1'), ms: performance.now() - started }));
  });
}

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
  const port = (): number => Number(new URL(proxy.url).port);

  it('answers a request the proxy refuses itself no sooner than a round trip, as a distant target would', async () => {
    const { text, ms } = await exchange(port(), 'POST /v3/orders/change_receiver.json HTTP/1.1\r\nHost: a\r\nHost: b\r\nContent-Length: 0\r\nConnection: close\r\n\r\n', true);
    assert.match(text, /^HTTP\/1\.1 400 /, 'two Hosts: the proxy refuses it as the reference does');
    assert.equal(proxy.forwarded(), 0, 'not forwarded: the answer is the proxy\'s own');
    // Timers never fire before their time: half the round trip each way (a ms of timer rounding allowed).
    assert.ok(ms >= ROUND_TRIP_MS - 2, `answered after ${ms.toFixed(0)} ms`);
  });

  it('passes a request and its answer whole and in order, and the server\'s end after it', async () => {
    const body = JSON.stringify({ x: 'é'.repeat(3000) });
    const { text } = await exchange(port(), `POST /v3/orders/change_receiver.json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${Buffer.from(body).toString('latin1')}`);
    assert.match(text, /^HTTP\/1\.1 \d{3} /);
    const length = Number(/\r\ncontent-length: (\d+)\r\n/i.exec(text)?.[1]);
    assert.equal(Buffer.byteLength(text.slice(text.indexOf('\r\n\r\n') + 4), 'latin1'), length, 'the whole answer, as long as it says');
    assert.equal(proxy.forwarded(), 1, 'the reference answered it');
  });
});
