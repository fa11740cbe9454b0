// The reference under what a client observes whoever's client sends it (issue 42,
// contract/standards-audit.yaml): it refuses an HTTP/1.0 request with Transfer-Encoding and closes
// its connection, answers 501 to a transfer coding it does not know, reads past chunk extensions, answers pipelined requests in order and HEAD with
// no content; each fault of reference/faults/observable.ts breaks the one it names.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addressPickupRequest, encode, useReference } from './helpers.ts';
import { pathOf, rawExchange, splitRaw } from './framings.ts';

const body = encode('json', addressPickupRequest({ search: 'Москва, ул. Тверская, д. 7' }));
const bytes = Buffer.from(body);
const path = pathOf('change_pickup', 'json');
const chunked = (ext: string): Buffer => Buffer.concat([Buffer.from(`${bytes.length.toString(16)}${ext}\r\n`), bytes, Buffer.from(`\r\n0${ext}\r\n\r\n`)]);

/** The request written as given, the client's side closed after it: every answer until the target closes. */
const exchange = (base: string, line: string, fields: string, sent: Buffer = bytes): Promise<Buffer> =>
  rawExchange(base, Buffer.concat([Buffer.from(`${line}\r\nHost: ${new URL(base).host}\r\nContent-Type: application/json\r\n${fields}\r\n`), sent]));
const post = (base: string, fields = `Content-Length: ${bytes.length}\r\n`, sent?: Buffer): Promise<Buffer> => exchange(base, `POST ${path} HTTP/1.1`, fields, sent);
const statusLines = (raw: Buffer): string[] => raw.toString('latin1').match(/HTTP\/1\.[01] \d{3}[^\r\n]*/g) ?? [];
/** A GET after the valid request, both in one write. */
const pipelined = (base: string): Buffer => Buffer.concat([Buffer.from(`POST ${path} HTTP/1.1\r\nHost: ${new URL(base).host}\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\n\r\n`), bytes, Buffer.from(`GET ${path} HTTP/1.1\r\nHost: ${new URL(base).host}\r\n\r\n`)]);

describe('the faithful reference', () => {
  const ref = useReference();

  it('refuses an HTTP/1.0 request with Transfer-Encoding, 400, and closes though it asked to keep the connection', async () => {
    const { statusLine, headers } = splitRaw(await exchange(ref.url, `POST ${path} HTTP/1.0`, 'Transfer-Encoding: chunked\r\nConnection: keep-alive\r\n', chunked('')));
    assert.match(statusLine, /^HTTP\/1\.1 400 /);
    assert.equal(headers.connection, 'close');
  });

  it('answers 501 and closes to a transfer coding it does not know before chunked, and 400 (Node\'s parser) to one after it', async () => {
    const unknown = splitRaw(await post(ref.url, 'Transfer-Encoding: ocs-unknown, chunked\r\n', chunked('')));
    assert.match(unknown.statusLine, /^HTTP\/1\.1 501 /);
    assert.equal(unknown.headers.connection, 'close');
    assert.match(splitRaw(await post(ref.url, 'Transfer-Encoding: chunked, ocs-unknown\r\n', chunked(''))).statusLine, /^HTTP\/1\.1 400 /);
  });

  it('serves a chunked body whose chunk-size lines carry extensions, and answers with a space after the status code', async () => {
    assert.match(splitRaw(await post(ref.url, 'Transfer-Encoding: chunked\r\n', chunked(';ocs-probe=1;ocs-note="a b"'))).statusLine, /^HTTP\/1\.1 200 OK$/);
  });

  it('answers pipelined requests in the order they came', async () => {
    assert.deepEqual(statusLines(await rawExchange(ref.url, pipelined(ref.url))).map((l) => l.slice(9, 12)), ['200', '405']);
  });

  it('answers HEAD with no content', async () => {
    const raw = await exchange(ref.url, `HEAD ${path} HTTP/1.1`, 'Connection: close\r\n', Buffer.alloc(0));
    assert.match(splitRaw(raw).statusLine, /^HTTP\/1\.1 405 /);
    assert.equal(splitRaw(raw).body.length, 0);
  });
});

/** `fault` answers as `sees` says, where the faithful reference does not. */
function breaks(fault: string, what: string, sees: (base: string) => Promise<void>): void {
  describe(fault, () => {
    const faulty = useReference({ fault });
    it(what, () => sees(faulty.url));
  });
}

breaks('chunk-extension-refused', 'refuses a chunk extension with 400', async (base) => {
  assert.match(splitRaw(await post(base, 'Transfer-Encoding: chunked\r\n', chunked(';ocs-probe=1'))).statusLine, /^HTTP\/1\.1 400 /);
});
breaks('pipelined-answered-last-first', 'answers pipelined requests last first', async (base) => {
  assert.deepEqual(statusLines(await rawExchange(base, pipelined(base))).map((l) => l.slice(9, 12)), ['405', '200']);
});
breaks('head-answered-with-content', 'sends content after the head of an answer to HEAD', async (base) => {
  assert.ok(splitRaw(await exchange(base, `HEAD ${path} HTTP/1.1`, 'Connection: close\r\n', Buffer.alloc(0))).body.length > 0);
});
breaks('padded-content-type-refused', 'refuses a Content-Type with whitespace around its value, 415', async (base) => {
  const raw = await rawExchange(base, Buffer.concat([Buffer.from(`POST ${path} HTTP/1.1\r\nHost: ${new URL(base).host}\r\nContent-Type:  \tapplication/json \t\r\nContent-Length: ${bytes.length}\r\n\r\n`), bytes]));
  assert.match(splitRaw(raw).statusLine, /^HTTP\/1\.1 415 /);
});
breaks('status-line-without-space', 'writes its status line without the space after the code', async (base) => {
  assert.equal(splitRaw(await post(base)).statusLine, 'HTTP/1.1 200');
});
