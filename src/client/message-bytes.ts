import { LONG_METHOD, UNKNOWN_METHOD, type MessageKind } from './message-kinds.ts';
import type { WireRequest } from './transport.ts';

/** The host of absolute-form-other-host's Host field: a name reserved never to resolve (RFC 2606). */
export const OTHER_HOST = 'ocs-probe.invalid';

/** A request written whole: what node:http is told it sent (its parser reads the answer by the method), and the bytes that go instead. */
export interface Whole { method: string; bytes: Buffer }

const isGet = (method: string): boolean => method.toUpperCase() === 'GET';

/** The method another than the profile's: GET, or POST when the profile's is GET (A-HTTP-VERB). */
export const otherMethod = (method: string): string => (isGet(method) ? 'POST' : 'GET');

/** A safe method (RFC 9110 9.2.1) other than the profile's: GET, or HEAD when the profile's is GET. */
const safeMethod = (method: string): string => (isGet(method) ? 'HEAD' : 'GET');

/** RFC 9112 7.1: the body as one chunk and the last chunk, each size line with the extensions given. */
function chunked(body: Buffer, extension: string): Buffer {
  return Buffer.concat([Buffer.from(`${body.length.toString(16)}${extension}\r\n`, 'latin1'), body, Buffer.from(`\r\n0${extension}\r\n\r\n`, 'latin1')]);
}

/** A request message: its request line, its header fields in order (a field given as one string is written as it is), its body. */
function message(line: string, fields: ([string, string] | string)[], body: Buffer = Buffer.alloc(0)): Buffer {
  const lines = fields.map((f) => (typeof f === 'string' ? `${f}\r\n` : `${f[0]}: ${f[1]}\r\n`)).join('');
  return Buffer.concat([Buffer.from(`${line}\r\n${lines}\r\n`, 'latin1'), body]);
}

/** RFC 9110 5.6.3: bad whitespace (BWS, spaces and a tab) around each `;` and `=` of the chunk extensions, as RFC 9112 7.1.1's grammar allows. */
const SPACED_EXTENSIONS = ' ;\tocs-probe = 1 ; ocs-note =\t"a b"';

/**
 * The messages of src/client/message-kinds.ts whose bytes are written here, whole, in place of
 * node:http's head (src/client/messages.ts): the ones that change the request line, the body's
 * framing, or put a second request beside the first. The header fields are the request's own
 * but the ones that frame it; undefined for a message that only rewrites a header field. The
 * request's method is the profile's (A-HTTP-VERB).
 */
export function wholeRequest(kind: MessageKind, req: WireRequest): Whole | undefined {
  const profileMethod = req.method;
  const url = new URL(req.url);
  const path = url.pathname + url.search;
  const body = Buffer.from(req.bytes ?? req.body);
  const own = Object.entries(req.headers).filter(([name]) => !/^(host|content-length|connection|expect|transfer-encoding)$/i.test(name));
  const fields = (...more: [string, string][]): [string, string][] => [['Host', url.host], ...own, ...more];
  const sized: [string, string] = ['Content-Length', String(body.length)];
  const keep: [string, string] = ['Connection', 'keep-alive'];
  const line = (method: string, target = path, version = '1.1'): string => `${method} ${target} HTTP/${version}`;
  const other = otherMethod(profileMethod);
  switch (kind) {
    case 'chunk-extension':
      return { method: req.method, bytes: message(line(req.method), fields(['Transfer-Encoding', 'chunked'], keep), chunked(body, ';ocs-probe=1;ocs-note="a b"')) };
    case 'http10-transfer-encoding':
      return { method: req.method, bytes: message(line(req.method, path, '1.0'), fields(['Transfer-Encoding', 'chunked'], keep), chunked(body, '')) };
    case 'pipelined':
      return { method: req.method, bytes: Buffer.concat([message(line(req.method), fields(sized, keep), body), message(line(other), [['Host', url.host], keep])]) };
    case 'head':
      return { method: 'HEAD', bytes: message(line('HEAD'), [['Host', url.host], ['Connection', 'close']]) };
    case 'safe-method-with-body': {
      const safe = safeMethod(profileMethod);
      return { method: safe, bytes: message(line(safe), fields(sized, keep), body) };
    }
    case 'absolute-form-other-host':
      return { method: req.method, bytes: message(line(req.method, url.href), [['Host', OTHER_HOST], ...own, sized, keep], body) };
    case 'transfer-encoding-unknown':
      return { method: req.method, bytes: message(line(req.method), fields(['Transfer-Encoding', 'ocs-unknown, chunked'], keep), chunked(body, '')) };
    case 'connect-empty-port':
      // node:http reads the answer as to HEAD: a 2xx to CONNECT has no content, the connection a tunnel after it.
      return { method: 'HEAD', bytes: message(`CONNECT ${url.hostname}: HTTP/1.1`, [['Host', `${url.hostname}:`]]) };
    case 'head-fields':
    case 'head-length':
      return { method: 'HEAD', bytes: message(line('HEAD'), [['Host', url.host], keep]) };
    case 'unallowed-method':
      return { method: other, bytes: message(line(other), [['Host', url.host], keep]) };
    case 'options':
      return { method: 'OPTIONS', bytes: message(line('OPTIONS'), [['Host', url.host], keep]) };
    case 'delete-with-body':
      return { method: 'DELETE', bytes: message(line('DELETE'), fields(sized, keep), body) };
    case 'unknown-method':
      // node:http reads the answer as to the profile's method: one with content.
      return { method: req.method, bytes: message(line(UNKNOWN_METHOD), [['Host', url.host], keep]) };
    case 'long-method':
      return { method: req.method, bytes: message(line(LONG_METHOD), [['Host', url.host], keep]) };
    case 'http12':
      return { method: req.method, bytes: message(line(req.method, path, '1.2'), fields(sized, keep), body) };
    case 'chunk-extension-whitespace':
      return { method: req.method, bytes: message(line(req.method), fields(['Transfer-Encoding', 'chunked'], keep), chunked(body, SPACED_EXTENSIONS)) };
    case 'field-without-colon':
      return { method: req.method, bytes: message(line(req.method), [...fields(sized, keep), 'X-OCS-Probe no colon'], body) };
    case 'leading-empty-line':
      return { method: req.method, bytes: Buffer.concat([Buffer.from('\r\n'), message(line(req.method), fields(sized, keep), body)]) };
    default:
      return undefined;
  }
}

/**
 * The request written on the connection once a message's answer came, whose answer is read to the
 * connection's end (it asks for the close): GET after the HEAD of head-fields and head-length,
 * whose header fields and Content-Length the HEAD's are held to (RFC 9110 9.3.2, 8.6).
 */
export function followUp(kind: MessageKind, req: WireRequest): Buffer | undefined {
  if (kind !== 'head-fields' && kind !== 'head-length') return undefined;
  const url = new URL(req.url);
  return message(`GET ${url.pathname + url.search} HTTP/1.1`, [['Host', url.host], ['Connection', 'close']]);
}
