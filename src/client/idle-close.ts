import type { Exchange } from './exchange.ts';
import { receivedOn } from './sockets.ts';

/**
 * A kept connection the target closes as a request crosses it is the target closing a connection
 * it thought idle, not a failure to answer: servers close idle connections after a timeout of their
 * own, often without saying so (nginx's keepalive_timeout sends no Keep-Alive header), and RFC
 * 9112 section 9.3.1 asks a client to "anticipate the need to recover from asynchronous close
 * events". How long the connection sat idle cannot tell it: a busy client reads the last answer
 * late. A new connection closed unanswered stays a transport error.
 */
const CLOSED = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/**
 * Whether `exchange` failed because the target closed its kept connection before any byte of an
 * answer came: the request then goes once more on a fresh connection (A-IDLE-CLOSE), as browsers
 * do. A target that had read it may see it twice, as a suspected stall's request may be (A-STALL).
 */
export function closedUnanswered(err: unknown, exchange: Exchange): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return exchange.reused === true && exchange.headAt === undefined && receivedOn(exchange) === undefined
    && [e.code, e.cause?.code].some((c) => c !== undefined && CLOSED.has(c));
}
