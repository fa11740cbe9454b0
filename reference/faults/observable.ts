import type { ServerResponse } from 'node:http';
import { refuse } from '../errors.ts';
import { type Exchange, FAITHFUL, type Reply } from '../hooks.ts';
import type { RawChange } from '../raw-connection.ts';
import type { Fault } from './fault.ts';
import { written } from './malformed.ts';

/** A header field's value, repeated fields joined as HTTP joins them. */
const header = (at: Exchange, name: string): string => {
  const v = at.headers[name];
  return Array.isArray(v) ? v.join(', ') : v ?? '';
};

/** node:http's own state of an answer, which a fault bends as a server written otherwise would behave. */
type Internal = ServerResponse & { _hasBody: boolean; _last: boolean; _header: string | null };

/** A connection's bytes answered by the fault itself with `status`, as a reader in front of the service would, when `matches` holds for a chunk. */
const answeredRaw = (matches: (text: string) => boolean, status: string): RawChange => (chunk, socket) => {
  if (!matches(chunk.toString('latin1'))) return chunk;
  socket.end(`HTTP/1.1 ${status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  return undefined;
};

/** The whole requests a chunk holds, each by its Content-Length; undefined when it holds anything else (a part, a chunked body). */
function requests(bytes: Buffer): Buffer[] | undefined {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length;) {
    const end = bytes.indexOf('\r\n\r\n', at);
    if (end < 0) return undefined;
    const head = bytes.subarray(at, end).toString('latin1');
    if (/\r\ntransfer-encoding:/i.test(head)) return undefined;
    const next = end + 4 + Number(/\r\ncontent-length:[ \t]*(\d+)/i.exec(head)?.[1] ?? 0);
    if (next > bytes.length) return undefined;
    out.push(bytes.subarray(at, next));
    at = next;
  }
  return out;
}

/** Faults a client observes whoever's client sends what shows them (issue 42): each breaks one rule of contract/standards-audit.yaml. */
export const OBSERVABLE_FAULTS: Fault[] = [
  { name: 'chunk-extension-refused', rule: 'HTTP-CHUNK-EXTENSION',
    description: 'refuses (400) a chunked body whose chunk-size line carries a chunk extension, as a hand-written chunk reader that takes the whole line for hex digits',
    raw: answeredRaw((text) => /(?:^|\r\n)[0-9A-Fa-f]+;[^\r\n]*\r\n/.test(text), '400 Bad Request') },
  { name: 'http10-transfer-encoding-read', rule: 'HTTP-HTTP10-TRANSFER-ENCODING', skips: /^http10 transfer-encoding$/,
    description: 'reads an HTTP/1.0 request with Transfer-Encoding: chunked as chunked, serves it, and keeps the connection its keep-alive asks for' },
  { name: 'pipelined-answered-last-first', rule: 'HTTP-PIPELINE-ORDER',
    description: 'takes requests pipelined in one read from the last to the first, so their answers come in reverse order',
    raw: (chunk) => {
      const parts = requests(chunk);
      return parts && parts.length > 1 ? Buffer.concat(parts.reverse()) : chunk;
    } },
  { name: 'head-answered-with-content', rule: 'HTTP-HEAD-NO-CONTENT',
    description: 'writes its answer\'s content after the head of an answer to HEAD, as to GET',
    write: (res, reply, at) => {
      if (res.req.method === 'HEAD') (res as Internal)._hasBody = true;
      FAITHFUL.write(res, reply, at);
    } },
  { name: 'head-length-zero', rule: 'HTTP-HEAD-CONTENT-LENGTH',
    description: 'answers HEAD with Content-Length: 0, the length of the content it leaves out, not of the content GET gets',
    write: (res, reply, at) => {
      if (res.req.method !== 'HEAD') return FAITHFUL.write(res, reply, at);
      res.writeHead(reply.status, { ...reply.headers, 'Content-Length': 0 });
      res.end();
    } },
  { name: 'safe-method-carried-out', rule: 'HTTP-SAFE-METHOD', skips: /^method GET$/,
    description: 'carries out a request sent with GET as with POST, when it has a body' },
  { name: 'absolute-form-host-routed', rule: 'HTTP-ABSOLUTE-FORM-HOST',
    description: 'routes a request in absolute form by its Host, so a Host other than the request-target\'s is an unknown site (404, 100404)',
    head: (at) => {
      if (!at.target.startsWith('/') && new URL(at.target).host !== header(at, 'host')) throw refuse(100404);
    } },
  { name: 'close-list-misread', rule: 'HTTP-EMPTY-LIST-ELEMENTS',
    description: 'reads the close option only in a Connection of `close` alone, so `, close,` keeps the connection',
    write: (res, reply, at) => {
      const connection = header(at, 'connection');
      if (/\bclose\b/i.test(connection) && connection.trim().toLowerCase() !== 'close') res.shouldKeepAlive = true;
      FAITHFUL.write(res, reply, at);
    } },
  { name: 'padded-content-type-refused', rule: 'HTTP-FIELD-VALUE-WHITESPACE',
    description: 'takes a Content-Type value with the whitespace around it, which then names no media type it knows (415)',
    raw: answeredRaw((text) => /\r\ncontent-type:(?:[ \t]{2,}|[ \t]*[^\r\n]*?[ \t]\r\n)/i.test(text), '415 Unsupported Media Type') },
  { name: 'close-announced-kept', rule: 'HTTP-CLOSE-SENT',
    description: 'says Connection: close in every answer, and keeps the connection and reads on',
    write: (res, reply) => {
      res.writeHead(reply.status, { ...reply.headers, Connection: 'close', 'Content-Length': Buffer.byteLength(reply.text) });
      Object.assign(res as Internal, { _last: false, shouldKeepAlive: true });
      res.end(reply.text);
    } },
  { name: 'status-line-without-space', rule: 'HTTP-STATUS-LINE',
    description: 'writes its status line without a reason phrase and without the space before it (`HTTP/1.1 200`)',
    write: (res, reply: Reply) => {
      res.writeHead(reply.status, { ...reply.headers, 'Content-Length': Buffer.byteLength(reply.text) });
      const internal = res as Internal;
      internal._header = internal._header?.replace(/^(HTTP\/1\.1 \d{3}) [^\r\n]*/, '$1') ?? null;
      res.end(reply.text);
    } },
  { name: 'quoted-charset-misread', rule: 'HTTP-QUOTED-PAIR',
    description: 'reads a quoted charset parameter without undoing its quoted-pairs, so charset="utf\\-8" names no charset it knows (415)',
    head: (at) => {
      const charset = /;\s*charset\s*=\s*("(?:[^"\\]|\\.)*"|[^;\s]*)/i.exec(header(at, 'content-type'))?.[1];
      if (charset !== undefined && charset.replace(/^"|"$/g, '').toLowerCase() !== 'utf-8') throw Object.assign(refuse(100003), { httpStatus: 415 });
    } },
  { name: 'connect-tunnelled', rule: 'HTTP-CONNECT-INVALID-PORT',
    description: 'answers every CONNECT 200 (Connection Established), as a proxy in front of the service that takes an empty port for its default',
    raw: answeredRaw((text) => text.startsWith('CONNECT '), '200 Connection Established') },
  // RFC 9112 6.1 and RFC 9110 8.6, of an answer's framing fields (WIRE-RESPONSE-FRAMING).
  { name: 'early-hints-with-length', rule: 'WIRE-RESPONSE-FRAMING',
    description: 'sends a 103 (Early Hints) before every answer, its fields copied from the answer\'s with their Content-Length',
    write: (res, reply, at) => {
      if (at.httpVersion !== '1.0') res.writeEarlyHints({ link: '</v3/orders/change_receiver.json>; rel=preconnect', 'content-length': String(Buffer.byteLength(reply.text)) });
      FAITHFUL.write(res, reply, at);
    } },
  { name: 'chunked-named-twice', rule: 'WIRE-RESPONSE-FRAMING',
    description: 'names chunked twice in the Transfer-Encoding of every answer to HTTP/1.1 (a framework\'s coding appended to a proxy\'s), though its body is chunked once',
    write: (res, reply, at) => {
      if (at.httpVersion === '1.0') return FAITHFUL.write(res, reply, at);
      res.writeHead(reply.status, { ...reply.headers, 'Transfer-Encoding': 'chunked, chunked' });
      res.end(reply.text);
    } },
  // XML 1.0 4.3.3, of an answer the service writes (RSP-FORMAT-FOLLOWS-PATH).
  { name: 'xml-answer-utf16-without-bom', rule: 'RSP-FORMAT-FOLLOWS-PATH',
    description: 'writes its XML answers in UTF-16 (little-endian, charset=utf-16, encoding="UTF-16") without the byte order mark an entity in UTF-16 must begin with',
    write: (res, reply, at) => {
      if (at.format !== 'xml') return FAITHFUL.write(res, reply, at);
      const bytes = Buffer.from(reply.text.replace(/^(<\?xml[^>]*encoding=")UTF-8"/, '$1UTF-16"'), 'utf16le');
      res.writeHead(reply.status, { ...reply.headers, 'Content-Type': 'application/xml; charset=utf-16', 'Content-Length': bytes.length });
      res.end(bytes);
    } },
  // XML 1.0 2.4, of an answer the service writes (RSP-FORMAT-FOLLOWS-PATH).
  written('xml', 'xml-answer-cdata-end-in-text',
    'writes each error detail of an XML answer after a literal ]]>, as an encoder that escapes < and & alone',
    (text) => text.replace(/<detail>/g, '<detail>]]> ')),
];
