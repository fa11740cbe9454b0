import type { Duplex } from 'node:stream';
import type { ParserError } from '../parser-refusals.ts';
import type { Fault } from './fault.ts';

/** node:http's own answers to what its parser refuses (lib/_http_server.js): bare, and the connection closed. */
const NODE_ANSWERS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/** What node:http does with a parser's refusal when nobody listens for 'clientError'. */
function asNode(err: ParserError, socket: Duplex): void {
  const res = (socket as Duplex & { _httpMessage?: { _headerSent: boolean } | null })._httpMessage;
  if (socket.writable && (!res || !res._headerSent)) socket.write(`HTTP/1.1 ${NODE_ANSWERS[err.code ?? ''] ?? '400 Bad Request'}\r\nConnection: close\r\n\r\n`);
  socket.destroy(err);
}

/**
 * The reference as a server behind llhttp with node:http's defaults stands (issue 42): what the
 * parser refuses first is answered as Node answers it. It breaks HTTP-BAD-WHITESPACE, a MUST; the
 * SHOULDs it misses beside (501 to a method it does not know, HTTP/1.2 read as 1.1, an explanation
 * with a 4xx) are warnings, which blame nothing (docs/standards.md).
 */
export const PARSER_FAULTS: Fault[] = [
  { name: 'parser-refusals-as-node', rule: 'HTTP-BAD-WHITESPACE',
    description: 'answers what Node\'s parser (llhttp) refuses as node:http does by default, a bare 400 and the connection closed: whitespace around a chunk extension\'s ; and = is refused, and so are a method it does not know and HTTP/1.2, none explained',
    clientError: asNode },
];
