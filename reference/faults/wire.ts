import { refuse } from '../errors.ts';
import { type Exchange, FAITHFUL, type Obj, isObj } from '../hooks.ts';
import type { Fault } from './fault.ts';

/** A header field's value, repeated fields joined as HTTP joins them. */
const header = (at: Exchange, name: string): string => {
  const v = at.headers[name];
  return Array.isArray(v) ? v.join(', ') : v ?? '';
};

/** Where a service that writes the header fields itself switches to streaming the body. */
const STREAMED_FROM_BYTES = 300;

/** Connections on which an error was answered: a service that never reads past it. */
const stalled = new WeakSet<object>();

/** Faults in how a request travels and how an answer is framed (issue 26, WIRE-*). */
export const WIRE_FAULTS: Fault[] = [
  { name: 'chunked-body-read-as-empty', rule: 'WIRE-CHUNKED-REQUEST',
    description: 'reads a request body sent with Transfer-Encoding: chunked as empty (it reads as many bytes as Content-Length says, and there is none)',
    body: (pieces, at) => (at.headers['content-length'] === undefined ? Buffer.alloc(0) : FAITHFUL.body(pieces, at)) },
  { name: 'chunked-contact-persons-cut-to-limit', rule: 'WIRE-CHUNKED-REQUEST',
    description: 'reads a chunked body with a streaming reader that keeps the first three contact persons and drops the rest: four are accepted, where the same request with a Content-Length is refused',
    request: (body, at) => {
      if (at.headers['content-length'] !== undefined) return body;
      const cut = (holder: unknown): unknown => (isObj(holder) && Array.isArray(holder.contactPersons) ? { ...holder, contactPersons: holder.contactPersons.slice(0, 3) } : holder);
      return { ...cut(body) as Obj, ...(isObj(body.receiver) ? { receiver: cut(body.receiver) } : {}) };
    } },
  { name: 'body-first-piece-only', rule: 'WIRE-BODY-IN-PIECES',
    description: 'reads only the first piece of a body that arrives in several (one read of the socket); a body that arrives at once is read whole',
    body: (pieces) => pieces[0] ?? Buffer.alloc(0) },
  { name: 'expect-continue-answered-before-body', rule: 'WIRE-EXPECT-CONTINUE',
    description: 'answers a request carrying Expect: 100-continue before its body is read: 400, a malformed body (100003)',
    head: (at) => {
      if (/100-continue/i.test(header(at, 'expect'))) throw refuse(100003, { detail: 'Тело запроса пустое.', message: 'The request body is empty.' });
    } },
  { name: 'media-type-compared-exactly', rule: 'WIRE-MEDIA-TYPE',
    description: 'compares the Content-Type with `application/json` and `application/xml` character by character: refuses another case or a parameter (400, 100003)',
    head: (at) => {
      const type = at.headers['content-type'];
      if (type !== undefined && type !== 'application/json' && type !== 'application/xml') {
        throw refuse(100003, { detail: `Неподдерживаемый тип содержимого: ${type}.`, message: `Unsupported Content-Type: ${type}.` });
      }
    } },
  { name: 'chunked-answer-to-http10', rule: 'WIRE-HTTP10',
    description: 'answers an HTTP/1.0 request with Transfer-Encoding: chunked, which an HTTP/1.0 client does not read',
    write: (res, reply, at) => {
      if (at.httpVersion !== '1.0') return FAITHFUL.write(res, reply, at);
      res.writeHead(reply.status, { ...reply.headers, 'Transfer-Encoding': 'chunked' });
      res.end(reply.text);
    } },
  { name: 'content-length-counts-characters', rule: 'WIRE-RESPONSE-FRAMING',
    description: 'writes as Content-Length the answer\'s length in UTF-16 code units, not bytes: short of an answer holding Cyrillic, whose last bytes spill onto the connection',
    write: (res, reply) => {
      res.writeHead(reply.status, { ...reply.headers, 'Content-Length': reply.text.length });
      res.end(reply.text);
    } },
  { name: 'both-framings-on-large-answers', rule: 'WIRE-RESPONSE-FRAMING',
    description: `streams an answer of more than ${STREAMED_FROM_BYTES} bytes chunked but keeps its Content-Length too: both framings, which RFC 9112 6.2 forbids and strict clients refuse`,
    write: (res, reply, at) => {
      const bytes = Buffer.byteLength(reply.text);
      if (bytes <= STREAMED_FROM_BYTES) return FAITHFUL.write(res, reply, at);
      res.writeHead(reply.status, { ...reply.headers, 'Transfer-Encoding': 'chunked', 'Content-Length': bytes });
      res.end(reply.text);
    } },
  { name: 'stall-after-error-on-kept-connection', rule: 'WIRE-KEEP-ALIVE',
    description: 'after it answers an error (HTTP 400) on a connection, neither answers a later request on it nor closes it; fresh connections are answered',
    write: (res, reply, at) => {
      if (stalled.has(at.connection)) return;
      FAITHFUL.write(res, reply, at);
      if (reply.status === 400) stalled.add(at.connection);
    } },
];
