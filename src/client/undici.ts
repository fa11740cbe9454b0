import { cause } from './answer.ts';
import { Connections, FRESH } from './connections.ts';
import { HeadDeadline } from './deadline.ts';
import { Exchange, Stall, type Limits } from './exchange.ts';
import { overNodeHttp, shaped, type Shaped } from './framed.ts';
import { sendOverNodeHttp, type NodeSend } from './node-send.ts';
import { undiciRefusal } from './refused.ts';
import { receivedOn } from './sockets.ts';
import { FramingError, TransportError, type Transport, type WireRequest, type WireResponse } from './transport.ts';
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
 * (src/client/framed.ts; Expect and HTTP/1.0 over node:http, src/client/node-send.ts). An answer
 * undici's parser refuses is a FramingError. `npm run bench` measures it against Playwright's
 * request context; the suite uses it because it is the faster of the two.
 *
 * It sends through undici's `dispatch`, the API undici's own `request` is built on, with a
 * handler that gathers the body's chunks: `request` wraps each response in a stream, an
 * async iterator and an AbortSignal, a third of the client's CPU time per request (measured
 * in issue 20), and the harness reads every body whole anyway.
 *
 * Stalls (issue 29): a request written on a connection that brings no head within the adaptive
 * deadline (src/client/deadline.ts) is sent once more on a fresh connection with the whole time
 * limit. When the first went out on a kept connection and the fresh one answers within the
 * deadline, the answer carries `stalled` (WIRE-KEEP-ALIVE fails), and from then on this
 * transport sends every request, named connections too, on a fresh connection: a target that
 * leaves kept connections unanswered must cost one stall, not one per request. `stalls`, when
 * given, is where the run's workers tell each other so (src/runner/transport.ts): Playwright starts
 * a new worker after every failed test, and each would find the stall again.
 */
export function undiciTransport(timeoutMs: number, maxBytes = DEFAULT_MAX_RESPONSE_BYTES, stalls?: SharedLog): ClosableTransport {
  const limits: Limits = { timeoutMs, maxBytes };
  const connections = new Connections();
  const deadline = new HeadDeadline(timeoutMs);
  const overNode = new Set<NodeSend>();
  let keptStall = false;
  // Another worker's stall is read at most every STALLS_READ_MS: a file stat per request would cost more than it saves.
  let readAt = -Infinity;
  const freshOnly = (): boolean => {
    if (keptStall || !stalls) return keptStall;
    const now = performance.now();
    if (now - readAt >= STALLS_READ_MS) {
      readAt = now;
      keptStall = stalls.lines().length > 0;
    }
    return keptStall;
  };

  const start = (req: WireRequest, shape: Shaped, connection: string | undefined, watch: boolean): Exchange => {
    const { origin, path } = parsed(req.url);
    const body = typeof shape.body === 'function' ? shape.body() : shape.body;
    return new Exchange(connections.take(connection, origin), { origin, path, method: req.method, headers: shape.headers, body }, limits, deadline, watch);
  };

  /** What an exchange's failure is to the harness: the target's framing, or the transport's. */
  async function failure(err: unknown, exchange: Exchange): Promise<TransportError> {
    if (err instanceof TransportError) return err;
    if ((err as Error).name === 'TimeoutError') return new NoAnswer(cause(err, timeoutMs));
    return await undiciRefusal(err, receivedOn(exchange), exchange.headAt !== undefined) ?? new TransportError(cause(err, timeoutMs));
  }

  /** The request stalled: once more on a fresh connection, with the whole time limit. */
  async function again(req: WireRequest, shape: Shaped, stall: Stall): Promise<WireResponse> {
    const kept = `${Math.round(stall.keptMs)} ms on a ${stall.reused ? 'kept-alive' : 'new'} connection`;
    const retry = start(req, shape, FRESH, false);
    let response: WireResponse;
    try {
      response = await retry.response;
    } catch (err) {
      const named = await failure(err, retry);
      if (named instanceof FramingError || named.response) throw named;
      if (named instanceof NoAnswer) throw new NoAnswer(`no response within ${kept}, nor within ${timeoutMs} ms on a fresh one`);
      throw new TransportError(`no response within ${kept}; on a fresh one: ${named.message}`);
    } finally {
      connections.release(retry.dispatcher);
    }
    if (!stall.reused || response.firstByteMs! > deadline.ms()) return response;
    if (!keptStall) stalls?.append(`${req.url}: no answer in ${Math.round(stall.keptMs)} ms on a kept connection`);
    keptStall = true;
    return { ...response, stalled: { keptMs: stall.keptMs, freshMs: response.firstByteMs! } };
  }

  // Stalled requests are sent again one at a time: against a target that answers no connection
  // at all, the first retry's silence ends the others' wait at once, so a hanging target gets
  // each request in flight once more at most, not all of them twice (the breaker then stops the run).
  let retries: Promise<unknown> = Promise.resolve();
  let answersNone = false;
  const retried = (req: WireRequest, shape: Shaped, stall: Stall): Promise<WireResponse> => {
    const turn = retries.then(async () => {
      if (answersNone) throw new NoAnswer(`no response within ${Math.round(stall.keptMs)} ms, and a fresh connection brought none either just before`);
      try {
        return await again(req, shape, stall);
      } catch (err) {
        if (err instanceof NoAnswer) answersNone = true;
        throw err;
      }
    });
    retries = turn.catch(() => undefined);
    return turn;
  };

  return {
    async send(req: WireRequest): Promise<WireResponse> {
      if (overNodeHttp(req)) {
        const sent = sendOverNodeHttp(req, limits);
        overNode.add(sent);
        try {
          return await sent.response;
        } finally {
          overNode.delete(sent);
        }
      }
      const shape = shaped(req);
      const first = start(req, shape, freshOnly() ? FRESH : req.connection, true);
      try {
        const response = await first.response;
        answersNone = false;
        return response;
      } catch (err) {
        if (err instanceof Stall) return retried(req, shape, err);
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
      deadline.stop();
      for (const sent of overNode) sent.cancel();
      await connections.destroy();
    },
  };
}

const STALLS_READ_MS = 250;

/** The time limit passed without the whole answer. */
class NoAnswer extends TransportError {}

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
