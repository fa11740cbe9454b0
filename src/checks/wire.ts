import type { FramingError, WireResponse } from '../client/transport.ts';
import { excerpt, ruleFinding } from './response.ts';
import type { Finding } from './finding.ts';

/**
 * The wire rules every answer is judged on (docs/wire.md): its framing, read whole by an HTTP
 * parser, and whether it came where it was due. A stall the transport attributed (it sent the
 * request again on a fresh connection and got its answer there: src/client/undici.ts) fails
 * WIRE-KEEP-ALIVE; an answer on a connection that had carried an earlier exchange passes it, and
 * so does one that closes its connection (a target may refuse to keep connections, RFC 9112
 * 9.3). An answer on a new connection left open shows nothing of the rule.
 */
export function wireFindings(res: WireResponse): Finding[] {
  const problem = res.misframed?.rule === 'WIRE-RESPONSE-FRAMING' ? res.misframed.problem : fieldProblem(res);
  const framing = problem
    ? ruleFinding('WIRE-RESPONSE-FRAMING', 'fail', { expected: 'an answer framed as RFC 9112 section 6 requires', received: problem })
    : ruleFinding('WIRE-RESPONSE-FRAMING', 'pass');
  const kept = res.stalled
    ? ruleFinding('WIRE-KEEP-ALIVE', 'fail', {
      expected: 'an answer on the connection the target kept open, or the connection closed',
      received: `no answer within ${Math.round(res.stalled.keptMs)} ms on a kept-alive connection the target neither answered on nor closed; the same request on a fresh connection was answered in ${Math.round(res.stalled.freshMs)} ms`,
    })
    : res.reused || /\bclose\b/i.test(res.headers.connection ?? '') ? ruleFinding('WIRE-KEEP-ALIVE', 'pass') : undefined;
  const http10 = res.misframed?.rule === 'WIRE-HTTP10'
    ? [ruleFinding('WIRE-HTTP10', 'fail', { expected: 'an answer framed for HTTP/1.0: no Transfer-Encoding', received: res.misframed.problem })]
    : [];
  return [framing, ...(kept ? [kept] : []), ...http10];
}

/**
 * Framing fields a parser reads past: a Transfer-Encoding or a Content-Length in a 1xx head (RFC
 * 9112 6.1, RFC 9110 8.6; the heads are read before the parser sees the answer), and chunked
 * named more than once (RFC 9112 6.1: a sender applies it once; a parser reads the last).
 */
function fieldProblem(res: WireResponse): string | undefined {
  const informational = res.informational?.find((head) => /\n(transfer-encoding|content-length)[ \t]*:/i.test(head));
  if (informational) return `a 1xx answer carries a framing field (RFC 9112 6.1, RFC 9110 8.6): ${excerpt(informational, 300)}`;
  const codings = (res.headers['transfer-encoding'] ?? '').split(',').filter((c) => c.trim().toLowerCase() === 'chunked');
  return codings.length > 1 ? `Transfer-Encoding names chunked ${codings.length} times (${res.headers['transfer-encoding']}), which a sender applies once (RFC 9112 6.1)` : undefined;
}

/** An answer the HTTP parser refused: the target broke framing (RFC 9112 section 6), not the network. */
export function framingFailure(err: FramingError): Finding {
  return ruleFinding('WIRE-RESPONSE-FRAMING', 'fail', {
    expected: 'an answer an HTTP/1.1 parser reads whole (RFC 9112 section 6)',
    received: `the parser refused it (${err.code}): ${err.message}${err.raw ? `; the bytes it held: ${excerpt(JSON.stringify(err.raw), 600)}` : ''}`,
  });
}
