// Issue 26: every framing of src/client/framing.ts puts the same body on the wire in its own
// form, and gets the same answer back. A node:http server records what each request looked like
// on arrival: the bytes its connection brought, in the reads they came in.
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { FRAMINGS, type Framing } from '../../src/client/framing.ts';
import { undiciTransport } from '../../src/client/undici.ts';
import { listening, post, type Listening } from './transport-servers.ts';

/** ë is the first multi-byte character: C3 AB. */
const BODY = '{"name":"Zoë Ångström","city":"Zürich"}';
const LEAD = Buffer.from(BODY).indexOf(0xc3);

interface Seen { version: string; headers: IncomingHttpHeaders; head: string; body: Buffer[]; early: boolean }
let seen: Seen[] = [];
const reads = new WeakMap<Socket, Buffer[]>();

/** A connection's reads since its last request: the request's head, and its body in the reads it came in. */
function arrived(socket: Socket): { head: string; body: Buffer[] } {
  const got = reads.get(socket) ?? [];
  reads.set(socket, []);
  const headEnd = Buffer.concat(got).indexOf('\r\n\r\n') + 4;
  const body: Buffer[] = [];
  let offset = 0;
  for (const read of got) {
    const from = Math.max(0, headEnd - offset);
    if (from < read.length) body.push(read.subarray(from));
    offset += read.length;
  }
  return { head: Buffer.concat(got).subarray(0, headEnd).toString('latin1'), body };
}

/** Sends the body back; `gate`, while closed, marks body bytes that came too early. */
function echo(req: IncomingMessage, res: ServerResponse, gate?: { open: boolean }): void {
  const body: Buffer[] = [];
  let early = false;
  req.on('data', (chunk: Buffer) => {
    body.push(chunk);
    if (gate && !gate.open) early = true;
  });
  req.on('end', () => {
    seen.push({ version: req.httpVersion, headers: req.headers, ...arrived(req.socket), early });
    res.writeHead(200, { 'content-type': req.headers['content-type'] ?? 'text/plain' }).end(Buffer.concat(body));
  });
}

const server = createServer((req, res) => echo(req, res));
server.on('connection', (socket: Socket) => {
  reads.set(socket, []);
  socket.on('data', (chunk: Buffer) => reads.get(socket)?.push(chunk));
});
let refusedBytes: Promise<Buffer> | undefined;
server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
  const mode = new URL(req.url!, 'http://x').searchParams.get('mode');
  if (mode === 'refuse') {
    // A final answer before the body: the client must not send it, and drops the connection.
    refusedBytes = new Promise((resolve) => req.socket.on('close', () => resolve(Buffer.concat(reads.get(req.socket) ?? []))));
    res.writeHead(417, { 'content-type': 'text/plain' }).end('no');
    return;
  }
  const gate = { open: false };
  echo(req, res, gate);
  if (mode === 'silent') return; // never sends 100: the client goes on after a while
  setTimeout(() => {
    gate.open = true;
    res.writeContinue();
  }, 100);
});

let target: Listening;
const transport = undiciTransport(10_000);
before(async () => { target = await listening(server); });
after(async () => {
  await transport.close();
  await target.stop();
});

async function send(framing: Framing, query = ''): Promise<{ body: string; seen: Seen; status: number }> {
  seen = [];
  const res = await transport.send(post(`${target.url}/v3/orders/change_receiver.json${query}`, BODY, { framing, connection: 'fresh' }));
  return { body: res.body, seen: seen[0]!, status: res.status };
}

/** The body of a chunked request as it must look on the wire, chunk by chunk. */
const chunkedWire = (chunks: Buffer[]): string => chunks.map((c) => `${c.length.toString(16)}\r\n${c.toString('latin1')}\r\n`).join('') + '0\r\n\r\n';
const bytes = Buffer.from(BODY);

describe('framings on the wire', () => {
  it('sends the same body and gets it back in every framing', async () => {
    for (const framing of FRAMINGS) assert.equal((await send(framing)).body, BODY, framing);
  });

  it('chunked: Transfer-Encoding: chunked and the body in one chunk, no Content-Length', async () => {
    const { seen: s } = await send('chunked');
    assert.match(s.head, /\r\ntransfer-encoding: chunked\r\n/i);
    assert.doesNotMatch(s.head, /content-length/i);
    assert.equal(Buffer.concat(s.body).toString('latin1'), chunkedWire([bytes]));
  });

  it('chunked-small: chunks of 7 bytes', async () => {
    const { seen: s } = await send('chunked-small');
    const sevens = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
    assert.equal(Buffer.concat(s.body).toString('latin1'), chunkedWire(sevens));
  });

  it('chunked-split-character: a chunk ends inside the first multi-byte character', async () => {
    const { seen: s } = await send('chunked-split-character');
    assert.equal(Buffer.concat(s.body).toString('latin1'), chunkedWire([bytes.subarray(0, LEAD + 1), bytes.subarray(LEAD + 1)]));
  });

  it('pieces: a Content-Length and the body arriving in three reads', async () => {
    const { seen: s } = await send('pieces');
    assert.equal(s.headers['content-length'], String(bytes.length));
    assert.equal(s.headers['transfer-encoding'], undefined);
    assert.ok(s.body.length >= 3, `the body came in ${s.body.length} reads`);
    assert.deepEqual(Buffer.concat(s.body), bytes);
  });

  it('pieces-split-character: two pieces, the first ending with the lead byte of a character', async () => {
    const { seen: s } = await send('pieces-split-character');
    assert.equal(s.headers['content-length'], String(bytes.length));
    assert.ok(s.body.length >= 2, `the body came in ${s.body.length} reads`);
    assert.deepEqual(s.body[0], bytes.subarray(0, LEAD + 1));
  });

  it('expect-continue: Expect and a Content-Length, the body only after the 100', async () => {
    const { seen: s, body } = await send('expect-continue');
    assert.equal(s.headers.expect, '100-continue');
    assert.equal(s.headers['content-length'], String(bytes.length));
    assert.equal(s.early, false);
    assert.equal(body, BODY);
  });

  it('expect-continue: goes on with the body when no 100 comes', async () => {
    assert.equal((await send('expect-continue', '?mode=silent')).body, BODY);
  });

  it('expect-continue: a final answer before the 100 is the answer, and the body is never sent', async () => {
    const { status, body } = await send('expect-continue', '?mode=refuse');
    assert.deepEqual([status, body], [417, 'no']);
    const wire = (await refusedBytes!).toString('latin1');
    assert.ok(wire.endsWith('\r\n\r\n'), `the server received ${JSON.stringify(wire)}`);
  });

  it('media-type-case and media-type-charset: the Content-Type in upper case, or with a charset', async () => {
    assert.equal((await send('media-type-case')).seen.headers['content-type'], 'APPLICATION/JSON');
    assert.equal((await send('media-type-charset')).seen.headers['content-type'], 'application/json; charset=utf-8');
  });

  it('http10: an HTTP/1.0 request line, Connection: close and a Content-Length', async () => {
    const { seen: s } = await send('http10');
    assert.equal(s.version, '1.0');
    assert.match(s.head, /^POST \/v3\/orders\/change_receiver\.json HTTP\/1\.0\r\n/);
    assert.deepEqual([s.headers.connection, s.headers['content-length']], ['close', String(bytes.length)]);
  });
});
