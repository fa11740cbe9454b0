import type { IncomingMessage, ServerResponse } from 'node:http';

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
 * field line, a Host that is no host and port (a Host missing from HTTP/1.1 Node refuses
 * itself: requireHostHeader). Named checks (`host duplicate`, `host invalid`), so a fault can
 * leave one out. Refused as Node refuses what its parser cannot read: 400 with no body, and the
 * connection closed, since what follows on it cannot be trusted either.
 */
export function refusedHost(req: IncomingMessage, res: ServerResponse, enforces: (check: string) => boolean): boolean {
  const raw = req.rawHeaders;
  let hosts = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'host') hosts++;
  const host = req.headers.host;
  const problem = (hosts > 1 && enforces('host duplicate')) || (host !== undefined && !isHost(host) && enforces('host invalid'));
  if (!problem) return false;
  req.resume();
  res.writeHead(400, { Connection: 'close', 'Content-Length': 0 });
  res.end();
  return true;
}

/**
 * RFC 9112 6.1: an HTTP/1.0 message with Transfer-Encoding is taken as faulty framing, even with a
 * Content-Length, and its connection closed (400); a transfer coding the service does not
 * understand before the final chunked is answered 501. Node's parser reads both as chunked, and keeps the
 * connection an HTTP/1.0 keep-alive asks for. Named checks (`http10 transfer-encoding`,
 * `transfer-coding unknown`), refused as refusedHost refuses: no body, and the connection closed,
 * since the body's end cannot be trusted.
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
  res.writeHead(http10 ? 400 : 501, { Connection: 'close', 'Content-Length': 0 });
  res.end();
  return true;
}
