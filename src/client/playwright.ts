import type { APIRequestContext } from '@playwright/test';
import { TransportError, type Transport, type WireRequest, type WireResponse } from './transport.ts';

/** Sends through Playwright's `request` fixture: no redirects followed, any status returned. */
export function playwrightTransport(request: APIRequestContext, timeoutMs: number): Transport {
  return {
    async send(req: WireRequest): Promise<WireResponse> {
      const started = performance.now();
      try {
        const res = await request.fetch(req.url, {
          method: req.method,
          headers: req.headers,
          data: req.bytes ? Buffer.from(req.bytes) : req.body,
          timeout: timeoutMs,
          failOnStatusCode: false,
          maxRedirects: 0,
        });
        return { status: res.status(), headers: res.headers(), body: await res.text(), ms: performance.now() - started };
      } catch (err) {
        throw new TransportError(firstLine((err as Error).message));
      }
    },
  };
}

/** Playwright appends a call log to transport errors; the first line names the cause. */
function firstLine(message: string): string {
  return message.split('\n').find((l) => l.trim())?.replace(/^apiRequestContext\.fetch:\s*/, '') ?? message;
}
