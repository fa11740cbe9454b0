/**
 * A forwarding proxy that holds each request `delayMs` before passing it on (or, with `network`,
 * sits `delayMs` of round trip away: every byte, both ways, its own refusals included): the
 * embedded reference answers in well under a millisecond, a real target across a network does not,
 * and this shows how much of a run's wall time is spent waiting on the target. It also
 * counts what it receives and what it forwards, which `npm start` does not report. The
 * bench, the sharded run (scripts/bench/sharded.ts) and the stop tests (tests/stop/slow-target.ts)
 * all put one in front of a reference; the known-unknowns test (tests/e2e/known-unknowns.test.ts)
 * reads what it passes on.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request, type Dispatcher } from 'undici';
import { refusedHost, refusedTransferCoding } from '../../reference/http-checks.ts';
import { readPastRefusals } from '../../reference/parser-refusals.ts';
import { SERVER_OPTIONS, startReference } from '../../reference/server.ts';

/**
 * `received`: requests whose body has been read; `forwarded`: requests answered with the target's
 * answer; `pushedBack`: those answers that were a 429 or a 503 (the run sends each such request again).
 */
export interface Proxy { url: string; received(): number; forwarded(): number; pushedBack(): number; close(): Promise<void> }

/**
 * `hangAfter`: every request past that many received is never answered (a stop must not wait
 * for them). `onRequest`: shown each request's path and body as received. `network`: the delay is
 * a network's round trip, half of it each way for every byte, not a hold of each request the
 * proxy forwards: what the proxy answers itself (a request Node's parser or the Host check
 * refuses) then comes no sooner than a distant target's answers, as across a real network, where
 * a round of such answers had passed for a target a few ms away (src/client/distance.ts).
 */
export interface ProxyOptions { hangAfter?: number; onRequest?: (url: string, body: Buffer) => void; network?: boolean }

/**
 * A network `oneWayMs` long each way in front of 127.0.0.1:`port`: each chunk is passed on
 * `oneWayMs` after it came, in order (timers of one duration fire in the order they were set),
 * and so are a connection's end and its reset. The connection itself is made at once: this
 * leaves out a TCP handshake's round trip, which a run's kept connections rarely pay.
 */
async function network(port: number, oneWayMs: number): Promise<{ port: number; close(): void }> {
  const sockets = new Set<Socket>();
  const later = (then: () => void): void => { setTimeout(then, oneWayMs); };
  const carry = (from: Socket, to: Socket): void => {
    from.on('data', (chunk: Buffer) => later(() => { if (!to.destroyed) to.write(chunk); }));
    from.on('end', () => later(() => { if (!to.destroyed) to.end(); }));
    from.on('error', () => later(() => to.destroy()));
  };
  const server = createTcpServer({ allowHalfOpen: true }, (client) => {
    const upstream = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    carry(client, upstream);
    carry(upstream, client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close() {
      server.close();
      for (const s of sockets) s.destroy();
    },
  };
}

// Hop-by-hop headers belong to one connection (undici refuses most of them), and host names the
// proxy. Expect too: the proxy's own server answered the 100-continue, and undici refuses to send one.
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host', 'expect']);

function endToEnd(headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP.has(name)) out[name] = value;
  return out;
}

export async function startProxy(target: string, delayMs: number, { hangAfter = Infinity, onRequest, network: wide = false }: ProxyOptions = {}): Promise<Proxy> {
  const holdMs = wide ? 0 : delayMs;
  const dispatcher = new Agent({ keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 });
  let received = 0;
  let forwarded = 0;
  let pushedBack = 0;
  // The reference's own server options: its Host check, not Node's bare 400, and its time limits.
  const server = createServer(SERVER_OPTIONS, (req, res) => {
    // A proxy that forwarded two Hosts, a Host that is none, HTTP/1.0 with Transfer-Encoding or a
    // coding it does not know, as one would hide them from the target: it refuses them as the
    // reference does (RFC 9112 3.2, 6.1; docs/standards.md).
    if (refusedHost(req, res, () => true) || refusedTransferCoding(req, res, () => true)) return;
    (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      onRequest?.(String(req.url), Buffer.concat(chunks));
      // Left unanswered: close() drops its connection.
      if (++received > hangAfter) return;
      if (holdMs > 0) await sleep(holdMs);
      // The request-target may be in absolute form (RFC 9112 3.2.2): the target gets its path.
      const { pathname, search } = new URL(req.url ?? '/', target);
      const up = await request(target + pathname + search, {
        dispatcher,
        method: req.method as Dispatcher.HttpMethod,
        headers: endToEnd(req.headers),
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      const body = Buffer.from(await up.body.arrayBuffer());
      forwarded++;
      if (up.statusCode === 429 || up.statusCode === 503) pushedBack++;
      // An answer to HEAD has no content: its Content-Length is the target's, the length GET gets (RFC 9110 8.6).
      res.writeHead(up.statusCode, { ...endToEnd(up.headers), ...(req.method === 'HEAD' ? {} : { 'content-length': body.length }) });
      res.end(body);
    })().catch((err: unknown) => {
      // The run then fails its checks, and the bench fails loudly with the run's output.
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`bench proxy: ${(err as Error).message}`);
    });
  });
  // What Node's parser refuses and HTTP asks a server to read or answer otherwise (a method it does
  // not know, HTTP/1.2, bad whitespace around a chunk extension), read past as the reference reads
  // it: a proxy in front of the reference hides none of it from the run.
  server.on('clientError', (err, socket) => readPastRefusals(err, socket, server));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const far = wide && delayMs > 0 ? await network(port, delayMs / 2) : undefined;
  return {
    url: `http://127.0.0.1:${far?.port ?? port}`,
    received: () => received,
    forwarded: () => forwarded,
    pushedBack: () => pushedBack,
    async close() {
      far?.close();
      await new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Kept-alive client connections would otherwise hold close() open.
        server.closeAllConnections();
      });
      await dispatcher.close();
    },
  };
}

/**
 * A reference in this process (in its operating `modes`, reference/modes.ts) and a proxy per entry
 * of `delays` in front of it, closed when `use` ends. They are not part of a spawned run's process
 * tree, so its peak RSS leaves them out.
 */
export async function withProxies<T>(delays: number[], use: (proxies: Proxy[]) => Promise<T>, options: ProxyOptions = {}, modes: readonly string[] = []): Promise<T> {
  const reference = await startReference({ modes });
  const proxies: Proxy[] = [];
  try {
    for (const d of delays) proxies.push(await startProxy(reference.url, d, options));
    return await use(proxies);
  } finally {
    for (const p of proxies) await p.close();
    await reference.close();
  }
}
