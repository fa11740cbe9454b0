// Issue 33: 1xx answers before the final one (RFC 9110 section 15.2) are read past on every send
// path, 100 and 103 alike, asked for or not, and kept in the answer's evidence. A node:http server
// reads each request; the 1xx heads are written on its socket as raw bytes before the answer.
import assert from 'node:assert/strict';
import { createServer, type ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { beginning, pastInformational, type Awaiting } from '../../src/client/informational.ts';
import type { Framing } from '../../src/client/framing.ts';
import { undiciTransport } from '../../src/client/undici.ts';
import { listening, post, type Listening } from './transport-servers.ts';

const BODY = '{"order":1}';
const HINTS = 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n';
const FINAL = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Type: application/json\r\n\r\n{}';

/**
 * By path: `/hints` writes both heads and the answer at once; `/apart` writes the heads a byte at
 * a time, then the answer; `/late` writes the heads, then the answer 50 ms later; `/silent` writes
 * the heads and never the answer.
 */
function answer(res: ServerResponse, path: string): void {
  const socket = res.socket!;
  const finish = (): void => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  };
  if (path === '/apart') {
    const bytes = Buffer.from(HINTS);
    let at = 0;
    const drip = (): void => {
      if (at < bytes.length) {
        socket.write(bytes.subarray(at, ++at));
        setTimeout(drip, 1);
      } else finish();
    };
    drip();
    return;
  }
  socket.write(HINTS);
  if (path === '/silent') return;
  if (path === '/late') setTimeout(finish, 50);
  else finish();
}

// No 100 of node's own to an Expect request: the server's heads are the test's.
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => answer(res, req.url!));
}).on('checkContinue', (req, res) => server.emit('request', req, res));
let target: Listening;
before(async () => { target = await listening(server); });
after(() => target.stop());

const send = (t: ReturnType<typeof undiciTransport>, path: string, more: { framing?: Framing; connection?: string } = {}) => t.send(post(`${target.url}${path}`, BODY, more));

describe('1xx answers before the final one', () => {
  it('are read past by undici, kept in the answer, and the connection is kept for the next request', async () => {
    const t = undiciTransport(5_000);
    try {
      for (let i = 0; i < 3; i++) {
        const res = await send(t, '/hints', { connection: 'one' });
        assert.equal(res.status, 200);
        assert.equal(res.body, '{}');
        assert.deepEqual(res.informational, ['HTTP/1.1 100 Continue', 'HTTP/1.1 103 Early Hints\nLink: </a.css>; rel=preload']);
        assert.equal(res.reused, i > 0, 'the same connection carries the next request');
      }
    } finally {
      await t.close();
    }
  });

  it('are read past when they arrive a byte at a time, and in every framing undici sends', async () => {
    const t = undiciTransport(5_000);
    try {
      for (const framing of [undefined, 'chunked', 'chunked-small', 'pieces'] as const) {
        const res = await send(t, '/apart', framing ? { framing } : {});
        assert.equal(res.status, 200, String(framing));
        assert.equal(res.informational?.length, 2, String(framing));
      }
    } finally {
      await t.close();
    }
  });

  it('are read past over node:http (Expect: 100-continue and HTTP/1.0), with no framing problem made of them', async () => {
    const t = undiciTransport(5_000);
    try {
      for (const framing of ['expect-continue', 'http10'] as const) {
        const res = await send(t, '/hints', { framing });
        assert.equal(res.status, 200, framing);
        assert.equal(res.misframed, undefined, `${framing}: ${res.misframed?.problem}`);
        assert.deepEqual(res.informational?.map((h) => h.split('\n')[0]), ['HTTP/1.1 100 Continue', 'HTTP/1.1 103 Early Hints'], framing);
      }
    } finally {
      await t.close();
    }
  });

  it('are not the answer\'s first byte: its time is the final head\'s', async () => {
    const t = undiciTransport(5_000);
    try {
      const res = await send(t, '/late');
      assert.ok(res.firstByteMs! >= 45, `first byte after ${res.firstByteMs} ms, the final head 50 ms after the 1xx`);
    } finally {
      await t.close();
    }
  });

  it('do not answer a request: 1xx heads and no final answer run into the time limit', async () => {
    const t = undiciTransport(400);
    try {
      await assert.rejects(send(t, '/silent'), /no response within 400 ms/);
    } finally {
      await t.close();
    }
  });
});

describe('telling a 1xx head at the start of an answer', () => {
  it('tells a final head, a 1xx head (never 101), and too few bytes to know', () => {
    assert.equal(beginning(Buffer.from('HTTP/1.1 200 OK\r\n')), 'final');
    assert.equal(beginning(Buffer.from('HTTP/1.1 101 Switching Protocols\r\n\r\n')), 'final');
    assert.equal(beginning(Buffer.from('HTX')), 'final');
    assert.equal(beginning(Buffer.from('HTTP/1.1 1')), 'more');
    assert.equal(beginning(Buffer.from('HTTP/1.1 103 Early Hints\r\nLink: <x>')), 'more');
    assert.deepEqual(beginning(Buffer.from('HTTP/1.1 100\r\n\r\nHTTP/1.1 200 OK')), { end: 16 });
  });

  it('holds a head cut anywhere until it is whole, then gives the bytes after it', () => {
    const bytes = Buffer.from(HINTS + FINAL);
    for (let cut = 1; cut < HINTS.length + 5; cut++) {
      const state: Awaiting = { expecting: true, heads: [] };
      const first = pastInformational(state, bytes.subarray(0, cut));
      const rest = pastInformational(state, bytes.subarray(cut));
      assert.equal(Buffer.concat([first ?? Buffer.alloc(0), rest ?? Buffer.alloc(0)]).toString('latin1'), FINAL, `cut at ${cut}`);
      assert.equal(state.heads.length, 2, `cut at ${cut}`);
      assert.equal(state.expecting, false);
    }
  });
});
