import type { ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import { httpDate } from './clock.ts';

/**
 * RFC 9110 15.5: "Except when responding to a HEAD request, the server SHOULD send a
 * representation containing an explanation of the error situation, and whether it is a temporary
 * or permanent condition." The text of an answer to a message the service refuses before it reads
 * it as a request of the spec (its own errors carry theirs in the path's format).
 */
export const explanation = (status: number, reason: string): string =>
  `${status} ${STATUS_CODES[status] ?? ''}: ${reason}. The condition is permanent: the same message sent again is refused again.\n`;

/**
 * The answer, written whole, to a message its parser refused: the explanation, and the connection
 * closed; no content to HEAD. Dated by the machine's clock, as node:http dates the answers it
 * writes (RFC 9110 6.6.1: an origin server with a clock MUST send Date in a 4xx).
 */
export function explainedBytes(status: number, reason: string, head = false): string {
  const text = explanation(status, reason);
  const fields = head ? '' : `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n`;
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nDate: ${httpDate(new Date())}\r\n${fields}Connection: close\r\n\r\n${head ? '' : text}`;
}

/**
 * The answer, on node:http's response, to a request read but refused before the service: the
 * explanation, and the connection closed (node:http leaves the content out of an answer to HEAD,
 * whose Content-Length is then the one GET gets).
 */
export function explain(res: ServerResponse, status: number, reason: string): void {
  const text = explanation(status, reason);
  res.writeHead(status, { Connection: 'close', 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}
