// Issue 29: an answer that breaks HTTP framing is the target's failure, told apart from the
// network's. A node:net server writes each answer's bytes as they are, after the request came whole.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { FramingError, guarded, masking, TransportError, type Transport } from '../../src/client/transport.ts';
import { undiciTransport } from '../../src/client/undici.ts';
import { listening, post, type Listening } from './transport-servers.ts';

const SECRET = 'sk-live-0123456789';

/** What the server answers, by the request's path. */
const ANSWERS: Record<string, string> = {
  '/both': `HTTP/1.1 200 OK\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\nX-Key: ${SECRET}\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
  '/not-http': 'HTTX/1.1 200 OK\r\n\r\n{}',
  '/chunked': 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
  '/longer': 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}abcdef',
  '/cut-close': 'HTTP/1.1 200 OK\r\nContent-Length: 10\r\nConnection: close\r\n\r\n{}',
  '/cut-kept': 'HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n{}',
  '/fine': 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
};
const BODY = '{"order":1}';

const server = createServer((socket) => {
  let got = '';
  socket.on('data', (chunk) => {
    got += chunk.toString('latin1');
    if (!got.endsWith(BODY)) return;
    const path = /^POST (\S+) /.exec(got)![1]!;
    socket.end(ANSWERS[path]);
  });
});
let target: Listening;
before(async () => { target = await listening(server); });
after(() => target.stop());

const send = (t: Transport, path: string, framing?: 'http10') => t.send(post(`${target.url}${path}`, BODY, framing ? { framing } : {}));

describe('an answer the parser refuses', () => {
  it('is a FramingError with the parser\'s code and the bytes it held, for Transfer-Encoding with Content-Length', async () => {
    const t = undiciTransport(5_000);
    await assert.rejects(send(t, '/both'), (err: unknown) => {
      assert.ok(err instanceof FramingError, String(err));
      assert.match(err.code, /^HPE_/);
      assert.match(err.message, /Transfer-Encoding can't be present with Content-Length/);
      assert.ok(err.raw?.startsWith('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n'), err.raw);
      return true;
    });
    await t.close();
  });

  it('is a FramingError for a status line that is not HTTP', async () => {
    const t = undiciTransport(5_000);
    await assert.rejects(send(t, '/not-http'), (err: unknown) => err instanceof FramingError && err.code === 'HPE_INVALID_CONSTANT' && err.raw === ANSWERS['/not-http']);
    await t.close();
  });

  it('stays a FramingError through masking, its code kept and its bytes masked', async () => {
    const t = undiciTransport(5_000);
    await assert.rejects(send(masking(t, (text) => text.replaceAll(SECRET, '***')), '/both'), (err: unknown) => {
      assert.ok(err instanceof FramingError);
      assert.match(err.code, /^HPE_/);
      assert.ok(err.raw?.includes('X-Key: ***') && !err.raw.includes(SECRET), err.raw);
      return true;
    });
    await t.close();
  });

  it('does not count toward the breaker: the target answered', async () => {
    const t = undiciTransport(5_000);
    const breaker = guarded(t);
    for (let i = 0; i < 4; i++) await assert.rejects(send(breaker, '/both'), FramingError);
    assert.equal((await send(breaker, '/fine')).status, 200);
    await t.close();
  });
});

describe('a body cut short by the connection', () => {
  it('is a plain transport error, on a connection the target said it would close or on a kept one', async () => {
    const t = undiciTransport(5_000);
    for (const path of ['/cut-close', '/cut-kept']) {
      await assert.rejects(send(t, path), (err: unknown) => err instanceof TransportError && !(err instanceof FramingError));
    }
    await t.close();
  });
});

describe('an answer to HTTP/1.0 that node:http reads but that breaks framing', () => {
  it('carrying Transfer-Encoding fails WIRE-HTTP10', async () => {
    const t = undiciTransport(5_000);
    const res = await send(t, '/chunked', 'http10');
    assert.equal(res.body, '{}');
    assert.equal(res.misframed?.rule, 'WIRE-HTTP10');
    assert.match(res.misframed!.problem, /Transfer-Encoding: chunked/);
    await t.close();
  });

  it('longer than its Content-Length fails WIRE-RESPONSE-FRAMING, naming both numbers', async () => {
    const t = undiciTransport(5_000);
    const res = await send(t, '/longer', 'http10');
    assert.deepEqual([res.body, res.misframed?.rule], ['{}', 'WIRE-RESPONSE-FRAMING']);
    assert.match(res.misframed!.problem, /Content-Length is 2 and 8 bytes came after its head/);
    assert.equal((await send(t, '/fine', 'http10')).misframed, undefined);
    await t.close();
  });
});
