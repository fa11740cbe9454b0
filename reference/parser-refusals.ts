import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { explainedBytes } from './explained.ts';
import { readAgain } from './raw-connection.ts';

/** A parser's refusal as node:http hands it to 'clientError' (`code` HPE_…, the bytes it was reading, where it stopped in them). */
export type ParserError = Error & { code?: string; rawPacket?: Buffer; bytesParsed?: number };

/** node:http's own state of a connection: its parser's request being read, and the response in flight. */
type Connection = Duplex & { parser?: { incoming?: IncomingMessage | null } | null; _httpMessage?: ServerResponse | null };

/** RFC 9110 5.6.2: tchar. */
const TCHAR = "[!#$%&'*+.^_`|~0-9A-Za-z-]";
const IS_TCHAR = new RegExp(`^${TCHAR}$`);
/** RFC 9112 7.1.1: chunk-size [ chunk-ext ] CRLF, chunk-ext = *( BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ] ). */
const QUOTED = String.raw`"(?:[\t \x21\x23-\x5b\x5d-\x7e\x80-\xff]|\\[\t \x21-\x7e\x80-\xff])*"`;
const CHUNK_LINE = new RegExp(`^([0-9A-Fa-f]{1,12})(?:[ \\t]*;[ \\t]*${TCHAR}+(?:[ \\t]*=[ \\t]*(?:${TCHAR}+|${QUOTED}))?)*\\r\\n`);

/** Connections whose parser refused, and that are read here (or answered) from then on: its later refusals are its own echo. */
const taken = new WeakSet<Duplex>();
/** What ends a body read here when node:http's request timeout comes (its own parser, spent, no longer does). */
const onTimeout = new WeakMap<Duplex, () => void>();

/**
 * What the faithful reference does with a message Node's parser (llhttp) refuses, where RFC 9110
 * and RFC 9112 ask a server to read it or to answer otherwise (issue 42, contract/standards-audit.yaml):
 * - a method it does not know, a token (RFC 9112 3, RFC 9110 9.1): 501 (Not Implemented);
 * - HTTP/1.2 and any later minor version of 1 (RFC 9110 6.2): read as HTTP/1.1, by a fresh parser;
 *   a major version other than 1: 505 (HTTP Version Not Supported);
 * - bad whitespace around a chunk extension's `;` and `=` (RFC 9110 5.6.3, RFC 9112 7.1.1): the
 *   body read here from that chunk on, the extensions ignored, and the connection closed after the answer;
 * - anything else it cannot read: what Node answers (400, 431 for header fields too large, 413 for
 *   chunk extensions too large, 408 for a request too slow), with an explanation (RFC 9110 15.5)
 *   where Node writes none.
 * Each answer waits for the one in flight on the connection, so pipelined answers keep their order.
 */
export function readPastRefusals(err: ParserError, socket: Duplex, server: Server): void {
  const connection = socket as Connection;
  if (taken.has(socket)) {
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') onTimeout.get(socket)?.();
    return;
  }
  const code = err.code ?? '';
  // Not a parser's refusal (a reset, a TLS alert): nothing to answer, as Node does.
  if (!code.startsWith('HPE_') && code !== 'ERR_HTTP_REQUEST_TIMEOUT') {
    socket.destroy(err);
    return;
  }
  taken.add(socket);
  const raw = err.rawPacket ?? Buffer.alloc(0);
  const at = Math.min(err.bytesParsed ?? 0, raw.length);
  const incoming = connection.parser?.incoming;
  if (incoming && !incoming.complete && /\bchunked\b/i.test(String(incoming.headers['transfer-encoding'] ?? ''))) {
    const start = lineStart(raw, at);
    if (CHUNK_LINE.test(raw.subarray(start, start + 4096).toString('latin1'))) return readChunks(connection, incoming, raw.subarray(start));
  }
  const line = requestLine(raw, at);
  const refuse = (status: number, reason: string): void => answer(connection, explainedBytes(status, reason, line?.method === 'HEAD'));
  if (code === 'HPE_INVALID_METHOD' && line) return refuse(501, `the method ${line.method} is not one this server implements (it implements POST on /v3/orders/change_receiver and /v3/orders/change_pickup, .json and .xml)`);
  if (code === 'HPE_INVALID_VERSION' && line?.major === 1) {
    const fixed = Buffer.concat([raw.subarray(line.start, line.end - 3), Buffer.from('1.1', 'latin1'), raw.subarray(line.end)]);
    return whenIdle(connection, () => readAgain(server, socket, fixed));
  }
  if (code === 'HPE_INVALID_VERSION' && line && line.major > 1) return refuse(505, `HTTP/${line.major}.${line.minor} is not a version this server speaks in this syntax; it speaks HTTP/1.1 (RFC 9112)`);
  if (code === 'HPE_HEADER_OVERFLOW') return refuse(431, 'the request\'s header section is larger than this server reads');
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return refuse(413, 'the chunk extensions of the request\'s body are larger than this server reads');
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return refuse(408, 'the request did not arrive whole in the time this server waits for one');
  refuse(400, `the message is not HTTP/1.1 this server can read (${err.message.replace(/^Parse Error: /, '')})`);
}

/**
 * The request line (RFC 9112 3: method SP request-target SP HTTP-version) the parser stopped in or
 * at the end of: where it starts and ends in `raw` (before its CRLF), and its parts. Read from its
 * end, in one pass: a line may be a 32 KB header field, which a regex searching for the method from
 * each offset would take seconds over.
 */
function requestLine(raw: Buffer, at: number): { start: number; end: number; method: string; major: number; minor: number } | undefined {
  const from = lineStart(raw, at);
  const cr = raw.indexOf('\r\n', from);
  const end = cr < 0 ? raw.length : cr;
  const text = raw.toString('latin1', from, end);
  const version = /^HTTP\/(\d)\.(\d)$/.exec(text.slice(-8));
  const beforeVersion = text.length - 9;
  const sp = text.lastIndexOf(' ', beforeVersion - 1);
  if (!version || text[beforeVersion] !== ' ' || sp < 1 || sp === beforeVersion - 1) return undefined;
  // A request pipelined behind a body starts after the body's last byte, on the body's line: the method is the tokens before the target.
  let start = sp;
  while (start > 0 && IS_TCHAR.test(text[start - 1]!)) start--;
  if (start === sp) return undefined;
  return { start: from + start, end, method: text.slice(start, sp), major: Number(version[1]), minor: Number(version[2]) };
}

/** Where the line holding offset `at` starts (a negative offset would count from the end). */
const lineStart = (raw: Buffer, at: number): number => (at > 0 ? raw.lastIndexOf('\n', at - 1) + 1 : 0);

/**
 * Runs `then` once the answer in flight on the connection, if any, is written: the answer to a
 * request read whole before the refused one. An answer whose request is the refused one (its body
 * cut off by the refusal) is never written: `then` runs at once.
 */
function whenIdle(connection: Connection, then: () => void): void {
  const res = connection._httpMessage;
  if (!res || res.writableFinished || !res.req.complete) return then();
  res.once('finish', then);
}

/** Writes a whole answer once the one in flight is written, and closes the connection after it. */
function answer(connection: Connection, bytes: string): void {
  whenIdle(connection, () => {
    if (!connection.writable) return void connection.destroy();
    connection.end(bytes, () => connection.destroy());
  });
}

/**
 * The rest of a chunked body the parser refused at a chunk-size line, read here from `rest` (that
 * line on) and the connection's later bytes into the request node:http handed the service, the
 * extensions ignored (RFC 9112 7.1.1); its answer closes the connection, whose parser is spent.
 */
function readChunks(connection: Connection, incoming: IncomingMessage, rest: Buffer): void {
  const res = connection._httpMessage;
  if (res) res.shouldKeepAlive = false;
  let pending = rest;
  /** Bytes of the current chunk's data still to come; -1 between chunks; -2 in the trailer section; -3 before a chunk's CRLF. */
  let left = -1;
  const refuse = (status = 400, reason = 'the chunked body of the request is not one this server can read'): void => {
    connection.off('data', more);
    onTimeout.delete(connection);
    incoming.destroy(new Error('a chunked body the reference cannot read'));
    answer(connection, explainedBytes(status, reason));
  };
  onTimeout.set(connection, () => refuse(408, 'the request did not arrive whole in the time this server waits for one'));
  const read = (): void => {
    for (;;) {
      if (left === -1 || left === -2) {
        const lf = pending.indexOf('\n');
        if (lf < 0) return void (pending.length > 4096 && refuse());
        const line = pending.subarray(0, lf + 1).toString('latin1');
        pending = pending.subarray(lf + 1);
        if (left === -2) {
          if (line !== '\r\n') continue; // A trailer field: not read.
          connection.off('data', more);
          onTimeout.delete(connection);
          incoming.complete = true;
          incoming.push(null);
          return;
        }
        const m = CHUNK_LINE.exec(line);
        if (!m || m[0].length !== line.length) return refuse();
        left = parseInt(m[1]!, 16) || -2;
        continue;
      }
      if (left === -3) {
        if (pending.length < 2) return;
        if (pending[0] !== 0x0d || pending[1] !== 0x0a) return refuse();
        pending = pending.subarray(2);
        left = -1;
        continue;
      }
      // A chunk's data is handed on as it comes (the service's own limit refuses a body too long),
      // the connection paused while the request is not read, as node:http's parser does.
      if (!pending.length) return;
      const n = Math.min(left, pending.length);
      if (!incoming.push(pending.subarray(0, n))) connection.pause();
      pending = pending.subarray(n);
      left -= n;
      if (left === 0) left = -3;
    }
  };
  function more(chunk: Buffer): void {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    read();
  }
  connection.on('data', more);
  read();
}
