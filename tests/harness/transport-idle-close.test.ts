// Issue 33: a target that closes a kept connection as a request crosses it (a short keep-alive it
// does not announce) costs no error: the request goes once more on a fresh connection. A new
// connection it closes unanswered stays a transport error. A node:net server answers the first
// request of each connection and closes the connection, unanswered, on the second; a request to
// /never it never answers, closing its connection.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { TransportError } from '../../src/client/transport.ts';
import { undiciTransport } from '../../src/client/undici.ts';
import { listening, post, type Listening } from './transport-servers.ts';

const BODY = '{"order":1}';
let requests = 0;
const server = createServer((socket) => {
  let got = '';
  let seen = 0;
  socket.on('data', (chunk) => {
    got += chunk.toString('latin1');
    while (got.includes(BODY)) {
      const request = got.slice(0, got.indexOf(BODY) + BODY.length);
      got = got.slice(request.length);
      requests++;
      if (++seen === 1 && !request.startsWith('POST /never ')) socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}');
      else socket.destroy();
    }
  });
});
let target: Listening;
before(async () => { target = await listening(server); });
after(() => target.stop());

describe('a connection the target closes as a request crosses it, before any byte of an answer', () => {
  it('a kept one: the request goes once more on a fresh connection and is answered there', async () => {
    const t = undiciTransport(5_000);
    try {
      requests = 0;
      assert.equal((await t.send(post(target.url, BODY, { connection: 'kept' }))).status, 200);
      await sleep(100);
      const res = await t.send(post(target.url, BODY, { connection: 'kept' }));
      assert.equal(res.status, 200);
      assert.equal(res.reused, false, 'answered on the fresh connection');
      assert.equal(requests, 3, 'the closed request, and once more');
    } finally {
      await t.close();
    }
  });

  it('a new one: a transport error, and the request is not sent again', async () => {
    const t = undiciTransport(5_000);
    try {
      requests = 0;
      await assert.rejects(t.send(post(`${target.url}/never`, BODY)), (err: unknown) => err instanceof TransportError && /other side closed|ECONNRESET|socket/i.test(err.message));
      assert.equal(requests, 1);
    } finally {
      await t.close();
    }
  });
});
