import { MESSAGE_RULE, MUST_CLOSE, type MessageKind } from '../client/message-kinds.ts';
import type { WireResponse } from '../client/transport.ts';
import { excerpt, ruleFinding } from './response.ts';
import type { Finding } from './finding.ts';
import { closeSent, errorExplained, observableFinding } from './message-observable.ts';
import { NOT_APPLICABLE } from '../scenario/missing.ts';

/** The messages a server must answer 400 (RFC 9112 3.2, 5.1, 6.3). */
const BAD_REQUEST: ReadonlySet<MessageKind> = new Set(['no-host', 'two-hosts', 'invalid-host', 'space-before-colon', 'content-length-twice', 'transfer-encoding-gzip']);

/**
 * A message of src/client/message-kinds.ts judged on its one rule (contract/standards-audit.yaml
 * quotes the sentence each applies), never on the response rules: the answer to a message HTTP
 * forbids is HTTP's (a bare 400 with no body is a right answer), not the operation's. `method` is
 * the profile's (A-HTTP-VERB), which a 405's Allow must name.
 */
export function messageFindings(kind: MessageKind, res: WireResponse, method: string): Finding[] {
  const own = ownFindings(kind, res, method);
  const after = res.afterAnswer;
  // Whatever the message, an answer that says close is held to it (close-announced is judged on it
  // alone; a pipelined message's connection node:http drops itself, so its closing shows nothing).
  const sent = after && kind !== 'close-announced' && kind !== 'pipelined' ? closeSent(res, after) : undefined;
  // Whatever the message, a 4xx answer is held to explaining itself (field-without-colon is judged on it alone).
  const explained = after && kind !== 'field-without-colon' ? errorExplained(kind, res, after, method) : undefined;
  return [...own, ...(sent ? [sent] : []), ...(explained ? [explained] : [])];
}

function ownFindings(kind: MessageKind, res: WireResponse, method: string): Finding[] {
  const rule = MESSAGE_RULE[kind];
  const after = res.afterAnswer ?? { answered: true, closed: false, laterBytes: 0 };
  const received = after.answered ? `HTTP ${res.status}${after.closed ? ', the connection closed' : ''}: ${excerpt(res.body, 200)}` : 'the target closed the connection without an answer';
  const judged = (pass: boolean, expected: string, why = received, note?: string): Finding[] =>
    [ruleFinding(rule, pass ? 'pass' : 'fail', pass ? (note ? { note } : {}) : { expected, received: why })];

  // With the profile's verb GET, the safe method sent is HEAD (src/client/message-bytes.ts), whose answer carries no content to show a change.
  if (kind === 'safe-method-with-body' && method.toUpperCase() === 'GET') {
    return [ruleFinding(rule, 'skip', { note: `${NOT_APPLICABLE}the profile's verb is GET, so the safe method sent is HEAD, whose answer carries no content to show the change` })];
  }
  const observable = observableFinding(kind, res, after, received);
  if (observable) return [observable];
  if (BAD_REQUEST.has(kind)) {
    const closes = MUST_CLOSE.has(kind);
    const pass = after.answered && res.status === 400 && (!closes || after.closed);
    const why = after.answered && res.status === 400 && !after.closed ? `HTTP 400, and the connection stayed open: ${excerpt(res.body, 200)}` : received;
    return judged(pass, `HTTP 400 (Bad Request)${closes ? ', then the connection closed' : ''}`, why);
  }
  switch (kind) {
    case 'connection-close': {
      const why = after.laterBytes > 0
        ? `it answered the same request written on the connection after its answer (${after.laterBytes} bytes came)`
        : after.answered && !after.closed ? 'the connection stayed open after the answer, which did not say close' : received;
      return judged(after.answered && after.closed && after.laterBytes === 0, 'the connection closed after the answer, and nothing answered after it', why);
    }
    case 'body-cut-short':
      return judged(!after.answered || res.status < 200 || res.status > 299, 'no 2xx: the request is incomplete (an error, or the connection closed)');
    case 'huge-header':
      return judged(after.answered && res.status < 500, 'the answer the request gets without the field, or a 4xx (Client Error)');
    case 'other-method': {
      if (!after.answered || res.status !== 405) return judged(true, '', received, `Recorded: ${received}; a 405 alone is held to carry Allow`);
      const allow = res.headers.allow;
      const names = (allow ?? '').split(',').map((m) => m.trim());
      return judged(names.includes(method), `a 405 with an Allow header field naming ${method} (RFC 9110 15.5.6)`, allow === undefined ? 'HTTP 405 with no Allow header field' : `HTTP 405 with Allow: ${allow}`);
    }
    default:
      throw new Error(`no judgement for the message ${kind}`);
  }
}
