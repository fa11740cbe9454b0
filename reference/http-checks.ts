import type { IncomingMessage, ServerResponse } from 'node:http';
import { explain } from './explained.ts';

/**
 * RFC 3986 3.2.2 and 3.2.3: a Host is uri-host [":" port], uri-host an IP-literal in brackets or
 * a reg-name (unreserved, pct-encoded, sub-delims), port digits. A path, a space, userinfo are not.
 */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*)(?::[0-9]*)?$/;

/** The last Host found well formed: a client sends the same one on every request. */
let lastHost: string | undefined;

function isHost(host: string): boolean {
  if (host === lastHost) return true;
  if (!HOST.test(host)) return false;
  lastHost = host;
  return true;
}

/**
 * What RFC 9112 3.2 has a server refuse and Node's parser lets through: more than one Host
 * field line, a Host that is no host and port, and no Host in HTTP/1.1 (Node's own check,
 * requireHostHeader, is off: its 400 has no explanation). Named checks (`host duplicate`,
 * `host invalid`, `host missing`), so a fault can leave one out. Refused as Node refuses what its
 * parser cannot read: 400, with an explanation (RFC 9110 15.5), and the connection closed, since
 * what follows on it cannot be trusted either.
 */
export function refusedHost(req: IncomingMessage, res: ServerResponse, enforces: (check: string) => boolean): boolean {
  const raw = req.rawHeaders;
  let hosts = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.length === 4 && raw[i]!.toLowerCase() === 'host') hosts++;
  const host = req.headers.host;
  const problem = hosts > 1 && enforces('host duplicate') ? 'more than one Host field line'
    : host !== undefined && !isHost(host) && enforces('host invalid') ? 'a Host that is no host and port'
      : host === undefined && req.httpVersion === '1.1' && enforces('host missing') ? 'an HTTP/1.1 request without a Host' : undefined;
  if (!problem) return false;
  req.resume();
  explain(res, 400, `${problem} (RFC 9112 3.2)`);
  return true;
}

/**
 * RFC 9112 6.1: an HTTP/1.0 message with Transfer-Encoding is taken as faulty framing, even with a
 * Content-Length, and its connection closed (400); a transfer coding the service does not
 * understand before the final chunked is answered 501. Node's parser reads both as chunked, and keeps the
 * connection an HTTP/1.0 keep-alive asks for. Named checks (`http10 transfer-encoding`,
 * `transfer-coding unknown`), refused as refusedHost refuses: an explanation, and the connection
 * closed, since the body's end cannot be trusted.
 */
export function refusedTransferCoding(req: IncomingMessage, res: ServerResponse, enforces: (check: string) => boolean): boolean {
  const codings = req.headers['transfer-encoding'];
  if (codings === undefined) return false;
  const names = codings.split(',').map((c) => c.trim().toLowerCase());
  const http10 = req.httpVersion === '1.0' && enforces('http10 transfer-encoding');
  // A coding other than chunked last is no framing at all (6.3: 400), which Node's parser answers itself, or a fault reads.
  const unknown = names.at(-1) === 'chunked' && names.some((c) => c !== 'chunked') && enforces('transfer-coding unknown');
  if (!http10 && !unknown) return false;
  req.resume();
  if (http10) explain(res, 400, 'Transfer-Encoding in an HTTP/1.0 request, whose framing is then faulty (RFC 9112 6.1)');
  else explain(res, 501, `a transfer coding this server does not understand (${codings}; RFC 9112 6.1)`);
  return true;
}
