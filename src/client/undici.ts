import { cause } from './answer.ts';
import { Connections, FRESH } from './connections.ts';
import { HeadDeadline } from './deadline.ts';
import { closedUnanswered } from './idle-close.ts';
import { Exchange, type Limits } from './exchange.ts';
import { overNodeHttp, shaped, type Shaped } from './framed.ts';
import { sendMessage } from './messages.ts';
import { sendOverNodeHttp, type NodeSend } from './node-send.ts';
import { undiciRefusal } from './refused.ts';
import { receivedOn } from './sockets.ts';
import { NoAnswer, Stalls } from './stalls.ts';
import { closedAfterHandshake, tlsErrorOn, type TargetTls } from './tls.ts';
import { TransportError, type Transport, type WireRequest, type WireResponse } from './transport.ts';
import type { SharedLog } from './shared-log.ts';

/**
 * A response body is read up to this many bytes (profile http.maxResponseBytes): the service's
 * answers are a few KB, and a target that sends megabytes to 48 requests in flight must not
 * take the run's memory with it.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 2 * 1024 * 1024;

/**
 * A transport that holds connections open; close it when the run is over, or destroy it when
 * the run was stopped: that fails the requests in flight instead of waiting for their answers.
 */
export interface ClosableTransport extends Transport { close(): Promise<void>; destroy(): Promise<void> }

/**
 * Sends with undici, in the test process itself: no redirects followed, any status returned, a
 * body read up to `maxBytes` (past it, a TransportError that keeps the head of the body), on
 * the connection the request asks for (src/client/connections.ts), in its framing
 * (src/client/framed.ts; Expect and HTTP/1.0 over node:http, src/client/node-send.ts), each
 * connection made with `tls`, the profile's TLS options (src/client/tls.ts). An answer
 * undici's parser refuses is a FramingError. `npm run bench` measures it against Playwright's
 * request context; the suite uses it because it is the faster of the two.
 *
 * It sends through undici's `dispatch`, the API undici's own `request` is built on, with a
 * handler that gathers the body's chunks: `request` wraps each response in a stream, an
 * async iterator and an AbortSignal, a third of the client's CPU time per request (measured
 * in issue 20), and the harness reads every body whole anyway.
 *
 * Stalls (issue 29): a request written on a kept connection that brings no head within the
 * adaptive deadline (src/client/deadline.ts) is judged by src/client/stalls.ts; `stalls`, when
 * given, is where the run's workers tell each other of one (src/runner/transport.ts): Playwright
 * starts a new worker after every failed test, and each would find the stall again.
 */
export function undiciTransport(timeoutMs: number, maxBytes = DEFAULT_MAX_RESPONSE_BYTES, stalls?: SharedLog, tls?: TargetTls): ClosableTransport {
  const limits: Limits = { timeoutMs, maxBytes };
  const connections = new Connections(tls);
  const deadline = new HeadDeadline(timeoutMs);
  const overNode = new Set<NodeSend>();

  const start = (req: WireRequest, shape: Shaped, connection: string | undefined, watch: boolean): Exchange => {
    const { origin, path } = parsed(req.url);
    const body = typeof shape.body === 'function' ? shape.body() : shape.body;
    return new Exchange(connections.take(connection, origin), { origin, path: shape.path ?? path, method: req.method, headers: shape.headers, body }, limits, deadline, watch);
  };

  /** What an exchange's failure is to the harness: the target's framing, or the transport's. */
  async function failure(err: unknown, exchange: Exchange): Promise<TransportError> {
    if (err instanceof TransportError) return err;
    if ((err as Error).name === 'TimeoutError') return new NoAnswer(cause(err, timeoutMs));
    // A TLS alert after the handshake (a client certificate refused or missing) reaches undici as the close that follows it.
    const alert = tlsErrorOn(exchange.socket);
    if (alert) return new TransportError(cause(alert, timeoutMs));
    const received = receivedOn(exchange);
    const refused = await undiciRefusal(err, received, exchange.headAt !== undefined);
    if (refused) return refused;
    const closed = closedAfterHandshake(exchange.socket, exchange.reused, received, err as { code?: string });
    return new TransportError(`${cause(err, timeoutMs)}${closed ? `; ${closed}` : ''}`);
  }

  /** The request once more, on a fresh connection: a kept one was closed as it crossed it (src/client/idle-close.ts). */
  async function once(req: WireRequest): Promise<WireResponse> {
    const again = start(req, shaped(req), FRESH, false);
    try {
      return await again.response;
    } catch (err) {
      throw await failure(err, again);
    } finally {
      connections.release(again.dispatcher);
    }
  }

  const judge = new Stalls({
    fresh: (req) => start(req, shaped(req), FRESH, false),
    failure,
    release: (exchange) => connections.release(exchange.dispatcher),
    deadlineMs: () => deadline.ms(),
  }, stalls);

  return {
    async send(req: WireRequest): Promise<WireResponse> {
      if (overNodeHttp(req)) {
        const sent = req.message ? sendMessage(req, limits, tls) : sendOverNodeHttp(req, limits, tls);
        overNode.add(sent);
        try {
          return await sent.response;
        } finally {
          overNode.delete(sent);
        }
      }
      const first = start(req, shaped(req), judge.freshOnly() ? FRESH : req.connection, true);
      try {
        const outcome = await first.outcome;
        if (typeof outcome === 'number') return await judge.judge(req, first, outcome);
        judge.answered();
        return outcome;
      } catch (err) {
        if (closedUnanswered(err, first)) return await once(req);
        throw await failure(err, first);
      } finally {
        connections.release(first.dispatcher);
      }
    },
    async close() {
      deadline.stop();
      await Promise.all([connections.close(), ...[...overNode].map((s) => s.response.catch(() => undefined))]);
    },
    async destroy() {
      judge.destroy();
      deadline.stop();
      for (const sent of overNode) sent.cancel();
      await connections.destroy();
    },
  };
}

/**
 * A run sends to a handful of URLs (an operation and a format each, a few probes): each is
 * parsed once, not once per request.
 */
const urls = new Map<string, { origin: string; path: string }>();
function parsed(href: string): { origin: string; path: string } {
  let url = urls.get(href);
  if (!url) {
    const { origin, pathname, search } = new URL(href);
    url = { origin, path: pathname + search };
    if (urls.size < 256) urls.set(href, url);
  }
  return url;
}
