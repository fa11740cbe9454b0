// The messages of src/client/message-kinds.ts as they go on the wire (src/client/messages.ts): the
// profile's request, changed in one way in its head, read back by a node:net server that records
// the bytes each connection brought; and what the sender tells of how the target left the
// connection after its answer: closed, kept, answering the request sent again, or closed unanswered.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { CONTRACT_DIR } from '../../src/contract/load.ts';
import { CUT_SHORT_BYTES, HUGE_FIELD_BYTES, LONG_METHOD, MESSAGES, type MessageKind } from '../../src/client/message-kinds.ts';
import { sendMessage } from '../../src/client/messages.ts';
import { listening, post, type Listening } from './transport-servers.ts';

const BODY = '{"orderID":"26-0000101","name":"Анна"}';
const bytes = Buffer.byteLength(BODY);

/** How the server answers a connection: the answer it writes once a head came, and what it does then. */
type Way = 'close' | 'keep' | 'answer-again' | 'hang-up' | 'say-close-keep' | 'continue-first';
let way: Way = 'close';
/** What each connection brought, in the order they came: the nth send's is the nth. */
const connections: Promise<string>[] = [];

const ANSWER = 'HTTP/1.1 400 Bad Request\r\nContent-Length: 2\r\n';
const server = createServer((socket: Socket) => {
  let arrive!: (raw: string) => void;
  connections.push(new Promise((resolve) => { arrive = resolve; }));
  const chunks: Buffer[] = [];
  let answered = 0;
  const raw = (): string => Buffer.concat(chunks).toString('latin1');
  socket.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    if (!raw().includes('\r\n\r\n')) return;
    if (way === 'hang-up') return void socket.destroy();
    if (answered++ && way !== 'answer-again' && way !== 'say-close-keep') return;
    const close = way === 'close' || way === 'say-close-keep' || way === 'continue-first';
    socket.write(`${way === 'continue-first' ? 'HTTP/1.1 100 Continue\r\n\r\n' : ''}${ANSWER}${close ? 'Connection: close\r\n' : ''}\r\nno`);
    if (way === 'close' || way === 'continue-first') socket.end();
  });
  socket.on('end', () => arrive(raw()));
  socket.on('close', () => arrive(raw()));
});
let target: Listening;
before(async () => { target = await listening(server); });
after(() => target.stop());

async function send(message: MessageKind, w: Way = 'close', timeoutMs = 2_000) {
  way = w;
  const nth = connections.length;
  const res = await sendMessage({ ...post(`${target.url}/v3/orders/change_receiver.json`, BODY), message }, { timeoutMs, maxBytes: 1 << 20 }).response;
  return { res, raw: await connections[nth]! };
}
const head = (raw: string): string => raw.slice(0, raw.indexOf('\r\n\r\n') + 2);

describe('messages on the wire', () => {
  it('names in the scenario schema exactly the messages there are', () => {
    const schema = JSON.parse(readFileSync(join(CONTRACT_DIR, 'schemas', 'scenario.schema.json'), 'utf8')) as { $defs: Record<string, { properties?: Record<string, { enum?: string[] }> }> };
    const named = Object.values(schema.$defs).flatMap((d) => d.properties?.message?.enum ?? []);
    assert.deepEqual(named, [...MESSAGES]);
  });

  it('changes the head as each message says, and sends the body', async () => {
    const heads: Partial<Record<MessageKind, (h: string, raw: string) => void>> = {
      'no-host': (h) => assert.doesNotMatch(h, /\r\nhost:/i),
      'two-hosts': (h) => assert.equal(h.match(/\r\nhost: /gi)?.length, 2),
      'invalid-host': (h) => assert.match(h, /\r\nHost: 127\.0\.0\.1:\d+\/v3\r\n/),
      'space-before-colon': (h) => assert.match(h, /\r\nContent-Type : application\/json\r\n/),
      'content-length-twice': (h) => assert.deepEqual(h.match(/content-length: \d+/gi), [`content-length: ${bytes}`, `Content-Length: ${bytes + 1}`]),
      'transfer-encoding-gzip': (h) => { assert.match(h, /\r\nTransfer-Encoding: gzip\r\n/); assert.doesNotMatch(h, /content-length/i); },
      'connection-close': (h) => assert.match(h, /\r\nConnection: close\r\n/),
      'body-cut-short': (h) => assert.match(h, new RegExp(`\\r\\nContent-Length: ${bytes + CUT_SHORT_BYTES}\\r\\n`)),
      'other-method': (h, raw) => { assert.match(h, /^GET \/v3\/orders\/change_receiver\.json HTTP\/1\.1/); assert.equal(raw.slice(h.length + 2), ''); },
      'huge-header': (h) => assert.equal(/\r\nx-ocs-padding: (a+)\r\n/.exec(h)?.[1]?.length, HUGE_FIELD_BYTES),
      'chunk-extension': (h, raw) => {
        assert.match(h, /\r\nTransfer-Encoding: chunked\r\n/);
        assert.doesNotMatch(h, /content-length/i);
        assert.equal(raw.slice(h.length + 2), `${bytes.toString(16)};ocs-probe=1;ocs-note="a b"\r\n${Buffer.from(BODY).toString('latin1')}\r\n0;ocs-probe=1;ocs-note="a b"\r\n\r\n`);
      },
      'http10-transfer-encoding': (h) => { assert.match(h, /^POST \S+ HTTP\/1\.0\r\n/); assert.match(h, /\r\nTransfer-Encoding: chunked\r\nConnection: keep-alive\r\n/); },
      'pipelined': (h, raw) => { assert.match(h, /^POST /); assert.ok(raw.endsWith(`${Buffer.from(BODY).toString('latin1')}GET /v3/orders/change_receiver.json HTTP/1.1\r\nHost: ${new URL(target.url).host}\r\nConnection: keep-alive\r\n\r\n`)); },
      'head': (h, raw) => { assert.match(h, /^HEAD \/v3\/orders\/change_receiver\.json HTTP\/1\.1\r\n/); assert.match(h, /\r\nConnection: close\r\n/); assert.equal(raw.slice(h.length + 2), ''); },
      'safe-method-with-body': (h) => assert.match(h, new RegExp(`^GET \\S+ HTTP/1\\.1\\r\\n[^]*\\r\\nContent-Length: ${bytes}\\r\\n`)),
      'absolute-form-other-host': (h) => { assert.match(h, new RegExp(`^POST ${target.url}/v3/orders/change_receiver\\.json HTTP/1\\.1\\r\\n`)); assert.match(h, /\r\nHost: ocs-probe\.invalid\r\n/); },
      'leading-empty-line': (h) => assert.match(h, /^\r\nPOST \/v3\//),
      'close-in-list': (h) => assert.match(h, /\r\nConnection: , close,\r\n/),
      'padded-field-value': (h) => assert.match(h, /\r\nContent-Type: {2}\tapplication\/json \t\r\n/),
      'close-announced': (h) => assert.match(h, /\r\nconnection: keep-alive\r\n/i),
      'status-line': (h) => assert.match(h, /^POST \/v3\/orders\/change_receiver\.json HTTP\/1\.1\r\n/),
      'kept-alive': (h) => assert.match(h, /\r\nconnection: keep-alive\r\n/i),
      'transfer-encoding-unknown': (h) => { assert.match(h, /\r\nTransfer-Encoding: ocs-unknown, chunked\r\n/); assert.doesNotMatch(h, /content-length/i); },
      'quoted-charset': (h) => assert.match(h, /\r\nContent-Type: application\/json; charset="utf\\-8"\r\n/),
      'connect-empty-port': (h, raw) => { assert.equal(h, 'CONNECT 127.0.0.1: HTTP/1.1\r\nHost: 127.0.0.1:\r\n'); assert.equal(raw.slice(h.length + 2), ''); },
      'options': (h, raw) => { assert.match(h, /^OPTIONS \/v3\/orders\/change_receiver\.json HTTP\/1\.1\r\n/); assert.equal(raw.slice(h.length + 2), ''); },
      'delete-with-body': (h) => assert.match(h, new RegExp(`^DELETE \\S+ HTTP/1\\.1\\r\\n[^]*\\r\\nContent-Length: ${bytes}\\r\\n`)),
      'unallowed-method': (h, raw) => { assert.match(h, /^GET \/v3\/orders\/change_receiver\.json HTTP\/1\.1\r\n/); assert.equal(raw.slice(h.length + 2), ''); },
      'head-fields': (h, raw) => { assert.match(h, /^HEAD \/v3\/orders\/change_receiver\.json HTTP\/1\.1\r\n/); assert.equal(raw.slice(h.length + 2), ''); },
      'head-length': (h, raw) => { assert.match(h, /^HEAD \/v3\/orders\/change_receiver\.json HTTP\/1\.1\r\n/); assert.equal(raw.slice(h.length + 2), ''); },
      'accept-encoding-unknown': (h) => assert.deepEqual(h.match(/\r\naccept-encoding: [^\r\n]*/gi), ['\r\nAccept-Encoding: ocs-unknown']),
      'unknown-method': (h, raw) => { assert.match(h, /^OCSPROBE \/v3\/orders\/change_receiver\.json HTTP\/1\.1\r\n/); assert.equal(raw.slice(h.length + 2), ''); },
      'long-method': (h, raw) => {
        assert.ok(h.startsWith(`${LONG_METHOD} /v3/orders/change_receiver.json HTTP/1.1\r\n`));
        assert.ok(LONG_METHOD.length > 'UPDATEREDIRECTREF'.length && /^[A-Z-]+$/.test(LONG_METHOD), 'a token longer than any registered method');
        assert.equal(raw.slice(h.length + 2), '');
      },
      'http12': (h) => assert.match(h, new RegExp(`^POST /v3/orders/change_receiver\\.json HTTP/1\\.2\\r\\n[^]*\\r\\nContent-Length: ${bytes}\\r\\n`)),
      'chunk-extension-whitespace': (h, raw) => {
        assert.match(h, /\r\nTransfer-Encoding: chunked\r\n/);
        const ext = ' ;\tocs-probe = 1 ; ocs-note =\t"a b"';
        assert.equal(raw.slice(h.length + 2), `${bytes.toString(16)}${ext}\r\n${Buffer.from(BODY).toString('latin1')}\r\n0${ext}\r\n\r\n`);
      },
      'field-without-colon': (h) => { assert.match(h, /\r\nX-OCS-Probe no colon\r\n/); assert.match(h, new RegExp(`\\r\\nContent-Length: ${bytes}\\r\\n`)); },
    };
    const bodiless: ReadonlySet<MessageKind> = new Set(['other-method', 'head', 'chunk-extension', 'http10-transfer-encoding', 'pipelined',
      'transfer-encoding-unknown', 'connect-empty-port', 'options', 'unallowed-method', 'head-fields', 'head-length',
      'unknown-method', 'long-method', 'chunk-extension-whitespace']);
    for (const message of MESSAGES) {
      const { raw } = await send(message);
      heads[message]!(head(raw), raw);
      if (!bodiless.has(message)) assert.ok(Buffer.from(raw, 'latin1').subarray(-bytes).equals(Buffer.from(BODY)), `${message}: the body follows the head`);
    }
  });

  it('waits for the close an answer says, and for the one a message needs', async () => {
    const closed = { answered: true, closed: true, laterBytes: 0, saidClose: true, statusLine: 'HTTP/1.1 400 Bad Request', afterHead: 2 };
    assert.deepEqual((await send('content-length-twice', 'close')).res.afterAnswer, closed);
    assert.deepEqual((await send('content-length-twice', 'keep', 300)).res.afterAnswer, { ...closed, closed: false, saidClose: false });
    assert.deepEqual((await send('huge-header', 'keep', 300)).res.afterAnswer, { ...closed, closed: false, saidClose: false }, 'no close said, none needed: not waited for');
  });

  it('reads the status line and counts the content of the final answer, past a 1xx before it', async () => {
    const { res } = await send('head', 'continue-first');
    assert.equal(res.afterAnswer?.statusLine, 'HTTP/1.1 400 Bad Request');
    assert.equal(res.afterAnswer?.afterHead, 2, 'the two bytes of content after the head of an answer to HEAD');
  });

  it('writes the request again after an answer that says close, and counts what comes back', async () => {
    const { res } = await send('close-announced', 'say-close-keep');
    assert.equal(res.afterAnswer?.closed, false);
    assert.ok((res.afterAnswer?.laterBytes ?? 0) > 0);
  });

  it('writes the request again after Connection: close, and counts what comes back', async () => {
    const { res } = await send('connection-close', 'answer-again');
    assert.equal(res.afterAnswer?.closed, false);
    assert.ok((res.afterAnswer?.laterBytes ?? 0) > 0);
  });

  it('tells a connection closed with no answer from a transport error', async () => {
    const { res } = await send('body-cut-short', 'hang-up');
    assert.deepEqual(res.afterAnswer, { answered: false, closed: true, laterBytes: 0 });
    const refused = sendMessage({ ...post('http://127.0.0.1:1/v3/orders/change_receiver.json', BODY), message: 'no-host' }, { timeoutMs: 2_000, maxBytes: 1 << 20 }).response;
    await assert.rejects(refused, /ECONNREFUSED/);
  });
});
