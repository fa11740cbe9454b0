// src/client/undici.ts reads a response body up to a cap: a target that answers with
// megabytes costs the run an error for that request, not its memory.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { TransportError } from '../../src/client/transport.ts';
import { decodeBody } from '../../src/client/decode.ts';
import { undiciTransport } from '../../src/client/undici.ts';

const server = createServer((req, res) => {
  const query = new URL(req.url!, 'http://x').searchParams;
  const mode = query.get('mode');
  if (mode === 'hang') return; // never answers
  if (mode === 'drip') {
    // The headers at once, then a byte now and then, never the end.
    res.writeHead(200, { 'content-type': 'application/json' });
    const timer = setInterval(() => res.write(' '), 50);
    res.on('close', () => clearInterval(timer));
    return;
  }
  if (mode === 'headers') {
    res.writeEarlyHints({ link: '</a.css>; rel=preload' });
    res.setHeader('x-twice', ['a', 'b']);
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
    return;
  }
  if (mode === 'echo') {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => res.end(Buffer.concat(chunks)));
    return;
  }
  const size = Number(query.get('bytes'));
  res.writeHead(200, { 'content-type': 'application/json' });
  // Sent in pieces without a length, as a body that never says how long it is.
  for (let sent = 0; sent < size; sent += 64 * 1024) res.write('x'.repeat(Math.min(64 * 1024, size - sent)));
  res.end();
});
let url = '';
before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (bytes: number) => ({ method: 'POST', url: `${url}/?bytes=${bytes}`, headers: {}, body: '{}' });

describe('undiciTransport', () => {
  it('reads a body up to its cap whole', async () => {
    const t = undiciTransport(5_000, 256 * 1024);
    const res = await t.send(get(256 * 1024));
    assert.equal(res.body.length, 256 * 1024);
    await t.close();
  });

  it('refuses a body past its cap with a transport error that names the profile key and keeps only the head for the evidence', async () => {
    const t = undiciTransport(5_000, 256 * 1024);
    await assert.rejects(t.send(get(8 * 1024 * 1024)), (err: unknown) => {
      assert.ok(err instanceof TransportError);
      assert.match(err.message, /over 262144 bytes \(profile http\.maxResponseBytes raises the cap\)/);
      assert.equal(err.response?.status, 200);
      assert.ok(err.response!.body.length < 70 * 1024, `the kept head is ${err.response!.body.length} characters`);
      assert.match(err.response!.body, /… \(cut: the first 65536 bytes of a body over 262144 bytes\)$/);
      return true;
    });
    await t.close();
  });
});

describe('undiciTransport, a target that misbehaves or answers oddly', { timeout: 10_000 }, () => {
  const at = (mode: string, body: string | Uint8Array = '{}') =>
    ({ method: 'POST', url: `${url}/?mode=${mode}`, headers: {}, body: typeof body === 'string' ? body : '', ...(typeof body === 'string' ? {} : { bytes: body }) });

  it('gives up on a target that never answers on a new connection after its time limit, sending it once', async () => {
    const t = undiciTransport(300);
    await assert.rejects(t.send(at('hang')), (err: unknown) => err instanceof TransportError && err.message === 'no response within 300 ms');
    await t.destroy();
  });

  it('counts the body in the time limit: headers at once and a body that never ends are cut off too', async () => {
    const t = undiciTransport(400);
    await assert.rejects(t.send(at('drip')), (err: unknown) => err instanceof TransportError && err.message === 'no response within 400 ms');
    await t.destroy();
  });

  it('names a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const t = undiciTransport(2_000);
    await assert.rejects(t.send({ method: 'POST', url: `http://127.0.0.1:${port}/`, headers: {}, body: '{}' }), (err: unknown) => err instanceof TransportError && /ECONNREFUSED/.test(err.message));
    await t.close();
  });

  it('returns the final answer after a 1xx, with a repeated header joined as HTTP joins it', async () => {
    const t = undiciTransport(2_000);
    const res = await t.send(at('headers'));
    assert.deepEqual([res.status, res.headers['x-twice'], res.body], [201, 'a, b', '{"ok":true}']);
    await t.close();
  });

  it('sends bytes that are not UTF-8 as they are, and keeps the connection usable after a body it cut', async () => {
    const t = undiciTransport(5_000, 256 * 1024);
    await assert.rejects(t.send(get(8 * 1024 * 1024)), TransportError);
    const latin1 = Uint8Array.from([0x7b, 0x80, 0x7d]); // a lone continuation byte
    const res = await t.send(at('echo', latin1));
    assert.deepEqual(Buffer.from(res.body, 'latin1').subarray(0, 1), Buffer.from('{'));
    assert.match(res.encoding!, /not valid UTF-8: the first bad byte is at offset 1/);
    await t.close();
  });
});

describe('decodeBody', () => {
  it('reads UTF-8 by default and names the first byte that is not', () => {
    assert.deepEqual(decodeBody(Buffer.from('{"a":"é"}')), { body: '{"a":"é"}' });
    const bad = decodeBody(Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff]), Buffer.from('"}')]), 'application/json');
    assert.equal(bad.body, '{"a":"\ufffd"}');
    assert.equal(bad.encoding, 'the body is not valid UTF-8: the first bad byte is at offset 6');
  });

  it('reads the charset the Content-Type or the XML declaration names, and says when the bytes are not in it', () => {
    const cp1251 = Buffer.from([0x3c, 0x61, 0x3e, 0xcf, 0xf0, 0x3c, 0x2f, 0x61, 0x3e]); // <a>Пр</a>
    assert.deepEqual(decodeBody(cp1251, 'application/xml; charset=windows-1251'), { body: '<a>Пр</a>' });
    const declared = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="windows-1251"?>'), cp1251]);
    assert.equal(decodeBody(declared, 'application/xml').body.endsWith('<a>Пр</a>'), true);
    // 0xCF opens a two-byte sequence; 0xF0, at offset 4, cannot continue it.
    assert.match(decodeBody(cp1251, 'application/xml; charset=utf-8').encoding!, /not valid UTF-8 \(the charset it declares\): the first bad byte is at offset 4/);
    assert.match(decodeBody(Buffer.from('{}'), 'application/json; charset=x-nonsense').encoding!, /declares charset x-nonsense, which is no known encoding/);
  });
});
