import { decodeContentCoding } from './content-coding.ts';
import { decodeBody } from './decode.ts';
import { tlsReason } from './tls.ts';
import { TransportError, type WireResponse } from './transport.ts';

/** How much of a body past the cap the evidence keeps. */
const HEAD_KEPT = 64 * 1024;

/** A status line and headers, as every client of the harness keeps them. */
export interface Head { status: number; headers: Record<string, string> }

/** A body gathered up to a cap; past it only its beginning is kept, for the evidence. */
export class Body {
  private chunks: Buffer[] = [];
  private size = 0;
  cut = false;

  constructor(private readonly maxBytes: number) {}

  /** False once the body is past the cap: the caller stops reading. */
  add(chunk: Buffer): boolean {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      this.cut = true;
      return false;
    }
    this.chunks.push(chunk);
    return true;
  }

  bytes(): Buffer {
    // One chunk, the usual answer of a few KB, is the body as it is: no copy.
    const all = this.chunks.length === 1 && !this.cut ? this.chunks[0]! : Buffer.concat(this.chunks);
    return this.cut ? all.subarray(0, HEAD_KEPT) : all;
  }
}

/**
 * The response for a head and its body, with its times from `started` (performance.now()); a
 * body past the cap is a TransportError that keeps its beginning for the evidence. A body in
 * content codings is decoded first (src/client/content-coding.ts), whether the request asked for
 * them or not (RFC 9110 12.5.3: without Accept-Encoding any coding is acceptable); one the
 * harness cannot read is a TransportError that says so, since nothing of the answer can be judged.
 */
export function answer(head: Head, body: Body, maxBytes: number, started: number, headAt: number, reused: boolean): WireResponse {
  const coded = body.cut ? { bytes: body.bytes() } : decodeContentCoding(body.bytes(), head.headers['content-encoding'], maxBytes);
  const bytes = coded.bytes;
  const decoded = decodeBody(bytes, head.headers['content-type']);
  const response: WireResponse = { status: head.status, headers: head.headers, body: decoded.body, ms: performance.now() - started, firstByteMs: headAt - started, reused };
  if (decoded.encoding !== undefined) response.encoding = decoded.encoding;
  if ('problem' in coded && coded.problem) response.contentCoding = coded.problem;
  if ('unreadable' in coded && coded.unreadable) throw new TransportError(`the answer cannot be read: ${coded.unreadable}`, response);
  if (body.cut) {
    throw new TransportError(`the response body is over ${maxBytes} bytes (profile http.maxResponseBytes raises the cap); the rest was not read`,
      { ...response, body: `${response.body}\n… (cut: the first ${bytes.length} bytes of a body over ${maxBytes} bytes)` });
  }
  return response;
}

/** Header names arrive lower-cased; a repeated header is joined as HTTP joins it. */
export function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * flatHeaders for the object undici makes for each head (its parseHeaders: a plain object, new
 * for every head and kept by nothing else), made so in place, not copied.
 */
export function joinedInPlace(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  for (const name in headers) {
    const value = headers[name];
    if (typeof value === 'string') continue;
    if (value === undefined) delete headers[name];
    else headers[name] = value.join(', ');
  }
  return headers as Record<string, string>;
}

/** The error a request gets when its time is up, named as AbortSignal.timeout names its own. */
export const timedOut = (): Error => Object.assign(new Error('the request timed out'), { name: 'TimeoutError' });

/** What a client's error says, with the system's code when the message leaves it out; a TLS failure with the profile key that fixes it. */
export function cause(err: unknown, timeoutMs: number): string {
  const e = err as Error & { code?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `no response within ${timeoutMs} ms`;
  const tls = tlsReason(e) ?? (e.cause instanceof Error ? tlsReason(e.cause) : undefined);
  if (tls) return tls;
  const detail = e.cause?.code ?? e.cause?.message ?? e.code;
  return detail && !e.message.includes(detail) ? `${e.message} (${detail})` : e.message;
}
