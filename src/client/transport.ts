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
