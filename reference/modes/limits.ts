import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Mode, ModeDef } from './mode.ts';

const WINDOW_MS = 1_000;
/** How long a shedding service works on each request: long enough for requests to be in progress together. */
const WORK_MS = 5;

/** A gateway's refusal: plain text, no error body of the service's (the spec shows none for it). */
function refuse(req: IncomingMessage, res: ServerResponse, status: 429 | 503, retryAfter: boolean): true {
  req.resume();
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...(retryAfter ? { 'retry-after': '1' } : {}) });
  res.end(status === 429 ? 'Too Many Requests' : 'Service Unavailable');
  return true;
}

/** At most `limit` requests served in any second (a sliding window); past it, 429 and Retry-After: 1. */
function rateLimited(limit: number): Mode {
  const served: number[] = [];
  return {
    arrive(req, res) {
      const now = performance.now();
      while (served.length && served[0]! <= now - WINDOW_MS) served.shift();
      if (served.length >= limit) return refuse(req, res, 429, true);
      served.push(now);
      return false;
    },
  };
}

/** Past `limit` requests in progress, 503; each request is worked on WORK_MS before its answer. */
function shedding(limit: number, retryAfter: boolean): Mode {
  let inProgress = 0;
  return {
    arrive(req, res) {
      if (inProgress >= limit) return refuse(req, res, 503, retryAfter);
      inProgress++;
      res.once('close', () => inProgress--);
      return false;
    },
    hooks: (inner) => ({
      ...inner,
      write: (res, reply, at) => {
        setTimeout(() => { if (!res.destroyed) inner.write(res, reply, at); }, WORK_MS);
      },
    }),
  };
}

export const LIMIT_MODES: readonly ModeDef[] = [
  { name: 'rate-limit', defaultValue: 50, description: 'serves at most N requests in any second and answers the others 429 Too Many Requests with Retry-After: 1', make: rateLimited },
  { name: 'shed', defaultValue: 8, description: `answers 503 Service Unavailable with Retry-After: 1 to a request that comes while N are in progress (each takes ${WORK_MS} ms)`, make: (n) => shedding(n, true) },
  { name: 'shed-no-retry-after', defaultValue: 8, description: `answers 503 Service Unavailable, with no Retry-After, to a request that comes while N are in progress (each takes ${WORK_MS} ms)`, make: (n) => shedding(n, false) },
];
