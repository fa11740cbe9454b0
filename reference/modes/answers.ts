import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { Exchange, Reply } from '../hooks.ts';
import type { Mode, ModeDef } from './mode.ts';

/** One request in TAIL_ONE_IN, told by its bytes (so the same request is as slow again), is in the tail. */
const TAIL_ONE_IN = 50;
const TRICKLE_GAP_MS = 2;

/** Holds an answer `ms` (a client that gave up meanwhile has nobody left to answer). */
const later = (res: ServerResponse, ms: number, write: () => void): void => {
  if (ms <= 0) return write();
  setTimeout(() => { if (!res.destroyed) write(); }, ms);
};

/** A 100 Continue and a 103 Early Hints to every HTTP/1.1 request as it arrives (RFC 9110 section 15.2: none to HTTP/1.0). */
const informational = (): Mode => ({
  arrive(req, res) {
    if (req.httpVersion !== '1.0') {
      res.writeContinue();
      res.writeEarlyHints({ link: '</v3/orders/change_receiver.json>; rel=preconnect' });
    }
    return false;
  },
});

/** Nothing is answered until `ms` after the first request came; then every answer at once, and on as usual. */
function coldStart(ms: number): Mode {
  let warmAt: number | undefined;
  return {
    arrive() {
      warmAt ??= performance.now() + ms;
      return false;
    },
    hooks: (inner) => ({ ...inner, write: (res, reply, at) => later(res, (warmAt ?? 0) - performance.now(), () => inner.write(res, reply, at)) }),
  };
}

/** One request in TAIL_ONE_IN, told by its bytes, is answered `ms` late. */
function latencyTail(ms: number): Mode {
  const slow = new WeakSet<Exchange>();
  return {
    hooks: (inner) => ({
      ...inner,
      received: (body, at) => {
        if (createHash('sha1').update(body).digest()[0]! % TAIL_ONE_IN === 0) slow.add(at);
        return inner.received(body, at);
      },
      write: (res, reply, at) => later(res, slow.has(at) ? ms : 0, () => inner.write(res, reply, at)),
    }),
  };
}

const asksFor = (at: Exchange, coding: string): boolean => new RegExp(`(^|,)\\s*${coding}\\s*(;|,|$)`, 'i').test(String(at.headers['accept-encoding'] ?? ''));

/** Writes an answer gzip-compressed (Content-Encoding: gzip) when its request's Accept-Encoding names gzip; as it is otherwise. */
const gzip = (): Mode => ({
  hooks: (inner) => ({
    ...inner,
    write: (res, reply, at) => {
      if (!asksFor(at, 'gzip')) return inner.write(res, reply, at);
      const bytes = gzipSync(reply.text);
      res.writeHead(reply.status, { ...reply.headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding', 'Content-Length': bytes.length });
      res.end(bytes);
    },
  }),
});

/** Writes every answer's body in pieces of `size` bytes, TRICKLE_GAP_MS apart, chunked. */
const trickle = (size: number): Mode => ({
  hooks: (inner) => ({
    ...inner,
    write: (res: ServerResponse, reply: Reply) => {
      const bytes = Buffer.from(reply.text);
      res.writeHead(reply.status, reply.headers);
      let at = 0;
      const next = (): void => {
        if (res.destroyed) return;
        if (at >= bytes.length) return void res.end();
        res.write(bytes.subarray(at, (at += size)));
        setTimeout(next, TRICKLE_GAP_MS);
      };
      next();
    },
  }),
});

export const ANSWER_MODES: readonly ModeDef[] = [
  { name: 'informational', description: 'sends 100 Continue and 103 Early Hints to every HTTP/1.1 request as it arrives, asked for or not, and then its answer', make: informational },
  { name: 'cold-start', defaultValue: 3000, description: 'answers nothing until N ms after its first request came, then everything at once', make: coldStart },
  { name: 'latency-tail', defaultValue: 1000, description: `answers one request in ${TAIL_ONE_IN}, told by its bytes, N ms late`, make: latencyTail },
  { name: 'gzip', description: 'compresses an answer with gzip (Content-Encoding: gzip) when its request\'s Accept-Encoding asks for gzip', make: gzip },
  { name: 'trickle', defaultValue: 64, description: `writes every answer's body in pieces of N bytes, ${TRICKLE_GAP_MS} ms apart (chunked)`, make: trickle },
];
