import { operationPath, type Format, type Operation } from '../contract/load.ts';
import { sharedLog } from './shared-log.ts';
import type { Framing } from './framing.ts';
import type { MessageKind } from './message-kinds.ts';

/**
 * What goes on the wire for one request. `bytes`, when present, is sent in place of `body`: a
 * body that is not UTF-8 (a bad-input case) has no string form; `body` then shows it in reports.
 * `framing`: how it travels, when not plainly (src/client/framing.ts). `connection`: `fresh` for
 * a new connection used for this request alone; any other text names a kept-alive connection of
 * its own that every request with the same name shares, one at a time (a sequence); absent, any
 * connection of the pool.
 */
export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  bytes?: Uint8Array;
  framing?: Framing;
  connection?: string;
  /** A message HTTP forbids or a connection ended otherwise, built from this request (src/client/message-kinds.ts): sent by src/client/messages.ts. */
  message?: MessageKind;
}

/**
 * What came back. `ms` is for the report only; nothing asserts on time. `encoding` names what
 * was wrong with the body's bytes (not valid in the charset it declares, UTF-8 by default):
 * the body was then read with replacement characters, and the report says so.
 */
export interface WireResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Time to the whole answer, and to its status line and headers (latency; nothing asserts on time). */
  ms: number;
  firstByteMs?: number;
  encoding?: string;
  /** The answer came on a connection that had carried an earlier exchange (WIRE-KEEP-ALIVE holds there). */
  reused?: boolean;
  /**
   * The request got no answer within `keptMs` on a connection the target kept open (it neither
   * answered nor closed it), and this answer came on a fresh connection in `freshMs`
   * (WIRE-KEEP-ALIVE fails).
   */
  stalled?: { keptMs: number; freshMs: number };
  /** The 1xx heads that came before the answer (100, 103, …: RFC 9110 section 15.2), each as its lines. */
  informational?: string[];
  /**
   * The target answered this request 429 or 503 first ("not now": RFC 6585 section 4, RFC 9110
   * section 15.6.4): the statuses it gave, in order, and how long the harness waited before
   * sending it again (src/client/polite.ts). This is the answer that came after them.
   */
  pushedBack?: { statuses: number[]; waitedMs: number };
  /** The body is not in the content codings its Content-Encoding names, or is compressed under none (HTTP-CONTENT-ENCODING: src/client/content-coding.ts). */
  contentCoding?: string;
  /**
   * How the target left the connection of a message (src/client/messages.ts): whether it answered,
   * closed it, and the bytes it sent after its answer; whether the answer said close, its status
   * line as it came, the bytes after its head (a HEAD's content), and the head of the answer to a
   * request written after it (src/client/message-bytes.ts followUp).
   */
  afterAnswer?: { answered: boolean; closed: boolean; laterBytes: number; saidClose?: boolean; statusLine?: string; afterHead?: number; laterHead?: string };
  /** What breaks the answer's framing although it could be read (WIRE-RESPONSE-FRAMING, WIRE-HTTP10). */
  misframed?: { rule: 'WIRE-RESPONSE-FRAMING' | 'WIRE-HTTP10'; problem: string };
}

/**
 * The transport broke (refused, reset, timed out, a body past the cap): the verdict is
 * `error`, never `fail`. `response` is what had arrived, when anything had (the head of a
 * body that was too long), for the evidence.
 */
export class TransportError extends Error {
  constructor(message: string, readonly response?: WireResponse) {
    super(message);
  }
}

/**
 * The answer broke HTTP framing (RFC 9112 section 6): the parser refused it. It is the target's
 * failure (WIRE-RESPONSE-FRAMING), not a fault of the network: `code` is the parser's (llhttp's
 * HPE_… or undici's), `raw` a bounded excerpt of the bytes it refused.
 */
export class FramingError extends TransportError {
  constructor(message: string, readonly code: string, readonly raw?: string) {
    super(message);
  }
}

/** A request the breaker did not send: the target had stopped answering. Its message starts with NOT_SENT. */
export class NotSent extends TransportError {}
export const NOT_SENT = 'not sent: ';

/** The one seam between the harness and an HTTP client (Playwright's request fixture, undici). */
export interface Transport { send(request: WireRequest): Promise<WireResponse> }

const DEFAULT_CONTENT_TYPE: Record<Format, string> = { json: 'application/json', xml: 'application/xml' };

/** What a profile says of HTTP where the spec does not (its `http` key: contract/assumptions.yaml A-HTTP-VERB, A-CONTENT-TYPE). */
export interface HttpSettings { method?: string; contentType?: { json?: string; xml?: string }; timeoutMs?: number; maxResponseBytes?: number; headers?: Record<string, string> }

/** The request for an operation and format, with the profile's HTTP assumptions applied. */
export function wireRequest(profile: { http?: HttpSettings }, baseUrl: string, op: Operation, format: Format, body: string): WireRequest {
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

/**
 * After this many transport failures in a row, beyond the requests that may be in flight
 * together, the run stops sending and fails fast. Requests in flight fail together when a
 * target goes away (they all time out, or are all refused), so counting them costs nothing
 * then; a few connections a live target closes at once do not open the breaker.
 */
const BREAK_AFTER = 3;

/** Consecutive transport failures of the run (see sharedLog: memory would forget them). */
const failures = sharedLog('OCS_BREAKER_FILE');

/**
 * While the last read of the failures found none, they are read again at most this often: a
 * file stat before every request cost more CPU than the rest of the breaker (issue 44). Another
 * worker's failures are then seen within this span; this process's own, and every clear while
 * failures are known, at once (`changes` counts this process's appends and clears, and a wrapper
 * that has not read since the last one reads before its next send). An answer got meanwhile
 * still ends the failures another worker wrote before it: each failure carries when it came, and
 * a read counts only those since this wrapper's last answer, clearing the file when none are
 * (an answer here did not clear failures it had not read yet, and a live target's run could stop).
 */
const QUIET_READ_MS = 250;
let changes = 0;

/**
 * Wraps a transport so an unreachable or hanging target costs a few timeouts, not one per
 * check: once BREAK_AFTER requests in a row beyond the `inFlight` sent together have failed,
 * every further request fails at once with the reason, and the run still ends with a full
 * report.
 */
export function guarded(transport: Transport, inFlight: number | (() => number) = 1): Transport {
  // The requests in flight now: a paced run's window moves (src/client/pace.ts).
  const together = typeof inFlight === 'number' ? () => inFlight : inFlight;
  /** The failures as last read, when, and how many of this process's changes had been made then. */
  let recent: string[] = [];
  let readAt = -Infinity;
  let seen = -1;
  /** When this wrapper last got an answer (Date.now(), as failures are stamped): failures before it are not in a row. */
  let answeredAt = -Infinity;
  const read = (): string[] => {
    const now = performance.now();
    if (seen === changes && !recent.length && now - readAt < QUIET_READ_MS) return recent;
    const lines = failures.lines();
    recent = lines.filter((line) => failedAt(line) >= answeredAt);
    if (lines.length && !recent.length) clearFailures();
    readAt = now;
    seen = changes;
    return recent;
  };
  const answered = (known: string[]): void => {
    answeredAt = Date.now();
    if (known.length) clearFailures();
  };
  return {
    async send(request) {
      const known = read();
      if (known.length >= BREAK_AFTER + together() - 1) {
        throw new NotSent(`${NOT_SENT}the last ${known.length} requests to the target failed (last: ${reasonOf(known.at(-1)!)})`);
      }
      try {
        const response = await transport.send(request);
        answered(known);
        return response;
      } catch (err) {
        // An answer the parser refused is still an answer: the target is there.
        if (err instanceof FramingError) answered(known);
        else if (err instanceof TransportError) appendFailure(err.message);
        throw err;
      }
    },
  };
}

/** A failure is kept with when it came (Date.now(): the same clock in every worker), then its reason. */
function appendFailure(reason: string): void {
  failures.append(`${Date.now()} ${reason}`);
  changes++;
}

const failedAt = (line: string): number => Number(line.slice(0, line.indexOf(' ')));
const reasonOf = (line: string): string => line.slice(line.indexOf(' ') + 1);

function clearFailures(): void {
  failures.clear();
  changes++;
}

/** Texts up to this long are remembered masked, at most REMEMBERED of them (then forgotten at once and remembered anew). */
const REMEMBERED_CHARS = 8 * 1024;
const REMEMBERED = 512;

/**
 * `mask` remembering what it gave for the texts it was last given: a target answers most requests
 * with one of a few bodies and header values, and finding one in a map is a fraction of reading it
 * for secrets (issue 44). A gate gives the same text for the same text (src/profile/mask.ts reads
 * nothing but its secrets and words), so remembering changes nothing it gives.
 */
export function remembering(mask: (text: string) => string): (text: string) => string {
  let known = new Map<string, string>();
  return (text) => {
    if (text.length > REMEMBERED_CHARS) return mask(text);
    let out = known.get(text);
    if (out === undefined) {
      out = mask(text);
      if (known.size >= REMEMBERED) known = new Map();
      known.set(text, out);
    }
    return out;
  };
}

/**
 * Masks the secrets in every response as soon as it is read, before anything judges, cuts,
 * quotes or attaches it: a target that echoes the request must not get a piece of a secret
 * past the mask by having it cut in two. A response in which nothing changed is passed on as it
 * came, not copied.
 */
export function masking(transport: Transport, mask: (text: string) => string): Transport {
  const gate = remembering(mask);
  const masked = (res: WireResponse): WireResponse => {
    const body = gate(res.body);
    let headers = res.headers;
    for (const name in res.headers) {
      const value = res.headers[name]!;
      const m = gate(value);
      if (m === value) continue;
      if (headers === res.headers) headers = { ...res.headers };
      headers[name] = m;
    }
    // The target's own status line, and a head it sent after the answer, are quoted by the checks of the messages it was sent.
    const after = res.afterAnswer;
    const afterAnswer = after && (after.statusLine !== undefined || after.laterHead !== undefined)
      ? { ...after, ...(after.statusLine !== undefined ? { statusLine: gate(after.statusLine) } : {}), ...(after.laterHead !== undefined ? { laterHead: gate(after.laterHead) } : {}) }
      : after;
    if (body === res.body && headers === res.headers && afterAnswer === after && !res.misframed && !res.informational && !res.contentCoding) return res;
    return {
      ...res, body, headers,
      ...(afterAnswer ? { afterAnswer } : {}),
      // The problem quotes the target's own header values, and so may a 1xx head.
      ...(res.misframed ? { misframed: { ...res.misframed, problem: gate(res.misframed.problem) } } : {}),
      ...(res.informational ? { informational: res.informational.map((h) => gate(h)) } : {}),
      ...(res.contentCoding ? { contentCoding: gate(res.contentCoding) } : {}),
    };
  };
  return {
    async send(request) {
      try {
        return masked(await transport.send(request));
      } catch (err) {
        // The same kind of error (a NotSent stays one), its message, kept head and bytes masked.
        if (err instanceof FramingError) throw new FramingError(mask(err.message), err.code, err.raw === undefined ? undefined : mask(err.raw));
        if (err instanceof TransportError) throw new (err.constructor as typeof TransportError)(mask(err.message), err.response && masked(err.response));
        throw err;
      }
    },
  };
}

/** Opens the breaker before anything is sent: the run's preflight found the target down. */
export function openBreaker(reason: string, inFlight = 1): void {
  for (let i = 0; i < BREAK_AFTER + inFlight - 1; i++) appendFailure(reason);
}
