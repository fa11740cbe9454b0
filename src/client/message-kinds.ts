/**
 * Messages a client can send to observe what RFC 9110 and RFC 9112 oblige an origin server to do
 * with them (contract/standards-audit.yaml): each is the profile's request, built as a case builds
 * it, changed in one way on the wire, and judged on its own rule only (src/checks/message.ts),
 * never on the response rules: the answer to a message HTTP forbids is HTTP's, not the
 * operation's. src/client/messages.ts sends them.
 */
export const MESSAGES = [
  'no-host', 'two-hosts', 'invalid-host', 'space-before-colon', 'content-length-twice', 'transfer-encoding-gzip',
  'connection-close', 'body-cut-short', 'other-method', 'huge-header',
] as const;
export type MessageKind = (typeof MESSAGES)[number];

export const isMessage = (name: string): name is MessageKind => (MESSAGES as readonly string[]).includes(name);

/** The catalog rule each message is judged on. */
export const MESSAGE_RULE: Record<MessageKind, string> = {
  'no-host': 'HTTP-HOST',
  'two-hosts': 'HTTP-HOST',
  'invalid-host': 'HTTP-HOST',
  'space-before-colon': 'HTTP-FIELD-NAME-WHITESPACE',
  'content-length-twice': 'HTTP-CONTENT-LENGTH-INVALID',
  'transfer-encoding-gzip': 'HTTP-TRANSFER-CODING-NOT-CHUNKED',
  'connection-close': 'HTTP-CONNECTION-CLOSE',
  'body-cut-short': 'HTTP-INCOMPLETE-BODY',
  'other-method': 'HTTP-ALLOW-ON-405',
  'huge-header': 'HTTP-HEADER-TOO-LARGE',
};

/** The header field huge-header adds: twice Node's default limit of the whole head (16 KB), past what most servers take. */
export const HUGE_FIELD_BYTES = 32 * 1024;

/** How many bytes body-cut-short's Content-Length promises beyond the body it sends. */
export const CUT_SHORT_BYTES = 16;

const DESCRIPTIONS: Record<MessageKind, string> = {
  'no-host': 'an HTTP/1.1 request without a Host header field',
  'two-hosts': 'two Host field lines with the same value',
  'invalid-host': 'a Host holding a path (host:port/v3), which is no uri-host [":" port]',
  'space-before-colon': 'a space between the Content-Type field name and its colon',
  'content-length-twice': 'two Content-Length field lines, the body\'s length and one more',
  'transfer-encoding-gzip': 'Transfer-Encoding: gzip with no chunked after it, and no Content-Length; the client then closes its side',
  'connection-close': 'Connection: close, and the same request again on the connection once the answer came',
  'body-cut-short': `a Content-Length ${CUT_SHORT_BYTES} bytes past the body, and the client closes its side after the body`,
  'other-method': 'another method than the profile\'s (GET, or POST when the profile\'s is GET) on the operation\'s path, with no body',
  'huge-header': `a header field of ${HUGE_FIELD_BYTES / 1024} KB (X-OCS-Padding)`,
};

export const describeMessage = (m: MessageKind): string => DESCRIPTIONS[m];

/** The messages after whose answer the target must close the connection (RFC 9112 6.3, 9.6), which is then waited for. */
export const MUST_CLOSE: ReadonlySet<MessageKind> = new Set(['content-length-twice', 'transfer-encoding-gzip', 'connection-close']);
