// The connection a request asks for (WireRequest.connection), whether its answer came on a
// connection that had carried one before (`reused`), and the two latencies of every answer.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { undiciTransport } from '../../src/client/undici.ts';
import { listening, post, type Listening } from './transport-servers.ts';

const open = new Set<Socket>();
const carried = new WeakMap<Socket, number>();
/** Answers with the connection's port and how many requests it has carried, this one included. */
const server = createServer((req, res) => {
  const nth = (carried.get(req.socket) ?? 0) + 1;
  carried.set(req.socket, nth);
  req.resume();
  req.on('end', () => res.end(JSON.stringify({ port: req.socket.remotePort, nth })));
});
server.on('connection', (socket: Socket) => {
  open.add(socket);
  socket.on('close', () => open.delete(socket));
});
let target: Listening;
before(async () => { target = await listening(server); });
after(() => target.stop());

async function send(t: ReturnType<typeof undiciTransport>, connection?: string, framing?: 'http10') {
  const res = await t.send(post(`${target.url}/`, '{}', { ...(connection ? { connection } : {}), ...(framing ? { framing } : {}) }));
  return { ...(JSON.parse(res.body) as { port: number; nth: number }), reused: res.reused, res };
}

async function closedWithin(ms: number, count: () => number, most: number): Promise<void> {
  for (const until = performance.now() + ms; count() > most && performance.now() < until;) await sleep(10);
  assert.ok(count() <= most, `${count()} connections open, at most ${most} expected`);
}

describe('connections', () => {
  it('says an answer came on a reused connection exactly when the connection had carried one before', async () => {
    const t = undiciTransport(5_000);
    const sent = [];
    for (let i = 0; i < 4; i++) sent.push(await send(t));
    for (const s of sent) assert.equal(s.reused, s.nth > 1, JSON.stringify(s));
    assert.ok(sent.some((s) => s.reused), 'the pool kept a connection');
    await t.close();
  });

  it('sends a fresh request on a connection of its own, never reused', async () => {
    const t = undiciTransport(5_000);
    const fresh = [await send(t, 'fresh'), await send(t, 'fresh')];
    assert.deepEqual(fresh.map((s) => [s.nth, s.reused]), [[1, false], [1, false]]);
    assert.notEqual(fresh[0]!.port, fresh[1]!.port);
    await t.close();
  });

  it('sends the requests of one name on one kept connection, apart from other names and the pool', async () => {
    const t = undiciTransport(5_000);
    const [a1, a2, b, pool] = [await send(t, 'a'), await send(t, 'a'), await send(t, 'b'), await send(t)];
    assert.equal(a1!.port, a2!.port);
    assert.deepEqual([a1!.reused, a2!.reused, a2!.nth], [false, true, 2]);
    assert.equal(new Set([a1!.port, b!.port, pool!.port]).size, 3);
    await t.close();
  });

  it('keeps at most 64 named connections open, and closes every connection on close()', async () => {
    const t = undiciTransport(5_000);
    const before = open.size;
    for (let i = 0; i < 70; i++) await send(t, `sequence-${i}`);
    await send(t, 'fresh', 'http10');
    await closedWithin(10_000, () => open.size - before, 64);
    await t.close();
    await closedWithin(10_000, () => open.size - before, 0);
  });

  it('times every answer to its head and to its end', async () => {
    const t = undiciTransport(5_000);
    for (const s of [await send(t), await send(t, 'fresh'), await send(t, undefined, 'http10')]) {
      const { firstByteMs, ms } = s.res;
      assert.ok(typeof firstByteMs === 'number' && firstByteMs > 0 && firstByteMs <= ms, `${firstByteMs} / ${ms}`);
    }
    await t.close();
  });
});

describe('a transport destroyed with requests in flight', () => {
  it('fails them at once and resolves, whatever framing they went in (a stopped run waits on it)', async () => {
    // Holds every answer a second: the requests are in flight, waiting for their heads, when the transport goes.
    const slow = await listening(createServer((req, res) => { req.resume(); setTimeout(() => res.end('{}'), 1_000).unref(); }));
    try {
      const t = undiciTransport(5_000);
      const framings = [undefined, 'chunked', 'pieces', 'chunked-small'] as const;
      const sent = framings.flatMap((framing) => [1, 2].map(() => t.send(post(`${slow.url}/`, '{"a":"ж"}', framing ? { framing } : {})).then(() => 'answered', (err: Error) => err.message)));
      await sleep(100);
      const destroyed = await Promise.race([t.destroy().then(() => 'destroyed'), sleep(2_000).then(() => 'still waiting')]);
      assert.equal(destroyed, 'destroyed');
      assert.ok((await Promise.all(sent)).every((m) => m !== 'answered'), 'no request waited for its answer');
      // Nor does anything go out after it: a stalled request's fresh try, or a late send.
      for (const connection of [undefined, 'fresh', 'a-sequence']) {
        await assert.rejects(t.send(post(`${slow.url}/`, '{}', connection ? { connection } : {})), /not sent: the transport was destroyed/);
      }
    } finally {
      await slow.stop();
    }
  });
});
