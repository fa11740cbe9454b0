import { Agent, request, type Dispatcher } from 'undici';
import { TransportError, type Transport, type WireRequest, type WireResponse } from './transport.ts';

/** A transport that holds connections open; close it when the run is over. */
export interface ClosableTransport extends Transport { close(): Promise<void> }

/**
 * A response body is read up to this many bytes (profile http.maxResponseBytes): the service's
 * answers are a few KB, and a target that sends megabytes to 48 requests in flight must not
 * take the run's memory with it.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;

/**
 * Sends with undici over kept-alive connections, in the test process itself: no redirects
 * followed, any status returned, a body read up to `maxBytes` (past it, a TransportError).
 * `npm run bench` measures it against Playwright's request context; the suite uses it
 * because it is the faster of the two.
 */
export function undiciTransport(timeoutMs: number, maxBytes = DEFAULT_MAX_RESPONSE_BYTES): ClosableTransport {
  const dispatcher = new Agent({ keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 });
  return {
    async send(req: WireRequest): Promise<WireResponse> {
      const started = performance.now();
      try {
        const res = await request(req.url, {
          dispatcher,
          method: req.method as Dispatcher.HttpMethod,
          headers: req.headers,
          body: req.bytes ?? req.body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        const body = await readCapped(res.body, maxBytes);
        return { status: res.statusCode, headers: flatHeaders(res.headers), body, ms: performance.now() - started };
      } catch (err) {
        if (err instanceof TransportError) throw err;
        throw new TransportError(cause(err, timeoutMs));
      }
    },
    close: () => dispatcher.close(),
  };
}

async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      body.destroy();
      throw new TransportError(`the response body is over ${maxBytes} bytes (profile http.maxResponseBytes); the rest was not read`);
    }
    chunks.push(chunk as Buffer);
  }
  // As undici's body.text() decodes: UTF-8, a byte-order mark dropped.
  return new TextDecoder().decode(Buffer.concat(chunks));
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
