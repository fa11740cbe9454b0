// The reference past what Node's parser (llhttp) refuses first, where RFC 9110 and RFC 9112 ask a
// server to read the message or answer otherwise (issue 42, reference/parser-refusals.ts): 501 to a
// method it does not implement, HTTP/1.2 read as HTTP/1.1, bad whitespace around a chunk extension
// read past, and an explanation with every 4xx; over TLS too, where node:http's connection is the
// TLS socket's ('secureConnection'), which reference/raw-connection.ts hooks. The fault
// parser-refusals-as-node answers as node:http does by default.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createServer as createTlsServer, type TLSSocket } from 'node:tls';
import { after, before, describe, it } from 'node:test';
import { startReference } from '../../reference/server.ts';
import { addressPickupRequest, encode, FIXED, useReference } from './helpers.ts';
import { pathOf, rawExchange, splitRaw } from './framings.ts';

const body = encode('json', addressPickupRequest({ search: 'Москва, ул. Тверская, д. 7' }));
const bytes = Buffer.from(body);
const path = pathOf('change_pickup', 'json');
const chunked = (ext: string): Buffer => Buffer.concat([Buffer.from(`${bytes.length.toString(16)}${ext}\r\n`), bytes, Buffer.from(`\r\n0${ext}\r\n\r\n`)]);
/** The bad whitespace RFC 9112 7.1.1 allows around a chunk extension's `;` and `=`: spaces and a tab. */
const SPACED = ' ;\tocs-probe = 1 ; ocs-note =\t"a b"';

const head = (base: string, line: string, fields: string): string => `${line}\r\nHost: ${new URL(base).host}\r\nContent-Type: application/json\r\n${fields}\r\n`;
const message = (base: string, line: string, fields = `Content-Length: ${bytes.length}\r\n`, sent: Buffer = bytes): Buffer =>
  Buffer.concat([Buffer.from(head(base, line, fields), 'latin1'), sent]);
const statusLines = (raw: Buffer): string[] => raw.toString('latin1').match(/HTTP\/1\.[01] \d{3}[^\r\n]*/g) ?? [];
const statusOf = (raw: Buffer): number => Number(splitRaw(raw).statusLine.slice(9, 12));

/** The messages llhttp refuses, each with what the faithful reference answers: a status, and a pattern its content matches. */
const READ_PAST: [string, (base: string) => Buffer, number, RegExp][] = [
  ['a method it does not know', (b) => message(b, `OCSPROBE ${path} HTTP/1.1`, ''), 501, /^501 Not Implemented: the method OCSPROBE is not one this server implements/],
  ['a method longer than any it implements', (b) => message(b, `${'OCSPROBE'.repeat(7)} ${path} HTTP/1.1`, ''), 501, /^501 Not Implemented: the method (OCSPROBE){7} /],
  ['HTTP/1.2', (b) => message(b, `POST ${path} HTTP/1.2`), 200, /"success"|<state>success</],
  ['bad whitespace around a chunk extension\'s ; and =', (b) => message(b, `POST ${path} HTTP/1.1`, 'Transfer-Encoding: chunked\r\n', chunked(SPACED)), 200, /success/],
];

describe('the faithful reference, where llhttp refuses first', () => {
  const ref = useReference();

  for (const [what, sent, status, content] of READ_PAST) {
    it(`answers ${what} ${status}`, async () => {
      const { statusLine, body: got } = splitRaw(await rawExchange(ref.url, sent(ref.url)));
      assert.equal(Number(statusLine.slice(9, 12)), status, statusLine);
      assert.match(got.toString(), content);
    });
  }

  it('answers a request pipelined behind another in HTTP/1.2 after the other\'s answer, in order', async () => {
    const raw = await rawExchange(ref.url, Buffer.concat([message(ref.url, `POST ${path} HTTP/1.1`), message(ref.url, `OCSPROBE ${path} HTTP/1.2`, '')]));
    assert.deepEqual(statusLines(raw).map((l) => l.slice(9, 12)), ['200', '501']);
    const again = await rawExchange(ref.url, Buffer.concat([message(ref.url, `POST ${path} HTTP/1.1`), message(ref.url, `POST ${path} HTTP/1.2`, `Content-Length: ${bytes.length}\r\nConnection: close\r\n`)]));
    assert.deepEqual(statusLines(again).map((l) => l.slice(9, 12)), ['200', '200']);
  });

  it('answers 505 to a major version other than 1, and HEAD with no content', async () => {
    const v3 = splitRaw(await rawExchange(ref.url, message(ref.url, `POST ${path} HTTP/3.1`)));
    assert.match(v3.statusLine, /^HTTP\/1\.1 505 /);
    assert.match(v3.body.toString(), /HTTP\/3\.1 is not a version this server speaks/);
    // RFC 9110 6.6.1: an origin server with a clock sends Date in a 4xx and 5xx it writes itself too.
    assert.ok(Math.abs(Date.parse(v3.headers.date ?? '') - Date.now()) < 60_000, `a Date of now: ${v3.headers.date}`);
    const asHead = splitRaw(await rawExchange(ref.url, message(ref.url, `HEAD ${path} HTTP/3.1`, '', Buffer.alloc(0))));
    assert.match(asHead.statusLine, /^HTTP\/1\.1 505 /);
    assert.equal(asHead.body.length, 0);
  });

  it('explains what it cannot read (RFC 9110 15.5), and closes: a field line without a colon, a chunk-size that is no number, a header section too large', async () => {
    const refusals: [Buffer, number, RegExp][] = [
      [message(ref.url, `POST ${path} HTTP/1.1`, `Content-Length: ${bytes.length}\r\nX-OCS-Probe no colon\r\n`), 400, /^400 Bad Request: the message is not HTTP\/1\.1 this server can read \(Invalid header token\)\. The condition is permanent/],
      [message(ref.url, `POST ${path} HTTP/1.1`, 'Transfer-Encoding: chunked\r\n', Buffer.from('zz\r\nab\r\n0\r\n\r\n')), 400, /^400 Bad Request: .*chunk size/],
      [message(ref.url, `POST ${path} HTTP/1.1`, `X-OCS-Padding: ${'a'.repeat(32 * 1024)}\r\nContent-Length: ${bytes.length}\r\n`), 431, /^431 Request Header Fields Too Large: /],
    ];
    for (const [sent, status, content] of refusals) {
      const { statusLine, headers, body: got } = splitRaw(await rawExchange(ref.url, sent));
      assert.equal(Number(statusLine.slice(9, 12)), status, statusLine);
      assert.equal(headers.connection, 'close');
      assert.equal(headers['content-type'], 'text/plain; charset=utf-8');
      assert.equal(Number(headers['content-length']), got.length);
      assert.match(got.toString(), content);
    }
  });
});

describe('parser-refusals-as-node', () => {
  const faulty = useReference({ fault: 'parser-refusals-as-node' });

  it('answers each as node:http does by default: a bare 400, and the connection closed', async () => {
    for (const [what, sent] of READ_PAST) {
      const raw = await rawExchange(faulty.url, sent(faulty.url));
      assert.equal(raw.toString('latin1'), 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n', what);
    }
  });
});

describe('over TLS (node:https: the connection node:http reads is the TLS socket)', () => {
  const file = (name: string): Buffer => readFileSync(join(import.meta.dirname, '..', 'https', name));
  const refs: Record<string, Awaited<ReturnType<typeof startReference>>> = {};
  before(async () => {
    for (const fault of [undefined, 'chunk-extension-refused']) refs[fault ?? 'faithful'] = await startReference({ fault, now: () => FIXED, tls: { cert: file('self-signed.crt'), key: file('self-signed.key') } });
  });
  after(() => Promise.all(Object.values(refs).map((r) => r.close())));
  /** The bytes written on a TLS connection, its side closed after them: every answer until the server closes. */
  const tlsExchange = (base: string, sent: Buffer): Promise<Buffer> => rawExchange(base, sent, { tls: true });

  it('reads HTTP/1.2 as HTTP/1.1 and past bad whitespace, answers 501 to a method it does not know', async () => {
    const ref = refs.faithful!;
    for (const [what, sent, status] of READ_PAST) assert.equal(statusOf(await tlsExchange(ref.url, sent(ref.url))), status, what);
  });

  it('fails an exchange the server never closes, instead of hanging the test', async () => {
    // A TLS server that reads and never answers nor closes, as a regression keeping the connection would.
    const held: TLSSocket[] = [];
    const silent = createTlsServer({ cert: file('self-signed.crt'), key: file('self-signed.key'), allowHalfOpen: true }, (socket) => held.push(socket.resume()));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      await assert.rejects(rawExchange(`https://127.0.0.1:${port}`, message('https://127.0.0.1', `POST ${path} HTTP/1.1`), { tls: true, timeoutMs: 300 }), /did not close the connection within 300 ms/);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('hands a fault that reads the connection\'s bytes (chunk-extension-refused) the plaintext, not the ciphertext', async () => {
    const ref = refs['chunk-extension-refused']!;
    assert.equal(statusOf(await tlsExchange(ref.url, message(ref.url, `POST ${path} HTTP/1.1`, 'Transfer-Encoding: chunked\r\n', chunked(';ocs-probe=1')))), 400);
    assert.equal(statusOf(await tlsExchange(ref.url, message(ref.url, `POST ${path} HTTP/1.1`, 'Transfer-Encoding: chunked\r\n', chunked('')))), 200, 'a chunked body without extensions is served');
  });
});
