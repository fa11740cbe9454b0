import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { generatedAt, httpDate } from './clock.ts';
import { CONTENT_TYPES, decodeRequest, encodeResponse, type Format, type Operation } from './codec/index.ts';
import { type ErrorEntry, errorEntry, Refusal, refuse } from './errors.ts';
import { type Fixtures, loadFixtures } from './fixtures.ts';
import { type ReadBody, readBody } from './body.ts';
import { hooksFor } from './faults.ts';
import { servingIn } from './modes.ts';
import type { Exchange } from './hooks.ts';
import { refusedHost, refusedTransferCoding } from './http-checks.ts';
import { readThrough } from './raw-connection.ts';
import type { Context, SuccessData } from './operations/context.ts';
import { changePickup } from './operations/pickup.ts';
import { changeReceiver } from './operations/receiver.ts';

export interface ReferenceOptions {
  fixtures?: Fixtures;
  now?: () => Date;
  /** A fault of reference/faults.ts to serve with, by name; none serves the spec faithfully. */
  fault?: string;
  /** Operating modes of reference/modes.ts (`NAME` or `NAME=N`): conformant ways of answering, never faults. */
  modes?: readonly string[];
  /** Hears of every internal error (HTTP 500); by default each is printed on stderr. */
  onInternalError?: (err: unknown) => void;
  /**
   * Serve over TLS with this certificate and key (PEM); with `ca`, a client must present a
   * certificate that CA issued, as B2B endpoints ask (the handshake refuses any other).
   */
  tls?: { cert: Buffer; key: Buffer; ca?: Buffer };
}

const OPERATIONS: Record<Operation, (body: Record<string, unknown>, ctx: Context) => SuccessData> = {
  receiver: changeReceiver,
  pickup: changePickup,
};

const ROUTE = /^\/v3\/orders\/change_(receiver|pickup)\.(json|xml)$/;

/** The request-target's path. */
const pathOf = (target: string): string => new URL(target, 'http://reference').pathname;

// A stalled client must not hold a connection for long; the check interval sets the timers' resolution.
// A Host missing is refused by reference/http-checks.ts, with an explanation (Node's own 400 has none).
export const SERVER_OPTIONS = { requestTimeout: 15_000, headersTimeout: 10_000, connectionsCheckingInterval: 1_000, requireHostHeader: false };

function createReference(opts: ReferenceOptions = {}): Server {
  const serving = servingIn(opts.modes ?? []);
  const ctx: Context = { fixtures: opts.fixtures ?? loadFixtures(), now: opts.now ?? (() => new Date()), hooks: serving.hooks(hooksFor(opts.fault)) };
  const onInternalError = opts.onInternalError ?? ((err: unknown) => console.error('reference: internal error:', err));
  const connections = new WeakMap<Socket, object>();
  const connectionOf = (socket: Socket): object => {
    let token = connections.get(socket);
    if (!token) connections.set(socket, (token = {}));
    return token;
  };
  // Made once, not per request: a closure made per request is named at run time in the bundle (bin/compiled.js keeps names).
  const fail = (res: ServerResponse, where: Exchange, err: unknown): void => {
    onInternalError(err);
    internalError(res, ctx, where);
  };
  // What a request's answer fails with: a Refusal answers it, anything else is a bug (500); only a
  // failure to answer the refusal itself (a bug) is answered as JSON.
  const failed = (res: ServerResponse, at: Exchange, err: unknown): void => {
    try {
      if (err instanceof Refusal) sendErrors(res, ctx, at, err);
      else fail(res, at, err);
    } catch (again) {
      fail(res, { ...at, format: 'json' }, again);
    }
  };
  const answer = (res: ServerResponse, at: Exchange, op: Operation, read: ReadBody): void => {
    try {
      respond(res, ctx, at, op, read);
    } catch (err) {
      failed(res, at, err);
    }
  };
  const handle: RequestListener = (req, res) => {
    // A mode may answer first (a 429, a 503) or send 1xx heads before the service reads the request.
    if (serving.arrive(req, res)) return;
    if (refusedHost(req, res, ctx.hooks.enforces) || refusedTransferCoding(req, res, ctx.hooks.enforces)) return;
    const target = req.url ?? '/';
    // An operation's own path as it comes is already one (nothing to resolve, no query).
    let path = target;
    let route = ROUTE.exec(target);
    if (!route) route = ROUTE.exec((path = pathOf(target)));
    const op = route?.[1] as Operation | undefined;
    const at: Exchange = {
      op,
      // An unknown path still answers in the format its extension suggests.
      format: route ? (route[2] as Format) : path.endsWith('.xml') ? 'xml' : 'json',
      headers: req.headers,
      httpVersion: req.httpVersion,
      target,
      connection: connectionOf(req.socket),
    };
    try {
      arrived(req, res, ctx, at);
    } catch (err) {
      failed(res, at, err);
      return;
    }
    // Read without a promise: a client gone before the end of its body has nobody to answer.
    readBody(req, (read) => answer(res, at, op!, read));
  };
  const options = ctx.hooks.serverOptions(SERVER_OPTIONS);
  const { tls } = opts;
  const server = tls
    ? createTlsServer({ ...options, cert: tls.cert, key: tls.key, ...(tls.ca ? { ca: tls.ca, requestCert: true, rejectUnauthorized: true } : {}) }, handle)
    : createServer(options, handle);
  const { clientError } = ctx.hooks;
  if (clientError) server.on('clientError', (err: Error, socket: Duplex) => clientError(err, socket, server));
  if (ctx.hooks.raw) readThrough(server, ctx.hooks.raw);
  serving.serve(server);
  return server;
}

export async function startReference(
  opts: ReferenceOptions & { port?: number } = {},
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = createReference(opts);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return { url: `${opts.tls ? 'https' : 'http'}://127.0.0.1:${port}`, server, close: () => closeServer(server) };
}

/** Stops listening and drops open connections, keep-alive ones included, so close never waits on a client. */
function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((err) => (err ? reject(err) : resolve()));
    server.closeAllConnections();
  });
}

/** Throws the Refusal that answers a request from its head, when one does; else its body is read. */
function arrived(req: IncomingMessage, res: ServerResponse, ctx: Context, at: Exchange): void {
  if (!at.op) {
    req.resume();
    throw refuse(100404);
  }
  if (req.method !== 'POST' && ctx.hooks.enforces(`method ${req.method}`)) {
    req.resume();
    res.setHeader('Allow', 'POST');
    throw refuse(100405);
  }
  ctx.hooks.head(at);
}

/** Answers success from the body read, or throws the Refusal that answers instead. */
function respond(res: ServerResponse, ctx: Context, at: Exchange, op: Operation, read: ReadBody): void {
  if ('tooLarge' in read) throw refuse(100004);
  const body = ctx.hooks.received(ctx.hooks.body(read.pieces, at), at);
  const data = OPERATIONS[op](ctx.hooks.request(decodeRequest(at.format, op, body, ctx.hooks.enforces), at), ctx);
  send(res, ctx, at, 200, { metadata: metadata(ctx, 200), data });
}

function metadata(ctx: Context, status: number): { status: number; generated_at: string } {
  return { status, generated_at: generatedAt(ctx.now(), ctx.fixtures.timeZone) };
}

function sendErrors(res: ServerResponse, ctx: Context, at: Exchange, refusal: Refusal): void {
  send(res, ctx, at, refusal.httpStatus, { metadata: metadata(ctx, refusal.httpStatus), errors: refusal.errors });
}

function send(res: ServerResponse, ctx: Context, at: Exchange, status: number, body: Record<string, unknown>): void {
  const out = ctx.hooks.answer({ status, format: at.format, body }, at);
  // The service's clock dates the answer (RFC 9110 6.6.1), as it stamps generated_at: a fixed or offset clock moves both.
  const headers = { 'Content-Type': CONTENT_TYPES[out.format], Date: httpDate(ctx.now()) };
  ctx.hooks.write(res, { status: out.status, headers, text: encodeResponse(out.format, out.body) }, at);
}

/** A bug, never bad input: answer 500 when the response is still ours to write. */
function internalError(res: ServerResponse, ctx: Context, at: Exchange): void {
  if (res.headersSent || res.destroyed) return;
  const errors: ErrorEntry[] = [errorEntry(100500)];
  try {
    send(res, ctx, at, 500, { metadata: metadata(ctx, 500), errors });
  } catch {
    res.destroy();
  }
}
