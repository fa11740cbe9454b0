// src/client/undici.ts reads a response body up to a cap: a target that answers with
// megabytes costs the run an error for that request, not its memory.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { TransportError } from '../../src/client/transport.ts';
import { decodeBody, undiciTransport } from '../../src/client/undici.ts';

const server = createServer((req, res) => {
  const size = Number(new URL(req.url!, 'http://x').searchParams.get('bytes'));
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
