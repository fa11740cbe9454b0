// The same request sent in each HTTP framing a client may use (DESIGN principle 11), and read
// back with a real parser: node:http's client where it can frame the request, raw bytes over
// node:net for HTTP/1.0, which no Node client sends. Kept-alive connections are undici Clients.
// The framings are the harness's (src/client/framing.ts), so none goes untried on the
// reference; the sender is this file's own, so the reference is not judged by the code it judges.
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'undici';
import { HEADER_SETS, headerSet, type HeaderSetName } from '../../src/client/client-headers.ts';
import { FRAMINGS as HARNESS_FRAMINGS } from '../../src/client/framing.ts';
import type { Format, Op } from './requests.ts';

export interface Answer { status: number; headers: IncomingHttpHeaders; text: string }

export const FRAMINGS = ['plain', ...HARNESS_FRAMINGS] as const;
export type Framing = (typeof FRAMINGS)[number];

export const pathOf = (op: Op, format: Format): string => `/v3/orders/${op}.${format}`;

/** Where the first multi-byte character of `bytes` is cut in two. */
export function insideCharacter(bytes: Buffer): number {
  const at = bytes.findIndex((b) => b >= 0x80);
  if (at === -1) throw new Error('the body holds no multi-byte character to split');
  return at + 1;
}

const slices = (bytes: Buffer, size: number): Buffer[] =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));

/** The pieces each framing writes, and how long it pauses before each but the first. */
function piecesOf(framing: Framing, bytes: Buffer): { pieces: Buffer[]; pauseMs: number } {
  const cut = (at: number): Buffer[] => [bytes.subarray(0, at), bytes.subarray(at)];
  switch (framing) {
    case 'chunked-small': return { pieces: slices(bytes, 7), pauseMs: 0 };
    case 'chunked-split-character': return { pieces: cut(insideCharacter(bytes)), pauseMs: 0 };
    case 'pieces': return { pieces: slices(bytes, Math.ceil(bytes.length / 3)), pauseMs: 20 };
    case 'pieces-split-character': return { pieces: cut(insideCharacter(bytes)), pauseMs: 20 };
    default: return { pieces: [bytes], pauseMs: 0 };
  }
}

function contentType(framing: Framing, format: Format): string {
  if (framing === 'media-type-case') return `APPLICATION/${format.toUpperCase()}`;
  if (framing === 'media-type-charset') return `application/${format}; charset=utf-8`;
  return `application/${format}`;
}

/** POSTs `body` to `path` in `framing`, on a connection of its own. */
export async function sendFramed(base: string, path: string, format: Format, body: string, framing: Framing): Promise<Answer> {
  const bytes = Buffer.from(body, 'utf8');
  const type = contentType(framing, format);
  if (framing === 'http10' || framing === 'http10-expect') return sendHttp10(base, path, type, bytes, framing === 'http10-expect' ? { Expect: '100-continue' } : {});
  const chunked = framing.startsWith('chunked');
  const headers: Record<string, string | number> = { 'Content-Type': type };
  if (!chunked) headers['Content-Length'] = bytes.length;
  if (framing === 'expect-continue') headers.Expect = '100-continue';
  if (framing in HEADER_SETS) Object.assign(headers, headerSet(framing as HeaderSetName, `${base}${path}`));
  const { pieces, pauseMs } = piecesOf(framing, bytes);
  return new Promise((resolve, reject) => {
    // The absolute form: node:http writes a path that is a whole URL as the request-target.
    const target = framing === 'absolute-form' ? { path: `${base}${path}` } : {};
    const req = httpRequest(`${base}${path}`, { method: 'POST', headers, agent: false, ...target }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    const write = async (): Promise<void> => {
      for (const [i, piece] of pieces.entries()) {
        if (i > 0 && pauseMs > 0) await sleep(pauseMs);
        req.write(piece);
      }
      req.end();
    };
    if (framing === 'expect-continue') req.once('continue', () => void write());
    else void write();
  });
}

/** How long rawExchange waits for the server to close by default: a server that keeps the connection fails the test instead of hanging it. */
const RAW_EXCHANGE_MS = 20_000;

/**
 * The raw bytes of a whole answer (every answer, when `bytes` holds several requests), read until
 * the server closes the connection; `bytes` are written and this side closed after them. With
 * `tls`, over TLS (any certificate taken: the reference's own is self-signed), the plaintext.
 * Rejects when the server has not closed within `timeoutMs`, naming what it had answered.
 */
export function rawExchange(base: string, bytes: Buffer, opts: { tls?: boolean; timeoutMs?: number } = {}): Promise<Buffer> {
  const { hostname, port } = new URL(base);
  const timeoutMs = opts.timeoutMs ?? RAW_EXCHANGE_MS;
  return new Promise((resolve, reject) => {
    const sendAll = (): void => void socket.end(bytes);
    const socket = opts.tls
      ? connectTls({ host: hostname, port: Number(port), rejectUnauthorized: false }, sendAll)
      : connect(Number(port), hostname, sendAll);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      const got = Buffer.concat(chunks).toString('latin1');
      reject(new Error(`the server at ${base} did not close the connection within ${timeoutMs} ms; it had answered ${JSON.stringify(got.slice(0, 300))}`));
    }, timeoutMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/** An answer's status line and header fields, read from its raw bytes; `body` is everything after them. */
export function splitRaw(raw: Buffer): { statusLine: string; headers: Record<string, string>; body: Buffer } {
  const end = raw.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { statusLine, headers, body: raw.subarray(end + 4) };
}

/** An HTTP/1.0 POST with a Content-Length; the server closes the connection after its answer. */
export async function sendHttp10(base: string, path: string, type: string, bytes: Buffer, extra: Record<string, string> = {}): Promise<Answer & { raw: Buffer }> {
  const fields = Object.entries(extra).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  const head = `POST ${path} HTTP/1.0\r\nHost: ${new URL(base).host}\r\nContent-Type: ${type}\r\n${fields}Content-Length: ${bytes.length}\r\n\r\n`;
  const raw = await rawExchange(base, Buffer.concat([Buffer.from(head, 'latin1'), bytes]));
  const { statusLine, headers, body } = splitRaw(raw);
  return { status: Number(statusLine.split(' ')[1]), headers, text: body.toString('utf8'), raw };
}

/** One kept-alive connection: every request through it goes on the same socket, one at a time. */
export function keptConnection(base: string, headersTimeout = 10_000): Client {
  return new Client(base, { pipelining: 1, headersTimeout, bodyTimeout: headersTimeout });
}

/** POSTs `body` through `client` and reads the whole answer. */
export async function post(client: Client, path: string, format: Format, body: string): Promise<Answer> {
  const res = await client.request({ method: 'POST', path, headers: { 'content-type': `application/${format}` }, body });
  return { status: res.statusCode, headers: res.headers as IncomingHttpHeaders, text: await res.body.text() };
}

/** POSTs `body` on a fresh connection of its own, closed after the answer. */
export async function postFresh(base: string, path: string, format: Format, body: string): Promise<Answer> {
  const client = keptConnection(base);
  try {
    return await post(client, path, format, body);
  } finally {
    await client.close();
  }
}
