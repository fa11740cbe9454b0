/**
 * A fault-injection target: a small server on 127.0.0.1 that misbehaves in one way each.
 * Modes that need a live service first (answer N requests, then hang or reset; echo; break the
 * reference's own answers) put the embedded reference behind it. A second server, `elsewhere`, is the other origin a redirect
 * points at: it counts what reaches it and keeps the headers, so a test can show nothing
 * (credentials least of all) followed the redirect.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { escaped, type EscapeName } from './escapes.ts';
import { refusedHost, refusedTransferCoding } from '../../reference/http-checks.ts';
import { readPastRefusals } from '../../reference/parser-refusals.ts';
import { SERVER_OPTIONS } from '../../reference/server.ts';

export const MODES = [
  'hang', 'drip', 'hang-after', 'reset-after', 'huge', 'invalid-utf8', 'truncated-json', 'bad-xml', 'entity-bomb',
  'redirect', 'reset', '5xx', 'html', 'content-type', 'echo', 'endless', 'too-many',
  'malformed-answers',
] as const;
export type Mode = typeof MODES[number];

export interface Hostile {
  url: string;
  /** Requests this server has seen. */
  seen(): number;
  /** When each request arrived (ms, monotonic). */
  arrivals(): number[];
  /** Requests that reached the other origin a redirect names, with their headers and bodies. */
  elsewhere(): { headers: IncomingMessage['headers']; body: string }[];
  close(): Promise<void>;
}

const HUGE_BYTES = 60 * 1024 * 1024;
/**
 * Requests answered before a mode turns: hang-after's 40, the preflight's four and some cases;
 * reset-after's 150, as many as the proxy of the first test of a target that went away answered
 * (tests/e2e/failing-target.test.ts, before it read reset-after's run): far enough into the run
 * that its workers' windows are full when the target goes away, which the bound on what is sent
 * after it went away is made of.
 */
export const ANSWERED = { 'hang-after': 40, 'reset-after': 150 } as const;

const isXml = (req: IncomingMessage): boolean => (req.url ?? '').endsWith('.xml');
const now = (): string => new Date().toISOString().slice(0, 19).replace('T', ' ');

/** A request's whole body (what arrived of it, if the client gave up). */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', () => resolve(Buffer.concat(chunks)));
  });
}

/** Where a request goes upstream: its path, also when it came in absolute form (`POST http://host/path`). */
const upstreamUrl = (upstream: string, req: IncomingMessage): string => {
  const { pathname, search } = new URL(req.url ?? '/', 'http://target');
  return `${upstream}${pathname}${search}`;
};

/**
 * A POST passed on to `upstream` as it came: its path and Content-Type, and `body`. `reset`: on a
 * connection of its own. On a kept one, the reference may close it as idle just as a request goes
 * out on it (the keep-alive race, wider on a starved loop), and the POST fails with ECONNRESET, a
 * failure of the test target, not of the harness: starved, four tests (hostile-answers, hostile,
 * pushback) failed on an unhandled ECONNRESET, each through a mode that passes requests on.
 */
export function forward(upstream: string, req: IncomingMessage, body: Buffer): ReturnType<typeof request> {
  // The request's own method (a GET or HEAD the harness sends is not made a POST here, RFC 9110
  // 9.2.1, 9.3.2); a GET's or HEAD's body is left behind, as the reference answers them 405 whatever they carry.
  const method = req.method ?? 'POST';
  const bodyless = method === 'GET' || method === 'HEAD';
  return request(upstreamUrl(upstream, req), { method: method as 'POST', headers: { 'content-type': String(req.headers['content-type']) }, ...(bodyless ? {} : { body }), reset: true });
}

/**
 * The reference's answer to a request: status, Content-Type and text; undefined when the request
 * was one the reference would refuse for its Host or its Transfer-Encoding (HTTP/1.0 with one, a
 * coding it does not know), refused here as there (RFC 9112 3.2, 6.1): a proxy that passed it on
 * as one request with one Host, or with a body of its own framing, would hide it from the reference.
 */
async function upstreamAnswer(upstream: string, req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<{ status: number; type: string; text: string; fields: Record<string, string> } | undefined> {
  if (refusedHost(req, res, () => true) || refusedTransferCoding(req, res, () => true)) return undefined;
  const up = await forward(upstream, req, body);
  // A 405's Allow goes back with it (RFC 9110 15.5.6): a mode that dropped it would break HTTP-ALLOW-ON-405 for the reference.
  const fields: Record<string, string> = up.headers.allow === undefined ? {} : { allow: String(up.headers.allow) };
  return { status: up.statusCode, type: String(up.headers['content-type']), text: await up.body.text(), fields };
}

/** Passes a POST on to `upstream` and its answer back: status, Content-Type and body. */
export async function proxy(upstream: string, req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
  const up = await upstreamAnswer(upstream, req, res, body);
  if (!up) return;
  res.writeHead(up.status, { ...up.fields, 'content-type': up.type });
  res.end(up.text);
}

/**
 * The reference's answer made not well-formed, though complete and well framed: a raw line feed
 * inside the JSON string generated_at, or a bare `&` inside the XML element.
 */
function malformed(text: string, xml: boolean): string {
  const open = xml ? '<generated_at>' : '"generated_at":"';
  const at = text.indexOf(open) + open.length;
  return `${text.slice(0, at)}${xml ? 'R&D ' : '\n'}${text.slice(at)}`;
}

/** Where reports cut a body: a finding's excerpt (200 characters), the evidence's (64 KiB). */
const CUTS = [200, 64 * 1024];
/** How many characters of the appkey stand before a cut: most of it, as the issue found. */
const BEFORE_CUT = 13;

/**
 * The forms an echo quotes the request in, each in every answer, so what a report shows does not
 * depend on which check fails first: escaped once and twice, in a mix (tests/hostile/escapes.ts:
 * `&` escaped and `"` not, `\/` and `\u`, character references, percent-encoded, a form's `+`).
 */
const FORMS: { chain: EscapeName[]; bits: boolean[] }[] = [
  { chain: ['xml-named'], bits: [false] },
  { chain: ['json'], bits: [true, false, false] },
  { chain: ['xml-decimal'], bits: [false, true] },
  { chain: ['xml-hex'], bits: [true] },
  { chain: ['percent'], bits: [true, false] },
  { chain: ['form'], bits: [false, false, true] },
  { chain: ['json', 'xml-named'], bits: [true, false] },
  { chain: ['percent', 'json', 'xml-hex'], bits: [false, true, true] },
];

/** How much of the request each form quotes. */
const QUOTED = 200;

/**
 * Builds an answer whose first quoted `marker` (where the appkey's value begins) ends
 * `at` characters into the text, by padding in front of the quote.
 */
function placed(build: (pad: string) => string, marker: string, at: number): string {
  const found = build('').indexOf(marker);
  return found === -1 ? build('') : build('x'.repeat(Math.max(0, at - found - marker.length)));
}

/**
 * An error answer that quotes the request back as a careless service might: raw inside a JSON
 * string or XML-escaped (what the request escaped is escaped twice), then in every form of FORMS,
 * and URL-encoded in a header; padded so that the appkey straddles one place a report cuts a
 * body, which place chosen by the request itself, never by the order requests arrive in.
 */
function echo(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  const sent = body.toString('utf8');
  const at = CUTS[[...body].reduce((h, b) => (h * 31 + b) % 1009, 0) % CUTS.length]! - BEFORE_CUT;
  // The head of the request, where its appkey and sessionID stand: the forms are many, and some are five times as long.
  const forms = FORMS.map((f) => escaped(sent.slice(0, QUOTED), f.chain, f.bits));
  if (isXml(req)) {
    const esc = (s: string): string => escaped(s, ['xml-named'], []);
    const messages = forms.map((f, i) => `<errors><code>${i + 2}</code><message>${esc(f)}</message></errors>`).join('');
    res.writeHead(400, { 'content-type': 'application/xml', 'x-echo': encodeURIComponent(sent) });
    res.end(placed((pad) => `<response><metadata><status>400</status><generated_at>${now()}</generated_at></metadata><errors><code>1</code><message>${pad}${esc(sent)}</message></errors>${messages}</response>`, '&lt;appkey>', at));
    return;
  }
  res.writeHead(400, { 'content-type': 'application/json', 'x-echo': encodeURIComponent(sent) });
  res.end(placed((pad) => JSON.stringify({
    metadata: { status: 400, generated_at: now() },
    errors: [{ code: 1, message: `${pad}${sent}` }, ...forms.map((message, i) => ({ code: i + 2, message }))],
  }), 'appkey\\":\\"', at));
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function hostile(mode: Mode, upstream: string): Promise<Hostile> {
  let seen = 0;
  const arrivals: number[] = [];
  const told = new Set<string>();
  const reached: { headers: IncomingMessage['headers']; body: string }[] = [];
  const other = createServer(async (req, res) => {
    reached.push({ headers: req.headers, body: (await readBody(req)).toString('utf8') });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"metadata":{"status":200}}');
  });
  const otherUrl = await listen(other);
  const timers = new Set<NodeJS.Timeout>();
  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const n = ++seen;
    arrivals.push(performance.now());
    const body = await readBody(req);
    const xml = isXml(req);
    const type = xml ? 'application/xml' : 'application/json';
    switch (mode) {
      case 'hang': return; // never answers
      case 'hang-after': if (n > ANSWERED[mode]) return; return proxy(upstream, req, res, body);
      case 'reset-after': {
        if (n > ANSWERED[mode]) { req.socket.destroy(); return; }
        const up = await upstreamAnswer(upstream, req, res, body);
        if (!up) return;
        // No late answer: once a request past them came, an answer still on its way from the
        // reference is not given either (its connection is reset), as a target that went away
        // answers nothing more. A late answer would be the target still there, and would rightly
        // reset the breaker's count of failures in a row: with the requests of every worker in
        // flight when it turns, the bound on what is sent after it went away would not be shown.
        if (seen > ANSWERED[mode]) { req.socket.destroy(); return; }
        res.writeHead(up.status, { ...up.fields, 'content-type': up.type });
        res.end(up.text);
        return;
      }
      case 'reset': req.socket.destroy(); return;
      case 'drip': {
        res.writeHead(200, { 'content-type': type });
        const t = setInterval(() => res.write(' '), 300);
        timers.add(t);
        res.on('close', () => { clearInterval(t); timers.delete(t); });
        return;
      }
      case 'huge': {
        res.writeHead(200, { 'content-type': type, 'content-length': String(HUGE_BYTES) });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let sent = 0;
        const pump = (): void => {
          while (sent < HUGE_BYTES) {
            sent += chunk.length;
            if (!res.write(chunk)) { res.once('drain', pump); return; }
          }
          res.end();
        };
        res.on('close', () => { sent = HUGE_BYTES; });
        pump();
        return;
      }
      case 'endless': {
        res.writeHead(200, { 'content-type': type }); // chunked: no Content-Length, and no end
        const chunk = Buffer.alloc(16 * 1024, 'z');
        let open = true;
        res.on('close', () => { open = false; });
        const pump = (): void => {
          while (open) if (!res.write(chunk)) { res.once('drain', pump); return; }
        };
        pump();
        return;
      }
      case 'invalid-utf8': {
        // The reference's own answer, with a byte no UTF-8 text holds inside a string.
        const up = await upstreamAnswer(upstream, req, res, body);
        if (!up) return;
        const { text } = up;
        const open = xml ? '<generated_at>' : '"generated_at":"';
        const at = text.indexOf(open) + open.length;
        res.writeHead(up.status, { ...up.fields, 'content-type': `${type}; charset=utf-8` });
        res.end(Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([0xff, 0xfe]), Buffer.from(text.slice(at))]));
        return;
      }
      case 'truncated-json': res.writeHead(200, { 'content-type': type }); res.end('{"metadata":{"status":200,"generated_at":"2026-'); return;
      case 'bad-xml': res.writeHead(200, { 'content-type': type }); res.end('<response><metadata><status>200</status></metadata>'); return;
      case 'entity-bomb': {
        const lol = ['<!ENTITY a0 "lollollollollollollollollollol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY a${i + 1} "${`&a${i};`.repeat(10)}">`)].join('');
        res.writeHead(200, { 'content-type': type });
        res.end(`<?xml version="1.0"?><!DOCTYPE response [${lol}]><response><metadata><status>200</status><generated_at>&a9;</generated_at></metadata></response>`);
        return;
      }
      case 'redirect': res.writeHead(307, { location: `${otherUrl}${req.url}` }); res.end(); return;
      case '5xx': res.writeHead(503, { 'content-type': 'text/plain' }); res.end('Service Unavailable'); return;
      case 'html': res.writeHead(200, { 'content-type': 'text/html' }); res.end('<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>'); return;
      case 'content-type': {
        const up = await upstreamAnswer(upstream, req, res, body);
        if (!up) return;
        res.writeHead(up.status, { ...up.fields, 'content-type': 'text/plain' });
        res.end(up.text);
        return;
      }
      case 'echo': echo(req, res, body); return;
      case 'malformed-answers': {
        const up = await upstreamAnswer(upstream, req, res, body);
        if (!up) return;
        res.writeHead(up.status, { ...up.fields, 'content-type': `${type}; charset=utf-8` });
        res.end(malformed(up.text, xml));
        return;
      }
      case 'too-many': {
        // Every third request is told to come back in a second, once per request: the rest, and
        // a request sent again after its wait, reach the reference. A burst sends the same
        // request many times at once, so a request is known by its text, and told only once.
        const key = `${req.url} ${body.toString('utf8')}`;
        if (n % 3 === 0 && !told.has(key)) {
          told.add(key);
          res.writeHead(429, { 'retry-after': '1', 'content-type': 'text/plain' });
          res.end('Too Many Requests');
          return;
        }
        return proxy(upstream, req, res, body);
      }
    }
  };
  // A failure of this target's own (its request to the reference) is said, and the connection is
  // reset, so the harness judges what a client of such a target sees: never an unhandled
  // rejection that fails whichever test runs at that moment.
  // The reference's own server options: its Host check, not Node's bare 400, and its time limits.
  const server = createServer(SERVER_OPTIONS, (req, res) => {
    answer(req, res).catch((error: unknown) => {
      console.error(`hostile target (${mode}): ${String(error)}; the connection is reset`);
      req.socket.destroy();
    });
  });
  // What Node's parser refuses and HTTP asks a server to read or answer otherwise (a method it does
  // not know, HTTP/1.2, bad whitespace around a chunk extension), read past as the reference reads
  // it: the target is hostile in its mode alone, not in the parser it stands behind.
  server.on('clientError', (err, socket) => readPastRefusals(err, socket, server));
  const url = await listen(server);
  return {
    url,
    seen: () => seen,
    arrivals: () => arrivals,
    elsewhere: () => reached,
    close: async () => {
      for (const t of timers) clearInterval(t);
      for (const s of [server, other]) {
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    },
  };
}
