import { subscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import { pastInformational, type Awaiting } from './informational.ts';

/**
 * What an exchange learns about the connection undici wrote it on, which undici does not tell
 * a handler: whether the connection had carried an answer before (WIRE-KEEP-ALIVE is judged
 * there), and the bytes it brought back, for the evidence when its parser refuses them.
 *
 * undici 7's client-h1.js `writeH1` calls the handler's `onRequestStart` and then, in the same
 * synchronous call, publishes `undici:client:sendHeaders` with the socket: `writingOn` marks the
 * exchange in onRequestStart, and the subscriber below, the next publish, takes it. Nothing can
 * run between the two (undici returns between them only when onRequestStart aborted, and the
 * handler marks nothing then); a publish from another undici (Node's fetch) finds no mark. Only
 * HTTP/1.1 publishes so: the harness does not enable h2. The same write starts the connection's
 * wait for its answer's final head: 1xx heads before it are read past (src/client/informational.ts).
 */
export interface OnSocket { socket?: Socket; reused?: boolean }

/** The most of an answer's bytes kept for the evidence of a framing failure. */
export const RAW_KEPT = 2048;

interface Carried extends Awaiting { completed: number; received: Buffer[]; size: number }
const carried = new WeakMap<Socket, Carried>();
let writing: OnSocket | undefined;

export function writingOn(exchange: OnSocket): void {
  writing = exchange;
}

subscribe('undici:client:sendHeaders', (message) => {
  const exchange = writing;
  if (!exchange) return;
  writing = undefined;
  const { socket } = message as { socket: Socket };
  let seen = carried.get(socket);
  if (!seen) {
    seen = { completed: 0, received: [], size: 0, expecting: true, heads: [] };
    carried.set(socket, seen);
    keepReceived(socket, seen);
  } else {
    // Emptied in place (receivedOn copies what it gives): no new list per request.
    seen.received.length = 0;
    seen.size = 0;
    seen.expecting = true;
    seen.held = undefined;
    if (seen.heads.length) seen.heads = [];
  }
  exchange.socket = socket;
  exchange.reused = seen.completed > 0;
});

/** The exchange's answer ended whole: its connection has carried one more. */
export function completedOn(exchange: OnSocket): void {
  const seen = exchange.socket && carried.get(exchange.socket);
  if (!seen) return;
  seen.completed++;
  seen.received.length = 0;
}

/** The first RAW_KEPT bytes the exchange's connection brought back since it was written. */
export function receivedOn(exchange: OnSocket): Buffer | undefined {
  const seen = exchange.socket && carried.get(exchange.socket);
  return seen?.size ? Buffer.concat(seen.received).subarray(0, RAW_KEPT) : undefined;
}

/** The 1xx heads the exchange's connection brought before its answer (src/client/informational.ts). */
export function informationalOn(exchange: OnSocket): string[] {
  const seen = exchange.socket && carried.get(exchange.socket);
  return seen?.heads.length ? seen.heads : NO_HEADS;
}

const NO_HEADS: string[] = [];

/**
 * undici's parser pulls a socket's bytes with `socket.read()` (it listens for 'readable'); a
 * 'data' listener would switch the socket to flowing and race it. Wrapping `read` keeps a
 * reference to each chunk until RAW_KEPT bytes, dropped when the answer ends whole: a copy of
 * nothing on the plain path; and takes any 1xx heads out of the start of an answer.
 */
function keepReceived(socket: Socket, seen: Carried): void {
  const read = socket.read;
  socket.read = function (this: Socket, size?: number) {
    const chunk = pastInformational(seen, read.call(this, size) as Buffer | null);
    if (chunk && seen.size < RAW_KEPT) {
      seen.received.push(chunk);
      seen.size += chunk.length;
    }
    return chunk;
  };
}
