import type { IncomingHttpHeaders, Server, ServerOptions, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Format, Operation } from './codec/index.ts';
import { LIMITS, type Limits } from './validate/limits.ts';
import type { RawChange } from './raw-connection.ts';
import { readPastRefusals } from './parser-refusals.ts';

/** A decoded request or a response body. */
export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** What the service is about to send; a fault may change any part of it. */
export interface Answer {
  status: number;
  format: Format;
  body: Obj;
}

/** An answer as it goes on the wire: its status, its header fields but the framing ones, its encoded text. */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/**
 * Where an exchange happens: the operation (undefined on an unknown path) and the path's format,
 * and what a fault on the wire or between requests tells requests apart by.
 */
export interface Exchange {
  op: Operation | undefined;
  format: Format;
  /** The request's header fields, names in lower case. */
  headers: IncomingHttpHeaders;
  /** `1.1` or `1.0`. */
  httpVersion: string;
  /** The request-target as it came: a path (origin form) or a whole URL (absolute form). */
  target: string;
  /**
   * The same object for every exchange on one connection, and another on the next: a fault keys
   * what it remembers of a connection on it (in a WeakMap), so it is forgotten with the connection.
   */
  connection: object;
}

/**
 * The narrow points where a fault (reference/faults.ts) bends the service. Without a fault
 * (FAITHFUL) every check is made, the limits are the spec's, and requests and answers pass
 * through unchanged, so the normal code path only ever asks these questions.
 */
export interface Hooks {
  /**
   * Whether the service makes a named check. A name is `<subject> <problem>`:
   * - validation: the field paths of the issue, array indexes as `[]`, joined by `|`, then
   *   the problem kind of validate/problems.ts (`receiver.contactIDs|receiver.contactPersons oneOfBoth`,
   *   `time.worktimeStart format`, `third thirdRequired`);
   * - authentication: `appkey missing`, `appkey unknown`, `sessionID missing`, `sessionID unknown`;
   * - pickup: `address sameRegion` (the new place lies in the order's region);
   * - access: `change_receiver access`, `change_pickup access` (the order is the session's user's).
   * - HTTP: `method GET` (a method but POST is answered 405), `host duplicate`, `host invalid`,
   *   `http10 transfer-encoding`, `transfer-coding unknown` (reference/http-checks.ts).
   */
  enforces(check: string): boolean;
  /** The limits in force. */
  limits: Limits;
  /** How many characters a string holds, for its length limit (README: Unicode code points). */
  count(value: string): number;
  /** The request's head, before its body is read: a Refusal thrown here answers from the header fields alone. */
  head(at: Exchange): void;
  /** The body from the pieces ('data' events) it arrived in, when it is within the size limit. */
  body(pieces: readonly Buffer[], at: Exchange): Buffer;
  /** The request body as received, before it is read (a fault reads some XML forms wrongly). */
  received(body: Buffer, at: Exchange): Buffer;
  /** The decoded request, before any check. */
  request(body: Obj, at: Exchange): Obj;
  /** The answer, success or error, before it is encoded. */
  answer(out: Answer, at: Exchange): Answer;
  /** Puts the encoded answer on the wire (a fault may frame it otherwise, hold it back, or never write it). */
  write(res: ServerResponse, reply: Reply, at: Exchange): void;
  /** The options node:http's server is made with (a fault may let through what Node refuses). */
  serverOptions(base: ServerOptions): ServerOptions;
  /**
   * What becomes of a request Node's parser refused (`err.code` HPE_…, `err.rawPacket` the bytes
   * it was reading): faithfully, what RFC 9110 and RFC 9112 ask where the parser refuses first
   * (reference/parser-refusals.ts), else Node's answer with an explanation. A fault that reads
   * such a request otherwise sets it.
   */
  clientError?(err: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex, server: Server): void;
  /**
   * What a connection's bytes become before Node's parser reads them (reference/raw-connection.ts):
   * a fault that reads what Node's parser hides (chunk extensions, whitespace around a field value,
   * requests pipelined together) sets it.
   */
  raw?: RawChange;
}

/** How many code points `value` holds, as `[...value].length` counts them (a lone surrogate is one), without building the array. */
export function codePoints(value: string): number {
  let n = value.length;
  for (let i = 0; i < value.length - 1; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = value.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

export const FAITHFUL: Hooks = {
  enforces: () => true,
  limits: LIMITS,
  count: (value) => codePoints(value),
  head: () => undefined,
  // A body in one piece (nearly every one) is that piece: Buffer.concat would copy it.
  body: (pieces) => (pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces)),
  received: (body) => body,
  request: (body) => body,
  answer: (out) => out,
  write: (res, reply) => {
    res.writeHead(reply.status, { ...reply.headers, 'Content-Length': Buffer.byteLength(reply.text) });
    res.end(reply.text);
  },
  serverOptions: (base) => base,
  clientError: readPastRefusals,
};
