import { Agent, request, type Dispatcher } from 'undici';
import { TransportError, type Transport, type WireRequest, type WireResponse } from './transport.ts';

/** A transport that holds connections open; close it when the run is over. */
export interface ClosableTransport extends Transport { close(): Promise<void> }

/**
 * Sends with undici over kept-alive connections, in the test process itself: no redirects
 * followed, any status returned. `scripts/bench.ts` measures it against Playwright's request
 * context; the property suites use it because it is the faster of the two.
 */
export function undiciTransport(timeoutMs: number): ClosableTransport {
  const dispatcher = new Agent({ keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 });
  return {
    async send(req: WireRequest): Promise<WireResponse> {
      const started = performance.now();
      try {
        const res = await request(req.url, {
          dispatcher,
          method: req.method as Dispatcher.HttpMethod,
          headers: req.headers,
          body: req.body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        const body = await res.body.text();
        return { status: res.statusCode, headers: flatHeaders(res.headers), body, ms: performance.now() - started };
      } catch (err) {
        throw new TransportError(cause(err, timeoutMs));
      }
    },
    close: () => dispatcher.close(),
  };
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
