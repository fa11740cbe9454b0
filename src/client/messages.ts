import { request, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { answer, Body, cause, flatHeaders } from './answer.ts';
import type { Limits } from './exchange.ts';
import { followUp, otherMethod, wholeRequest } from './message-bytes.ts';
import { headOf, statusLine } from './message-heads.ts';
import { CUT_SHORT_BYTES, HUGE_FIELD_BYTES, MUST_CLOSE, WATCHED_AFTER, WRITTEN_AGAIN, type MessageKind } from './message-kinds.ts';
import { Received } from './misframed.ts';
import { connection, endpointOf, type NodeSend } from './node-send.ts';
import { framingProblem } from './refused.ts';
import { RAW_KEPT } from './sockets.ts';
import { tlsReason, type TargetTls } from './tls.ts';
import { TransportError, type WireRequest, type WireResponse } from './transport.ts';

/** What the head of a message's request becomes on the wire, given node:http's head (its lines up to the blank one). */
type Rewrite = (head: string, host: string) => string;

const REWRITES: Partial<Record<MessageKind, Rewrite>> = {
  'two-hosts': (head) => head.replace(/\r\nhost: ([^\r\n]*)/i, '$&\r\nHost: $1'),
  'invalid-host': (head, host) => head.replace(/\r\nhost: [^\r\n]*/i, `\r\nHost: ${host}/v3`),
  'space-before-colon': (head) => head.replace(/\r\ncontent-type:/i, '\r\nContent-Type :'),
  'content-length-twice': (head) => head.replace(/\r\ncontent-length: (\d+)/i, (line, n: string) => `${line}\r\nContent-Length: ${Number(n) + 1}`),
  'transfer-encoding-gzip': (head) => head.replace(/\r\ncontent-length: \d+/i, '\r\nTransfer-Encoding: gzip'),
  'connection-close': (head) => head.replace(/\r\nconnection: keep-alive/i, '\r\nConnection: close'),
  'body-cut-short': (head) => head.replace(/\r\ncontent-length: (\d+)/i, (_, n: string) => `\r\nContent-Length: ${Number(n) + CUT_SHORT_BYTES}`),
  'close-in-list': (head) => head.replace(/\r\nconnection: keep-alive/i, '\r\nConnection: , close,'),
  'padded-field-value': (head) => head.replace(/\r\ncontent-type: ([^\r\n]*)/i, '\r\nContent-Type:  \t$1 \t'),
  'quoted-charset': (head) => head.replace(/\r\ncontent-type: ([^\r\n;]*)[^\r\n]*/i, '\r\nContent-Type: $1; charset="utf\\-8"'),
  'accept-encoding-unknown': (head) => head.replace(/\r\naccept-encoding: [^\r\n]*/gi, '').replace(/\r\n(host: [^\r\n]*)/i, '\r\n$1\r\nAccept-Encoding: ocs-unknown'),
};

/** The messages after whose body the client closes its side, so a server that reads to the end of the connection answers. */
const HALF_CLOSE: ReadonlySet<MessageKind> = new Set(['transfer-encoding-gzip', 'body-cut-short']);

/** The most of a later answer kept: its head is what is judged. */
const LATER_KEPT = 64 * 1024;

/**
 * Sends a message of src/client/message-kinds.ts over node:http on a connection of its own:
 * node:http writes the request (Connection: keep-alive, so it leaves the connection to the
 * target), the socket's first write has its head rewritten as the message says, and node:http's
 * parser reads the answer; a message written whole (src/client/message-bytes.ts) goes as its own
 * bytes in place of that first write. After the answer, `afterAnswer` tells how the target left
 * the connection: for a message after which it must close (RFC 9112 6.1, 6.3, 9.6), and after any
 * answer that says `close` (node:http is kept from closing the connection itself), its closing is
 * waited for, up to the time limit; after `connection-close`, an answer that says close and the
 * like (message-kinds.ts WRITTEN_AGAIN) the same request is written again, and any byte that
 * comes back is an answer to a request the target had to leave alone; after a HEAD of head-fields
 * or head-length, a GET is written and its answer's head kept. A connection closed with no answer
 * is what a target may do with some messages (a body cut short): it is told, not thrown.
 */
export function sendMessage(req: WireRequest, limits: Limits, tls?: TargetTls): NodeSend {
  const kind = req.message!;
  const url = new URL(req.url);
  // A message written whole goes as its own bytes in place of node:http's head, which carries no body.
  const whole = wholeRequest(kind, req);
  const other = kind === 'other-method';
  const bytes = other || whole ? Buffer.alloc(0) : Buffer.from(req.bytes ?? req.body);
  const headers: Record<string, string> = {
    ...(kind === 'no-host' ? {} : { host: url.host }),
    ...Object.fromEntries(Object.entries(req.headers).filter(([name]) => !/^(host|content-length|connection|expect)$/i.test(name))),
    ...(other ? {} : { 'content-length': String(bytes.length) }),
    ...(kind === 'huge-header' ? { 'x-ocs-padding': 'a'.repeat(HUGE_FIELD_BYTES) } : {}),
    connection: 'keep-alive',
  };
  const wire = new Received();
  let socket: Socket | undefined;
  let connected = false;
  let written: Buffer | undefined;
  const started = performance.now();
  const client = request({
    ...endpointOf(url),
    path: url.pathname + url.search,
    method: whole?.method ?? (other ? otherMethod(req.method) : req.method),
    headers,
    setHost: false,
    createConnection: () => {
      socket = wire.watch(connection(url, tls));
      socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => { connected = true; });
      onFirstWrite(socket, (first) => (written = whole?.bytes ?? rewritten(first, REWRITES[kind], url.host)));
      return socket;
    },
  });
  const response = new Promise<WireResponse>((resolve, reject) => {
    let done = false;
    /** Set once the answer came and the connection's end is waited for: the time limit then ends the wait, not the send. */
    let waiting: ((closed: boolean) => void) | undefined;
    const settle = (outcome: () => WireResponse): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      try {
        resolve(outcome());
      } catch (err) {
        reject(err);
      }
      client.destroy();
      socket?.destroy();
    };
    const fail = (err: Error): void => settle(() => { throw err; });
    const timer = setTimeout(() => (waiting ? waiting(false) : fail(new TransportError(`no response within ${limits.timeoutMs} ms`))), limits.timeoutMs);
    const body = new Body(limits.maxBytes);
    let responded = false;
    // node:http reads past every 1xx head before the answer's: counted, so the bytes after the answer's own head are.
    client.on('information', () => { wire.informational++; });
    /** The answer, once its head came, as it stands with the connection closed or not. */
    let answered: ((closed: boolean) => WireResponse) | undefined;
    client.on('response', (res: IncomingMessage) => {
      responded = true;
      const headAt = performance.now();
      const saysClose = /\bclose\b/i.test(String(res.headers.connection ?? ''));
      // node:http would close the connection itself on an answer that says close: it is the target's to close (HTTP-CLOSE-SENT).
      if (saysClose) (client as { shouldKeepAlive: boolean }).shouldKeepAlive = true;
      const later: Buffer[] = [];
      const came = (after: Omit<NonNullable<WireResponse['afterAnswer']>, 'saidClose' | 'statusLine' | 'afterHead' | 'laterHead'>): WireResponse => ({
        ...answer(head(res), body, limits.maxBytes, started, headAt, false),
        afterAnswer: { ...after, saidClose: saysClose, statusLine: statusLine(wire), afterHead: wire.afterHead(), ...headOf(later) },
      });
      answered = (closed) => came({ answered: true, closed, laterBytes: 0 });
      res.on('data', (chunk: Buffer) => {
        if (!body.add(chunk)) settle(() => came({ answered: true, closed: false, laterBytes: 0 }));
      });
      res.on('end', () => {
        // node:http drops the connection on the answer to a pipelined request's second part, so its closing shows nothing.
        if (!(MUST_CLOSE.has(kind) || saysClose || WATCHED_AFTER.has(kind)) || kind === 'pipelined' || !socket) {
          settle(() => came({ answered: true, closed: false, laterBytes: 0 }));
          return;
        }
        const from = wire.count;
        waiting = (closed) => settle(() => came({ answered: true, closed, laterBytes: wire.count - from }));
        socket.once('end', () => waiting?.(true));
        socket.once('close', () => waiting?.(true));
        const next = followUp(kind, req);
        if (next) {
          let kept = 0;
          socket.on('data', (chunk: Buffer) => {
            // The later answer's head is all a message judges: once it came (or 64 KiB did), a target streaming a body is not waited out.
            if (kept < LATER_KEPT) later.push(chunk);
            kept += chunk.length;
            if (kept >= LATER_KEPT || headOf(later).laterHead !== undefined) waiting?.(false);
          });
          socket.write(next);
        } else if (WRITTEN_AGAIN.has(kind) && written) {
          // An answer to the request written again is all that is waited for: it shows the connection was kept.
          socket.on('data', () => waiting?.(false));
          // node:http may have written the body apart from the head: the request again is both.
          socket.write(written.length - written.indexOf('\r\n\r\n') - 4 < bytes.length ? Buffer.concat([written, bytes]) : written);
        }
      });
      res.on('error', (err) => fail(refusal(err, wire, limits.timeoutMs)));
    });
    client.on('error', (err: Error & { code?: string }) => {
      if (waiting) return;
      // Content after the head of an answer read as to HEAD (a HEAD, a CONNECT), which node:http's parser refuses: counted, the
      // answer stands (HTTP-HEAD-NO-CONTENT judges the content; an error to CONNECT may carry some).
      if (whole?.method === 'HEAD' && answered) return settle(() => answered!(true));
      const framing = framingProblem(err, wire.raw() ?? (err as { rawPacket?: Buffer }).rawPacket?.subarray(0, RAW_KEPT));
      if (framing) return fail(framing);
      // A TLS alert after the handshake (a client certificate missing or refused) is the connection's failure, not the target's way with the message.
      if (tlsReason(err)) return fail(new TransportError(cause(err, limits.timeoutMs)));
      // Connected, and closed before an answer's head came (1xx heads aside): the target's way with the message, not the network's.
      if (connected && !responded) {
        return settle(() => ({ status: 0, headers: {}, body: '', ms: performance.now() - started, afterAnswer: { answered: false, closed: true, laterBytes: 0 } }));
      }
      fail(new TransportError(cause(err, limits.timeoutMs)));
    });
    client.end(bytes, () => {
      if (HALF_CLOSE.has(kind)) socket?.end();
    });
  });
  return { response, cancel: () => client.destroy(new Error('the transport was destroyed')) };
}

const head = (res: IncomingMessage): { status: number; headers: Record<string, string> } => ({ status: res.statusCode ?? 0, headers: flatHeaders(res.headers) });

/** The first write on a socket (node:http writes a request's head in it, with the body when it can), handed to `change` before it goes out. */
function onFirstWrite(socket: Socket, change: (first: Buffer) => Buffer): void {
  const write = socket.write;
  socket.write = function (this: Socket, chunk: string | Uint8Array, ...rest: unknown[]) {
    socket.write = write;
    const first = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : Buffer.from(chunk);
    return (write as (...args: unknown[]) => boolean).call(this, change(first), ...rest);
  } as Socket['write'];
}

/** The first write with its head (up to the blank line) rewritten; the body after it as it was. */
function rewritten(first: Buffer, rewrite: Rewrite | undefined, host: string): Buffer {
  if (!rewrite) return first;
  const end = first.indexOf('\r\n\r\n');
  if (end < 0) throw new Error('node:http wrote a request head in more than one write');
  const headText = rewrite(first.subarray(0, end).toString('latin1'), host);
  return Buffer.concat([Buffer.from(headText, 'latin1'), first.subarray(end)]);
}

/** Node's parser refusing the answer is the target's framing failure; anything else stays a transport error. */
function refusal(err: Error & { code?: string; rawPacket?: Buffer }, wire: Received, timeoutMs: number): TransportError {
  return framingProblem(err, wire.raw() ?? err.rawPacket?.subarray(0, RAW_KEPT)) ?? new TransportError(cause(err, timeoutMs));
}
