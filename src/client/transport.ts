import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Format, Operation } from '../contract/load.ts';
import type { LoadedProfile } from '../profile/load.ts';

/** What goes on the wire for one request. */
export interface WireRequest { method: string; url: string; headers: Record<string, string>; body: string }

/** What came back. `ms` is for the report only; nothing asserts on time. */
export interface WireResponse { status: number; headers: Record<string, string>; body: string; ms: number }

/** The transport broke (refused, reset, timed out): the verdict is `error`, never `fail`. */
export class TransportError extends Error {}

/** The one seam between the harness and an HTTP client (Playwright's request fixture, undici). */
export interface Transport { send(request: WireRequest): Promise<WireResponse> }

const DEFAULT_CONTENT_TYPE: Record<Format, string> = { json: 'application/json', xml: 'application/xml' };

export const operationPath = (op: Operation, format: Format): string => `/v3/orders/${op}.${format}`;

/** The request for an operation and format, with the profile's HTTP assumptions applied. */
export function wireRequest(profile: LoadedProfile, baseUrl: string, op: Operation, format: Format, body: string): WireRequest {
  return {
    method: profile.http?.method ?? 'POST',
    url: baseUrl.replace(/\/+$/, '') + operationPath(op, format),
    headers: {
      ...profile.http?.headers,
      'content-type': profile.http?.contentType?.[format] ?? DEFAULT_CONTENT_TYPE[format],
    },
    body,
  };
}

/** After this many transport failures in a row, the run stops sending and fails fast. */
const BREAK_AFTER = 3;

/**
 * Consecutive transport failures, kept in a file when OCS_BREAKER_FILE names one: Playwright
 * replaces a worker process after every failed test, so memory would forget each failure.
 */
const breaker = {
  memory: [] as string[],
  read(): string[] {
    const file = process.env.OCS_BREAKER_FILE;
    if (!file) return this.memory;
    try { return readFileSync(file, 'utf8').split('\n').filter(Boolean); } catch { return []; }
  },
  failed(reason: string): void {
    const file = process.env.OCS_BREAKER_FILE;
    if (!file) { this.memory.push(reason); return; }
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(file, `${reason.replace(/\n/g, ' ')}\n`);
  },
  succeeded(): void {
    const file = process.env.OCS_BREAKER_FILE;
    if (!file) { this.memory = []; return; }
    if (existsSync(file)) rmSync(file, { force: true });
  },
};

/**
 * Wraps a transport so an unreachable or hanging target costs a few timeouts, not one per
 * test: once BREAK_AFTER requests in a row have failed, every further request fails at once
 * with the reason, and the run still ends with a full report.
 */
export function guarded(transport: Transport): Transport {
  return {
    async send(request) {
      const failures = breaker.read();
      if (failures.length >= BREAK_AFTER) {
        throw new TransportError(`not sent: the last ${failures.length} requests to the target failed (last: ${failures.at(-1)})`);
      }
      try {
        const response = await transport.send(request);
        breaker.succeeded();
        return response;
      } catch (err) {
        if (err instanceof TransportError) breaker.failed(err.message);
        throw err;
      }
    },
  };
}
