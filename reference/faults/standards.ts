import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { deflateSync, gzipSync } from 'node:zlib';
import { refuse } from '../errors.ts';
import { type ParserError, readPastRefusals } from '../parser-refusals.ts';
import { readAgain } from '../raw-connection.ts';
import { type Exchange, FAITHFUL, type Reply } from '../hooks.ts';
import type { Fault } from './fault.ts';
import { written } from './malformed.ts';

/** A header field's value, repeated fields joined as HTTP joins them. */
const header = (at: Exchange, name: string): string => {
  const v = at.headers[name];
  return Array.isArray(v) ? v.join(', ') : v ?? '';
};

const withoutDate = (reply: Reply): Reply => ({ ...reply, headers: Object.fromEntries(Object.entries(reply.headers).filter(([k]) => k.toLowerCase() !== 'date')) });

/** Writes the answer's body as `bytes`, with the header fields given beside the reply's. */
function writeBytes(res: Parameters<typeof FAITHFUL.write>[0], reply: Reply, bytes: Buffer, fields: Record<string, string>): void {
  res.writeHead(reply.status, { ...reply.headers, ...fields, 'Content-Length': bytes.length });
  res.end(bytes);
}

/**
 * A request Node's parser refused, read again by a more lenient reader: the bytes it held,
 * changed by `fix`, are handed to the server as a fresh connection that then goes on with the
 * socket's later bytes and writes to it. `codes` are the parser's refusals the fault reads past;
 * any other is refused as Node refuses it.
 */
function rereads(codes: string[], fix: (head: string) => string) {
  return (err: ParserError, socket: Duplex, server: Server): void => {
    if (!err.code || !codes.includes(err.code) || !err.rawPacket) return readPastRefusals(err, socket, server);
    const raw = err.rawPacket.toString('latin1');
    const end = raw.indexOf('\r\n\r\n');
    const fixed = end < 0 ? raw : fix(raw.slice(0, end + 4)) + raw.slice(end + 4);
    readAgain(server, socket, Buffer.from(fixed, 'latin1'));
  };
}

/** A refusal answered with another HTTP status than its number's, as a service that maps its own errors. */
const refusedWith = (httpStatus: number, code: Parameters<typeof refuse>[0]): Error => Object.assign(refuse(code), { httpStatus });

/** Media types of a format an Accept field ranks, highest quality first (a service that negotiates, which the spec's paths rule out). */
function preferred(accept: string): 'json' | 'xml' | undefined {
  const ranked = accept.split(',').map((item) => {
    const [type = '', ...params] = item.split(';').map((p) => p.trim().toLowerCase());
    const q = Number(params.find((p) => p.startsWith('q='))?.slice(2) ?? 1);
    return { type, q };
  }).filter((r) => r.type === 'application/json' || r.type === 'application/xml').sort((a, b) => b.q - a.q);
  return ranked[0] ? (ranked[0].type === 'application/json' ? 'json' : 'xml') : undefined;
}

/** Faults of the standards under the spec (issue 32, method 2): each breaks one rule of contract/standards-audit.yaml. */
export const STANDARD_FAULTS: Fault[] = [
  { name: 'date-header-omitted', rule: 'HTTP-DATE',
    description: 'sends no Date header field, though generated_at shows it has a clock',
    write: (res, reply, at) => {
      res.sendDate = false;
      FAITHFUL.write(res, withoutDate(reply), at);
    } },
  { name: 'date-header-iso-8601', rule: 'HTTP-DATE-FORMAT',
    description: 'writes the Date header field in ISO 8601 (`2026-01-02T03:04:05.000Z`), not as an IMF-fixdate',
    write: (res, reply, at) => FAITHFUL.write(res, { ...withoutDate(reply), headers: { ...withoutDate(reply).headers, Date: new Date().toISOString() } }, at) },
  { name: 'gzip-labelled-deflate', rule: 'HTTP-CONTENT-ENCODING',
    description: 'compresses its answer with gzip when the request accepts gzip, and names the coding deflate',
    write: (res, reply, at) => (/\bgzip\b/i.test(header(at, 'accept-encoding'))
      ? writeBytes(res, reply, gzipSync(reply.text), { 'Content-Encoding': 'deflate' })
      : FAITHFUL.write(res, reply, at)) },
  { name: 'deflate-without-content-encoding', rule: 'HTTP-CONTENT-ENCODING',
    description: 'compresses its answer (zlib, deflate) when the request accepts deflate, and names no Content-Encoding',
    write: (res, reply, at) => (/\bdeflate\b/i.test(header(at, 'accept-encoding'))
      ? writeBytes(res, reply, deflateSync(reply.text), {})
      : FAITHFUL.write(res, reply, at)) },
  { name: 'absolute-form-not-routed', rule: 'HTTP-ABSOLUTE-FORM',
    description: 'routes on the request-target as it came, so a whole URL (the absolute form) is an unknown path (404, 100404)',
    head: (at) => {
      if (!at.target.startsWith('/')) throw refuse(100404);
    } },
  { name: 'absolute-form-404', rule: 'HTTP-ABSOLUTE-FORM',
    description: 'answers a request-target in absolute form 404 in JSON on either path, as a server whose router matches the raw target answers an unknown path (issue 43: Node\'s http and Python\'s http.server both did)',
    head: (at) => {
      if (!at.target.startsWith('/')) throw refuse(100404);
    },
    answer: (out, at) => (at.target.startsWith('/') ? out : { ...out, format: 'json' }) },
  { name: 'continue-sent-to-http10', rule: 'HTTP-NO-1XX-TO-HTTP10',
    description: 'answers Expect: 100-continue with 100 (Continue) whatever the request\'s version, HTTP/1.0 included',
    write: (res, reply, at) => {
      if (at.httpVersion === '1.0' && /100-continue/i.test(header(at, 'expect'))) res.writeContinue();
      FAITHFUL.write(res, reply, at);
    } },
  { name: 'accept-negotiates-format', rule: 'HTTP-CLIENT-HEADERS',
    description: 'answers in the format its Accept ranks highest of JSON and XML, whatever the path: a browser\'s Accept gets XML on the JSON path',
    answer: (out, at) => ({ ...out, format: preferred(header(at, 'accept')) ?? out.format }) },
  { name: 'accept-any-refused-406', rule: 'HTTP-CLIENT-HEADERS',
    description: 'answers 406 to an Accept of `*/*` alone, which it reads as naming no media type it has',
    head: (at) => {
      if (header(at, 'accept').trim() === '*/*') throw refusedWith(406, 100003);
    } },
  { name: 'client-user-agents-refused', rule: 'HTTP-CLIENT-HEADERS',
    description: 'refuses (403) a request whose User-Agent names a command-line or script client (curl, Wget, python-requests), as a bot filter does',
    head: (at) => {
      if (/\b(curl|wget|python-requests)\//i.test(header(at, 'user-agent'))) throw refusedWith(403, 100002);
    } },
  { name: 'accept-other-format-refused-415', rule: 'HTTP-ACCEPT-OTHER-FORMAT',
    description: 'refuses with 415 a request whose Accept names neither its path\'s format nor */*',
    head: (at) => {
      const accept = header(at, 'accept');
      if (accept && !accept.includes('*/*') && !accept.includes(`application/${at.format}`)) throw refusedWith(415, 100003);
    } },
  { name: 'host-not-required', rule: 'HTTP-HOST', skips: /^host missing$/,
    description: 'serves an HTTP/1.1 request without a Host header field' },
  { name: 'duplicate-host-accepted', rule: 'HTTP-HOST', skips: /^host duplicate$/,
    description: 'serves a request with two Host field lines, reading the first' },
  { name: 'host-value-not-checked', rule: 'HTTP-HOST', skips: /^host invalid$/,
    description: 'serves a request whose Host is no host and port (a path after it)' },
  { name: 'space-before-colon-stripped', rule: 'HTTP-FIELD-NAME-WHITESPACE',
    description: 'reads a header field with whitespace before its colon as the field without it, instead of refusing the request',
    clientError: rereads(['HPE_INVALID_HEADER_TOKEN'], (head) => head.replace(/^([^\r\n:]+?)[ \t]+:/gm, '$1:')) },
  { name: 'first-content-length-kept', rule: 'HTTP-CONTENT-LENGTH-INVALID',
    description: 'reads a request with two different Content-Length values by the first, instead of refusing it',
    clientError: rereads(['HPE_UNEXPECTED_CONTENT_LENGTH', 'HPE_INVALID_CONTENT_LENGTH'], (head) => {
      let first = true;
      return head.replace(/\r\ncontent-length:([^\r\n]*)/gi, (_, value: string) => {
        if (!first) return '';
        first = false;
        return `\r\nContent-Length: ${value.split(',')[0]!.trim()}`;
      });
    }) },
  { name: 'transfer-coding-ignored', rule: 'HTTP-TRANSFER-CODING-NOT-CHUNKED',
    description: 'ignores a Transfer-Encoding that does not end in chunked and reads the body to the end of the connection',
    clientError: (err, socket, server) => {
      const raw = err.rawPacket?.toString('latin1') ?? '';
      const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
      rereads(['HPE_INVALID_TRANSFER_ENCODING'], (head) => head.replace(/\r\ntransfer-encoding:[^\r\n]*/i, `\r\nContent-Length: ${Buffer.byteLength(body, 'latin1')}`))(err, socket, server);
    } },
  { name: 'connection-close-ignored', rule: 'HTTP-CONNECTION-CLOSE',
    description: 'keeps the connection open after answering a request that carries Connection: close (its answer says keep-alive), and reads on',
    write: (res, reply, at) => {
      res.shouldKeepAlive = true;
      FAITHFUL.write(res, reply, at);
    } },
  { name: 'body-ended-by-close', rule: 'HTTP-INCOMPLETE-BODY',
    description: 'takes the client closing its side as the end of a body shorter than its Content-Length, and carries the request out',
    // Node's parser refuses the end of the connection mid-body (HPE_INVALID_EOF_STATE); its request
    // (socket.parser.incoming, node:http's own) is ended here instead, with the body read so far,
    // and marked complete, or node:http would destroy the connection with it as aborted.
    clientError: (err, socket, server) => {
      const incoming = (socket as Duplex & { parser?: { incoming?: { complete: boolean; push(chunk: null): void } } }).parser?.incoming;
      if (err.code !== 'HPE_INVALID_EOF_STATE' || !incoming) return readPastRefusals(err, socket, server);
      incoming.complete = true;
      incoming.push(null);
    } },
  // What RFC 8259 and XML 1.0 ask of a body the service writes (RSP-FORMAT-FOLLOWS-PATH).
  written('json', 'json-answer-byte-order-mark',
    'writes a byte order mark (U+FEFF) before every JSON answer, as a UTF-8 writer set to add one does; RFC 8259 8.1 forbids it',
    (text) => `\uFEFF${text}`),
  written('xml', 'xml-answer-escape-character',
    'writes each error detail of an XML answer through a log formatter that colours it, leaving the terminal escape U+001B, which no XML 1.0 document can hold',
    (text) => text.replace(/<detail>/g, '<detail>\u001b[31m')),
  written('xml', 'xml-answer-html-entity',
    'writes the first space of each error title in an XML answer as the HTML entity &nbsp;, which an XML document without a DTD does not declare',
    (text) => text.replace(/(<title>[^<\s]*) /g, '$1&nbsp;')),
  { name: 'large-header-internal-error', rule: 'HTTP-HEADER-TOO-LARGE',
    description: 'takes header fields up to 64 KB, but its handler fails (500) on one longer than 8 KB',
    serverOptions: (base) => ({ ...base, maxHeaderSize: 64 * 1024 }),
    head: (at) => {
      if (Object.values(at.headers).some((v) => String(v).length > 8 * 1024)) throw new Error('a header field longer than the 8 KB buffer');
    } },
];
