import { Agent, type Dispatcher } from 'undici';
import { TransportError, type Transport, type WireRequest, type WireResponse } from './transport.ts';

/**
 * A transport that holds connections open; close it when the run is over, or destroy it when
 * the run was stopped: that fails the requests in flight instead of waiting for their answers.
 */
export interface ClosableTransport extends Transport { close(): Promise<void>; destroy(): Promise<void> }

/**
 * A response body is read up to this many bytes (profile http.maxResponseBytes): the service's
 * answers are a few KB, and a target that sends megabytes to 48 requests in flight must not
 * take the run's memory with it.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 2 * 1024 * 1024;

/** How much of a body past the cap the evidence keeps. */
const HEAD_KEPT = 64 * 1024;

/**
 * Sends with undici over kept-alive connections, in the test process itself: no redirects
 * followed, any status returned, a body read up to `maxBytes` (past it, a TransportError that
 * keeps the head of the body). `npm run bench` measures it against Playwright's request
 * context; the suite uses it because it is the faster of the two.
 *
 * It sends through undici's `dispatch`, the API undici's own `request` is built on, with a
 * handler that gathers the body's chunks: `request` wraps each response in a stream, an
 * async iterator and an AbortSignal, a third of the client's CPU time per request (measured
 * in issue 20), and the harness reads every body whole anyway.
 */
export function undiciTransport(timeoutMs: number, maxBytes = DEFAULT_MAX_RESPONSE_BYTES): ClosableTransport {
  const dispatcher = new Agent({ keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 });
  return {
    async send(req: WireRequest): Promise<WireResponse> {
      const started = performance.now();
      let head: { status: number; headers: Record<string, string> };
      let read: { bytes: Buffer; cut: boolean };
      try {
        ({ head, read } = await exchange(dispatcher, req, timeoutMs, maxBytes));
      } catch (err) {
        throw new TransportError(cause(err, timeoutMs));
      }
      const response = { ...head, ...decodeBody(read.bytes, head.headers['content-type']), ms: performance.now() - started };
      if (read.cut) {
        throw new TransportError(`the response body is over ${maxBytes} bytes (profile http.maxResponseBytes raises the cap); the rest was not read`,
          { ...response, body: `${response.body}\n… (cut: the first ${read.bytes.length} bytes of a body over ${maxBytes} bytes)` });
      }
      return response;
    },
    close: () => dispatcher.close(),
    destroy: () => dispatcher.destroy(),
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

/** The error a request gets when its time is up, named as AbortSignal.timeout names its own. */
const timedOut = (): Error => Object.assign(new Error('the request timed out'), { name: 'TimeoutError' });

/**
 * One request and its whole answer: the status and headers of the last response (a 1xx is
 * followed by the real one), and the body up to `maxBytes`. The time limit covers waiting for
 * a connection, the headers and the body; past it, or past the cap, the request is aborted.
 */
function exchange(dispatcher: Dispatcher, req: WireRequest, timeoutMs: number, maxBytes: number): Promise<{ head: { status: number; headers: Record<string, string> }; read: { bytes: Buffer; cut: boolean } }> {
  const url = parsed(req.url);
  return new Promise((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    let head = { status: 0, headers: {} as Record<string, string> };
    let chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const settle = (): boolean => {
      if (done) return false;
      done = true;
      clearTimeout(timer);
      return true;
    };
    const timer = setTimeout(() => {
      // A request still waiting for a connection has no controller yet: it is aborted when it gets one.
      if (settle()) reject(timedOut());
      controller?.abort(timedOut());
    }, timeoutMs);
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c;
        if (done) c.abort(timedOut());
      },
      onResponseStart(_c, statusCode, headers) {
        head = { status: statusCode, headers: flatHeaders(headers) };
        chunks = [];
        size = 0;
      },
      onResponseData(c, chunk) {
        if (done) return;
        size += chunk.length;
        if (size > maxBytes) {
          if (settle()) resolve({ head, read: { bytes: Buffer.concat(chunks).subarray(0, HEAD_KEPT), cut: true } });
          c.abort(new Error('the body is over the cap'));
          return;
        }
        chunks.push(chunk);
      },
      onResponseEnd() {
        if (settle()) resolve({ head, read: { bytes: Buffer.concat(chunks), cut: false } });
      },
      onResponseError(_c, err) {
        if (settle()) reject(err);
      },
    };
    try {
      dispatcher.dispatch({ origin: url.origin, path: url.path, method: req.method as Dispatcher.HttpMethod, headers: req.headers, body: req.bytes ?? req.body }, handler);
    } catch (err) {
      if (settle()) reject(err as Error);
    }
  });
}

/**
 * Decodes a body in the charset it declares (its Content-Type's, else its XML declaration's),
 * UTF-8 when it declares none (as JSON, and XML without a declaration, are). Bytes that are not valid in it are read with
 * replacement characters, and `encoding` says where the first one was, so the report names
 * it instead of judging a silently repaired body.
 */
export function decodeBody(bytes: Buffer, contentType = ''): { body: string; encoding?: string } {
  // The Content-Type's charset, else an XML declaration's encoding (RFC 7303, 8.3).
  const declared = /;\s*charset="?([^";\s]+)/i.exec(contentType)?.[1]
    ?? /^\s*<\?xml[^>]*\sencoding\s*=\s*["']([^"']+)["']/.exec(bytes.subarray(0, 200).toString('latin1'))?.[1];
  let label = declared ?? 'utf-8';
  let unknown: string | undefined;
  let strict = decoders(label);
  if (!strict) {
    unknown = `the Content-Type declares charset ${declared}, which is no known encoding; read as UTF-8`;
    label = 'utf-8';
    strict = decoders(label)!;
  }
  try {
    return { body: strict.fatal.decode(bytes), ...(unknown ? { encoding: unknown } : {}) };
  } catch {
    const at = firstInvalid(bytes, label);
    return {
      body: strict.lenient.decode(bytes),
      encoding: `${unknown ? `${unknown}; ` : ''}the body is not valid ${label === 'utf-8' ? 'UTF-8' : label}${declared && !unknown ? ' (the charset it declares)' : ''}: the first bad byte is at offset ${at}`,
    };
  }
}

const known = new Map<string, { fatal: TextDecoder; lenient: TextDecoder } | undefined>();

/**
 * A strict and a lenient decoder for a charset label, undefined for a label no decoder knows;
 * made once per label, since a decode that does not stream keeps no state between calls.
 */
function decoders(label: string): { fatal: TextDecoder; lenient: TextDecoder } | undefined {
  if (!known.has(label)) {
    try {
      known.set(label, { fatal: new TextDecoder(label, { fatal: true }), lenient: new TextDecoder(label) });
    } catch {
      known.set(label, undefined);
    }
  }
  return known.get(label);
}

/** The offset of the first byte a strict decoder refuses (a binary search over prefixes). */
function firstInvalid(bytes: Buffer, label: string): number {
  const valid = (n: number): boolean => {
    try {
      new TextDecoder(label, { fatal: true }).decode(bytes.subarray(0, n), { stream: true });
      return true;
    } catch {
      return false;
    }
  };
  let lo = 0;
  let hi = bytes.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (valid(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Header names arrive lower-cased; a repeated header is joined as HTTP joins it. */
function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function cause(err: unknown, timeoutMs: number): string {
  const e = err as Error & { code?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `no response within ${timeoutMs} ms`;
  const detail = e.cause?.code ?? e.cause?.message ?? e.code;
  return detail && !e.message.includes(detail) ? `${e.message} (${detail})` : e.message;
}
