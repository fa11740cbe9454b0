import { TransportError, type Transport, type WireResponse } from './transport.ts';

/**
 * Vendor safety: a cap on the request rate (profile `safety.rps`, OCS_RPS, `--rps`), and an
 * HTTP 429 that is never judged. A 429 says "later", not "no": the request is sent again after
 * the Retry-After the target asks for (bounded), a few times, and the waits are counted for the
 * report. Still refused after that, the request is a transport error, never a rejection.
 */
export interface PoliteOptions {
  /** Requests per second this process may send; undefined: no cap. */
  rps?: number;
  /** Sends after the first 429 (default 3). */
  retries?: number;
  /** The longest single wait honoured, whatever Retry-After says (default 30 s). */
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** What 429s cost this process so far. */
export interface Waits { count: number; ms: number }

const DEFAULT_RETRIES = 3;
const DEFAULT_MAX_WAIT_MS = 30_000;
/** A 429 without a Retry-After the harness can read waits this long. */
const DEFAULT_WAIT_MS = 1_000;

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The wait a Retry-After header asks for (seconds, or an HTTP date), in ms. */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function polite(transport: Transport, opts: PoliteOptions = {}): Transport & { waits: Waits } {
  const sleep = opts.sleep ?? pause;
  const now = opts.now ?? Date.now;
  const retries = opts.retries ?? DEFAULT_RETRIES;
  const maxWait = opts.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  const gap = opts.rps ? 1000 / opts.rps : 0;
  const waits: Waits = { count: 0, ms: 0 };
  // Sends leave one at a time, each a gap after the one before really left: a busy event loop
  // that wakes a sleeper late delays the ones after it, never lets them go out together.
  let queue = Promise.resolve();
  let last = -Infinity;
  const turn = (): Promise<void> => {
    if (!gap) return queue;
    queue = queue.then(async () => {
      const wait = last + gap - now();
      if (wait > 0) await sleep(wait);
      last = now();
    });
    return queue;
  };
  return {
    waits,
    async send(request): Promise<WireResponse> {
      for (let attempt = 0; ; attempt++) {
        await turn();
        const res = await transport.send(request);
        if (res.status !== 429) return res;
        if (attempt === retries) {
          throw new TransportError(`the target answered 429 Too Many Requests ${retries + 1} times in a row (waited ${(waits.ms / 1000).toFixed(1)} s in all on this process); lower --rps or safety.rps`);
        }
        const wait = Math.min(retryAfterMs(res.headers['retry-after'], now()) ?? DEFAULT_WAIT_MS, maxWait);
        waits.count++;
        waits.ms += wait;
        await sleep(wait);
      }
    },
  };
}

/**
 * OCS_RPS, else the profile's safety.rps: the cap on requests per second for the whole run,
 * or undefined for none.
 */
export function rateLimit(safety: { rps?: number } | undefined, env: NodeJS.ProcessEnv = process.env): number | undefined {
  if (env.OCS_RPS) {
    const n = Number(env.OCS_RPS);
    if (!Number.isFinite(n) || n <= 0) throw new RangeError(`OCS_RPS must be a number of requests per second above 0, got ${env.OCS_RPS}`);
    return n;
  }
  return safety?.rps;
}
