import { ACCEPTED_AS_PLAIN, MESSAGE_RULE, type MessageKind } from '../client/message-kinds.ts';
import type { WireResponse } from '../client/transport.ts';
import { excerpt, ruleFinding } from './response.ts';
import { NOT_APPLICABLE } from '../scenario/missing.ts';
import type { Finding } from './finding.ts';

type After = NonNullable<WireResponse['afterAnswer']>;

/** RFC 9112 4: status-line = HTTP-version SP status-code SP [ reason-phrase ]; the version's major is 1. */
const STATUS_LINE = /^HTTP\/1\.\d \d{3} [\t\x20-\x7e\x80-\xff]*$/;

const isSuccess = (res: WireResponse): boolean => res.status >= 200 && res.status <= 299;

/** Fields an answer to HEAD may leave out or write otherwise than GET's: its moment, its framing, its connection (RFC 9110 8.6, 9.3.2). */
const MAY_DIFFER = new Set(['date', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);
const fieldNames = (names: string[]): string[] => [...new Set(names.map((n) => n.trim().toLowerCase()).filter((n) => n && !MAY_DIFFER.has(n)))];

/**
 * The messages of issue 42 (src/client/message-kinds.ts), each judged on its one rule: what a
 * client of these endpoints observes, whoever's client would send it (contract/standards-audit.yaml).
 * `received` describes the answer; undefined for a message judged elsewhere.
 */
export function observableFinding(kind: MessageKind, res: WireResponse, after: After, received: string): Finding | undefined {
  const judged = (pass: boolean, expected: string, why = received): Finding =>
    ruleFinding(MESSAGE_RULE[kind], pass ? 'pass' : 'fail', pass ? {} : { expected, received: why });
  if (ACCEPTED_AS_PLAIN.has(kind)) return judged(after.answered && isSuccess(res), 'the plain request\'s outcome: accepted (2xx)');
  const keptOpen = after.laterBytes > 0 ? `it answered the same request written on the connection after its answer (${after.laterBytes} bytes came)` : 'the connection stayed open after the answer';
  switch (kind) {
    case 'http10-transfer-encoding':
      return judged(!(after.answered && isSuccess(res)) && after.closed && after.laterBytes === 0,
        'the message taken as faulty framing (no 2xx), and the connection closed after the answer',
        after.answered && !isSuccess(res) && !after.closed ? `HTTP ${res.status}, and ${keptOpen}` : received);
    case 'pipelined':
      return judged(after.answered && isSuccess(res), 'the first answer is the first request\'s: accepted (2xx), the other method\'s answer after it',
        after.answered ? `the first answer is not the first request's: ${received}` : received);
    case 'head': {
      // Where the head ran past the bytes kept, how much content followed it is unknown: no pass for it.
      if (after.answered && after.afterHead === undefined) return ruleFinding(MESSAGE_RULE[kind], 'skip', { note: 'the answer\'s head ran past the bytes the harness keeps: the content after it was not counted' });
      const content = after.afterHead;
      return judged(after.answered && content === 0, 'no content after the answer\'s head', after.answered ? `${content} bytes of content after the head of an answer to HEAD (HTTP ${res.status})` : received);
    }
    case 'safe-method-with-body':
      return judged(!(after.answered && isSuccess(res) && /success/.test(res.body)), 'the change not carried out for a safe method: no 2xx that reports success');
    case 'close-in-list':
      return judged(after.answered && after.closed && after.laterBytes === 0, 'the close option read among the empty list elements: the connection closed after the answer, nothing answered after it',
        after.answered && !after.closed || after.laterBytes ? keptOpen : received);
    case 'close-announced':
      return after.answered && !after.saidClose
        ? ruleFinding(MESSAGE_RULE[kind], 'pass', { note: 'the answer did not say close' })
        : closeSent(res, after) ?? judged(false, 'an answer', received);
    case 'status-line':
      if (after.answered && after.statusLine === undefined) return ruleFinding(MESSAGE_RULE[kind], 'skip', { note: 'the status line was not among the bytes the harness keeps (1xx heads past 2 KiB)' });
      return judged(after.answered && STATUS_LINE.test(after.statusLine ?? ''), 'a status line of HTTP/1.x, a space, three digits, a space and the reason phrase (may be empty)',
        `the status line ${JSON.stringify(after.statusLine ?? '')}`);
    case 'kept-alive':
      // A server may close any connection, saying so (RFC 9112 9.6): one it said close on shows
      // nothing of whether it supports persistence (a server under connection pressure closes some).
      if (after.answered && after.saidClose && after.laterBytes === 0) {
        return ruleFinding(MESSAGE_RULE[kind], 'skip', { note: `${NOT_APPLICABLE}its answer said close (HTTP ${res.status}), as RFC 9112 9.6 lets a server say of any connection: persistence is not shown on this one` });
      }
      return judged(after.laterBytes > 0, 'the connection kept after the answer: the same request written again on it is answered',
        after.answered ? (after.saidClose ? `its answer said close (HTTP ${res.status})` : 'the connection closed, or nothing answered the request written again') : received);
    case 'transfer-encoding-unknown':
      return judged(after.answered && res.status === 501, 'HTTP 501 (Not Implemented) for a transfer coding it does not understand');
    case 'connect-empty-port':
      return judged(!(after.answered && isSuccess(res)), 'the CONNECT refused: no 2xx (a 400, or the connection closed)');
    case 'head-fields': {
      const other = after.answered ? otherAnswer(res, after) : received;
      if (other) return ruleFinding(MESSAGE_RULE[kind], 'pass', { note: `Recorded: ${other}` });
      const lines = (after.laterHead ?? '').split('\r\n');
      const head = fieldNames(Object.keys(res.headers));
      const get = fieldNames(lines.slice(1).map((l) => l.slice(0, l.indexOf(':'))));
      const differ = [...head.filter((n) => !get.includes(n)).map((n) => `${n} only with HEAD`), ...get.filter((n) => !head.includes(n)).map((n) => `${n} only with GET`)];
      return judged(differ.length === 0, 'the header fields of the answer to GET with the answer to HEAD (Date, framing and connection fields aside)', `${differ.join(', ')} (HEAD: HTTP ${res.status}; GET: ${lines[0]})`);
    }
    case 'head-length': {
      const length = res.headers['content-length'];
      const got = /\r\ncontent-length:[ \t]*(\d+)/i.exec(after.laterHead ?? '')?.[1];
      const other = otherAnswer(res, after);
      if (other) return ruleFinding(MESSAGE_RULE[kind], 'pass', { note: `Recorded: ${other}` });
      if (length === undefined || got === undefined) return ruleFinding(MESSAGE_RULE[kind], 'pass', { note: `Recorded: ${length === undefined ? 'the answer to HEAD carries no Content-Length' : 'the answer to GET after it carries none to compare'}` });
      return judged(Number(length) === Number(got), 'the Content-Length of an answer to HEAD equal to the one GET gets', `Content-Length: ${length} with HEAD, ${got} with GET`);
    }
    case 'unallowed-method':
      return judged(after.answered && (res.status === 405 || res.status === 501), 'HTTP 405 (Method Not Allowed), or 501 (Not Implemented) where the method is implemented nowhere');
    case 'options':
      return judged(!(after.answered && isSuccess(res)) || res.headers.allow !== undefined, 'a successful answer to OPTIONS carrying Allow', `HTTP ${res.status} with no Allow header field`);
    case 'delete-with-body':
      return judged(!(after.answered && isSuccess(res) && /success/.test(res.body)), 'the change not carried out on content sent with DELETE: no 2xx that reports success');
    case 'unknown-method':
    case 'long-method':
      return judged(after.answered && res.status === 501, 'HTTP 501 (Not Implemented) for a method it does not implement');
    case 'field-without-colon':
      return explained(res, after) ?? ruleFinding(MESSAGE_RULE[kind], 'skip', { note: `${NOT_APPLICABLE}${after.answered ? `its answer is no 4xx (HTTP ${res.status})` : 'it closed the connection without an answer'}: no error situation to explain` });
    case 'accept-encoding-unknown': {
      const coding = (res.headers['content-encoding'] ?? '').trim();
      return judged(!after.answered || coding === '' || /^identity$/i.test(coding), 'an answer in no content coding, none of the listed ones being available', `Content-Encoding: ${coding}`);
    }
    default:
      return undefined;
  }
}

/**
 * Why the answers to HEAD and to the GET after it cannot be compared, or undefined: no answer to
 * the GET came, or it has another status (a 429 or a 503 pushing the GET back), so it is not the
 * answer HEAD's stands for.
 */
function otherAnswer(res: WireResponse, after: After): string | undefined {
  if (after.laterHead === undefined) return 'no answer to the GET after the HEAD came, so nothing to compare';
  const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(after.laterHead)?.[1]);
  return status === res.status ? undefined : `the GET after the HEAD got HTTP ${status}, the HEAD ${res.status}: not the same answer to compare`;
}

/** The messages whose answer is read as to HEAD (a CONNECT's too): content after its head is no explanation, and must not come (RFC 9110 9.3.2). */
const AS_HEAD: ReadonlySet<MessageKind> = new Set(['head', 'head-fields', 'head-length', 'connect-empty-port']);

/**
 * HTTP-ERROR-EXPLAINED, for any message answered 4xx but one sent as HEAD (RFC 9110 15.5): content
 * that explains the error; undefined for another answer. `method` is the profile's: with GET, the
 * safe method safe-method-with-body sends is HEAD.
 */
export function errorExplained(kind: MessageKind, res: WireResponse, after: After, method: string): Finding | undefined {
  if (AS_HEAD.has(kind) || (kind === 'safe-method-with-body' && method.toUpperCase() === 'GET')) return undefined;
  return explained(res, after);
}

function explained(res: WireResponse, after: After): Finding | undefined {
  if (!after.answered || res.status < 400 || res.status > 499) return undefined;
  const pass = res.body.trim() !== '';
  return ruleFinding('HTTP-ERROR-EXPLAINED', pass ? 'pass' : 'fail', pass ? {} : {
    expected: 'content explaining the error with its 4xx (Client Error) status',
    received: `HTTP ${res.status} with no content${res.headers['content-type'] ? ` (Content-Type: ${res.headers['content-type']})` : ''}`,
  });
}

/** HTTP-CLOSE-SENT, for any message whose answer says close (RFC 9112 9.6): the connection closed, and nothing answered after. */
export function closeSent(res: WireResponse, after: After): Finding | undefined {
  if (!after.answered || !after.saidClose) return undefined;
  const pass = after.closed && after.laterBytes === 0;
  const why = after.laterBytes > 0
    ? `its answer said close, and it answered the same request written on the connection after it (${after.laterBytes} bytes came)`
    : `its answer said close (HTTP ${res.status}), and the connection stayed open: ${excerpt(res.body, 120)}`;
  return ruleFinding('HTTP-CLOSE-SENT', pass ? 'pass' : 'fail', pass ? {} : { expected: 'the connection closed after an answer that says close, nothing answered after it', received: why });
}
