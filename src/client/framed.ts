import { setTimeout as sleep } from 'node:timers/promises';
import { HEADER_SETS, headerSet, type HeaderSetName } from './client-headers.ts';
import type { Dispatched } from './exchange.ts';
import type { WireRequest } from './transport.ts';

/** The framings undici cannot send, and the messages of src/client/message-kinds.ts: they go over node:http (src/client/node-send.ts, messages.ts). */
export const overNodeHttp = (req: WireRequest): boolean =>
  req.message !== undefined || req.framing === 'expect-continue' || req.framing === 'http10' || req.framing === 'http10-expect';

const isHeaderSet = (framing: string): framing is HeaderSetName => framing in HEADER_SETS;

const PIECE_GAP_MS = 20;
const SMALL_CHUNK = 7;

/**
 * What undici is given for a request in its framing (src/client/framing.ts): its headers, and
 * its body or a maker of it, since a body written in pieces is used up by one send and a
 * request may be sent twice (a stall). undici writes an iterable body without a Content-Length
 * as Transfer-Encoding: chunked, one HTTP chunk per item, and with one as the bytes alone.
 * `path`, when given, is the request-target in place of the URL's path (undici writes an
 * absolute URL there as it is: the absolute form).
 */
export interface Shaped {
  headers: Record<string, string>;
  body: string | Uint8Array | (() => Dispatched['body']);
  path?: string;
}

export function shaped(req: WireRequest): Shaped {
  const plain = req.bytes ?? req.body;
  if (!req.framing) return { headers: req.headers, body: plain };
  if (isHeaderSet(req.framing)) return { headers: { ...req.headers, ...headerSet(req.framing, req.url) }, body: plain };
  const bytes = Buffer.from(plain);
  const bare = withoutLength(req.headers);
  const at = splitInsideCharacter(bytes);
  switch (req.framing) {
    case 'chunked': return { headers: bare, body: () => [bytes] };
    case 'chunked-small': return { headers: bare, body: () => slices(bytes, SMALL_CHUNK) };
    case 'chunked-split-character': return { headers: bare, body: () => [bytes.subarray(0, at), bytes.subarray(at)] };
    case 'pieces': return inPieces(bare, bytes, [Math.floor(bytes.length / 3), Math.floor((2 * bytes.length) / 3)]);
    case 'pieces-split-character': return inPieces(bare, bytes, [at]);
    case 'media-type-case': return { headers: withContentType(req.headers, (v) => v.replace(/^[^;]*/, (type) => type.toUpperCase())), body: plain };
    case 'media-type-charset': return { headers: withContentType(req.headers, (v) => (/;\s*charset\s*=/i.test(v) ? v : `${v}; charset=utf-8`)), body: plain };
    case 'absolute-form': return { headers: req.headers, body: plain, path: new URL(req.url).href };
    case 'expect-continue':
    case 'http10':
    case 'http10-expect':
      throw new Error(`the ${req.framing} framing is sent over node:http, not undici`);
  }
}

/**
 * Where a body is cut inside a character: after the lead byte of its first multi-byte UTF-8
 * character, so the character's bytes arrive apart; in the middle when it has none.
 */
export function splitInsideCharacter(bytes: Uint8Array): number {
  const lead = bytes.findIndex((b) => b >= 0xc0);
  return lead >= 0 && lead + 1 < bytes.length ? lead + 1 : Math.floor(bytes.length / 2);
}

function slices(bytes: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
  return out;
}

/** The body with a Content-Length, written at `cuts` with a pause before each piece after the first. */
function inPieces(headers: Record<string, string>, bytes: Buffer, cuts: number[]): Shaped {
  const bounds = [0, ...cuts, bytes.length];
  const pieces = bounds.slice(1).map((end, i) => bytes.subarray(bounds[i], end));
  async function* spaced(): AsyncGenerator<Buffer> {
    for (const [i, piece] of pieces.entries()) {
      if (i) await sleep(PIECE_GAP_MS);
      yield piece;
    }
  }
  return { headers: { ...headers, 'content-length': String(bytes.length) }, body: spaced };
}

/** The headers without a Content-Length: the framing decides whether there is one. */
function withoutLength(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-length'));
}

function withContentType(headers: Record<string, string>, change: (value: string) => string): Record<string, string> {
  const name = Object.keys(headers).find((n) => n.toLowerCase() === 'content-type');
  return name ? { ...headers, [name]: change(headers[name]!) } : headers;
}
