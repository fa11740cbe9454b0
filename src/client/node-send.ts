import { request, type IncomingMessage } from 'node:http';
import { connect as tcp, isIP, type Socket } from 'node:net';
import { connect as tls } from 'node:tls';
import { answer, Body, cause, flatHeaders } from './answer.ts';
import type { Limits } from './exchange.ts';
import { informationText } from './informational.ts';
import { misframed, Received } from './misframed.ts';
import { framingProblem } from './refused.ts';
import { RAW_KEPT } from './sockets.ts';
import type { TargetTls } from './tls.ts';
import { TransportError, type WireRequest, type WireResponse } from './transport.ts';

/** RFC 9110 section 10.1.1: a client that sent Expect: 100-continue need not wait long for the 100. */
const CONTINUE_WAIT_MS = 1_000;

/** A send over node:http, and how to end it before its answer when the run is destroyed. */
export interface NodeSend { response: Promise<WireResponse>; cancel(): void }

/**
 * The framings undici refuses to send (it rejects an Expect header, and writes HTTP/1.1 only),
 * sent with node:http's client on a fresh connection of their own, whose parser reads the answer:
 * - `expect-continue`: Expect: 100-continue and a Content-Length; the body goes on the 100, or
 *   after CONTINUE_WAIT_MS without an answer. A final answer before it is judged as it is, the
 *   body never sent, and the connection dropped.
 * - `http10`: the request line's HTTP/1.1 rewritten to HTTP/1.0 in the socket's first write, with
 *   Connection: close and a Content-Length. `misframed` names an answer a 1.0 client cannot read.
 * Both count the bytes the connection brought, so an answer longer than its Content-Length shows.
 * An https base URL gets a TLS socket in place of a TCP one, made with the profile's `tls`.
 */
export function sendOverNodeHttp(req: WireRequest, limits: Limits, tls?: TargetTls): NodeSend {
  const url = new URL(req.url);
  const bytes = Buffer.from(req.bytes ?? req.body);
  const http10 = req.framing === 'http10' || req.framing === 'http10-expect';
  // http10-expect: an HTTP/1.0 request with Expect: 100-continue, its body sent at once, as a 1.0 client that knows no 100 would.
  const expect = req.framing === 'expect-continue' || req.framing === 'http10-expect';
  // The Host as the URL writes it: node:http would add :443 to an https one, taking 80 for its default.
  const headers = {
    host: url.host,
    ...Object.fromEntries(Object.entries(req.headers).filter(([name]) => !/^(host|content-length|connection|expect)$/i.test(name))),
    'content-length': String(bytes.length),
    ...(http10 ? { connection: 'close' } : {}),
    ...(expect ? { expect: '100-continue' } : {}),
  };
  const wire = new Received();
  const started = performance.now();
  const client = request({
    ...endpointOf(url),
    path: url.pathname + url.search,
    method: req.method,
    headers,
    createConnection: () => {
      const socket = wire.watch(connection(url, tls));
      if (http10) asHttp10(socket);
      return socket;
    },
  });
  const response = new Promise<WireResponse>((resolve, reject) => {
    let headAt: number | undefined;
    let bodySent = false;
    let done = false;
    const finish = (outcome: () => WireResponse): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(unanswered);
      try {
        resolve(outcome());
      } catch (err) {
        reject(err);
      }
      client.destroy();
    };
    const fail = (err: Error): void => finish(() => { throw err; });
    const sendBody = (): void => {
      if (bodySent || headAt !== undefined) return;
      bodySent = true;
      client.end(bytes);
    };
    const timer = setTimeout(() => fail(new TransportError(`no response within ${limits.timeoutMs} ms`)), limits.timeoutMs);
    const unanswered = http10 ? undefined : setTimeout(sendBody, CONTINUE_WAIT_MS);
    // node:http reads past every 1xx head (a 100 it asked for or not, a 103), each an 'information'.
    const heads: string[] = [];
    client.on('information', (info) => {
      wire.informational++;
      heads.push(informationText(info));
    });
    const body = new Body(limits.maxBytes);
    const whole = (res: IncomingMessage): WireResponse => ({
      ...answer(head(res), body, limits.maxBytes, started, headAt!, false), ...(heads.length ? { informational: heads } : {}),
    });
    client.on('continue', sendBody);
    client.on('response', (res: IncomingMessage) => {
      headAt = performance.now();
      res.on('data', (chunk: Buffer) => {
        if (!body.add(chunk)) finish(() => whole(res));
      });
      res.on('end', () => finish(() => ({ ...whole(res), ...misframed(res, wire, http10) })));
      res.on('error', (err) => fail(refusal(err, wire, limits.timeoutMs)));
    });
    client.on('error', (err: Error & { code?: string }) => {
      // Bytes after a whole answer the server said it would close after: counted, and named by `misframed` at its end.
      if (headAt !== undefined && err.code === 'HPE_CLOSED_CONNECTION') return;
      fail(refusal(err, wire, limits.timeoutMs));
    });
    if (http10) sendBody();
  });
  return { response, cancel: () => client.destroy(new Error('the transport was destroyed')) };
}

const head = (res: IncomingMessage): { status: number; headers: Record<string, string> } => ({ status: res.statusCode ?? 0, headers: flatHeaders(res.headers) });

/** Where a URL's connection goes: its host without an IPv6 address's brackets, and its port, the scheme's default when it names none. */
export const endpointOf = (url: URL): { host: string; port: number } =>
  ({ host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)) });

/** A connection to the URL's endpoint: TCP, or TLS with the profile's options, whose server name wins over the host's. */
export function connection(url: URL, options: TargetTls = {}): Socket {
  const { host, port } = endpointOf(url);
  if (url.protocol !== 'https:') return tcp({ host, port });
  return tls({ ...options, host, port, servername: options.servername ?? (isIP(host) ? undefined : host), ALPNProtocols: ['http/1.1'] });
}

/** Node's parser refusing the answer is the target's framing failure; anything else stays a transport error. */
function refusal(err: Error & { code?: string; rawPacket?: Buffer }, wire: Received, timeoutMs: number): TransportError {
  return framingProblem(err, wire.raw() ?? err.rawPacket?.subarray(0, RAW_KEPT)) ?? new TransportError(cause(err, timeoutMs));
}

/** node:http writes the request's head first, in one write: its request line is rewritten there. */
function asHttp10(socket: Socket): void {
  const write = socket.write;
  socket.write = function (this: Socket, chunk: string | Uint8Array, ...rest: unknown[]) {
    socket.write = write;
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('latin1');
    const rewritten = text.replace(/^([^\r\n]*) HTTP\/1\.1\r\n/, '$1 HTTP/1.0\r\n');
    return (write as (...args: unknown[]) => boolean).call(this, typeof chunk === 'string' ? rewritten : Buffer.from(rewritten, 'latin1'), ...rest);
  } as Socket['write'];
}
