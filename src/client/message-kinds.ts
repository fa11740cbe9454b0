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
  // Issue 42: what a client of these endpoints can observe, whoever's client would send it.
  'chunk-extension', 'http10-transfer-encoding', 'pipelined', 'head', 'safe-method-with-body', 'absolute-form-other-host',
  'leading-empty-line', 'close-in-list', 'padded-field-value', 'close-announced', 'status-line', 'kept-alive',
  'transfer-encoding-unknown', 'quoted-charset', 'connect-empty-port', 'options', 'delete-with-body', 'accept-encoding-unknown',
  'unallowed-method', 'head-fields', 'head-length',
  // What the parser most servers stand behind (llhttp) refuses first, which RFC 9110 and RFC 9112 ask be read or answered otherwise.
  'unknown-method', 'long-method', 'http12', 'chunk-extension-whitespace', 'field-without-colon',
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
  'chunk-extension': 'HTTP-CHUNK-EXTENSION',
  'http10-transfer-encoding': 'HTTP-HTTP10-TRANSFER-ENCODING',
  'pipelined': 'HTTP-PIPELINE-ORDER',
  'head': 'HTTP-HEAD-NO-CONTENT',
  'safe-method-with-body': 'HTTP-SAFE-METHOD',
  'absolute-form-other-host': 'HTTP-ABSOLUTE-FORM-HOST',
  'leading-empty-line': 'HTTP-LEADING-EMPTY-LINE',
  'close-in-list': 'HTTP-EMPTY-LIST-ELEMENTS',
  'padded-field-value': 'HTTP-FIELD-VALUE-WHITESPACE',
  'close-announced': 'HTTP-CLOSE-SENT',
  'status-line': 'HTTP-STATUS-LINE',
  'kept-alive': 'HTTP-PERSISTENT-CONNECTIONS',
  'transfer-encoding-unknown': 'HTTP-UNKNOWN-TRANSFER-CODING',
  'quoted-charset': 'HTTP-QUOTED-PAIR',
  'connect-empty-port': 'HTTP-CONNECT-INVALID-PORT',
  'options': 'HTTP-OPTIONS-ALLOW',
  'delete-with-body': 'HTTP-DELETE-CONTENT',
  'accept-encoding-unknown': 'HTTP-NO-UNLISTED-CODING',
  'unallowed-method': 'HTTP-METHOD-NOT-ALLOWED',
  'head-fields': 'HTTP-HEAD-FIELDS',
  'head-length': 'HTTP-HEAD-CONTENT-LENGTH',
  'unknown-method': 'HTTP-METHOD-NOT-IMPLEMENTED',
  'long-method': 'HTTP-METHOD-TOO-LONG',
  'http12': 'HTTP-HIGHER-MINOR-VERSION',
  'chunk-extension-whitespace': 'HTTP-BAD-WHITESPACE',
  'field-without-colon': 'HTTP-ERROR-EXPLAINED',
};

/** The method unknown-method sends: a token no server implements. */
export const UNKNOWN_METHOD = 'OCSPROBE';

/** The method long-method sends: a token longer than any method registered with IANA (the longest, UPDATEREDIRECTREF, has 17 characters). */
export const LONG_METHOD = 'OCSPROBE-A-METHOD-LONGER-THAN-ANY-A-SERVER-IMPLEMENTS';

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
  'chunk-extension': 'the body chunked, each chunk-size line with chunk extensions no server knows (;ocs-probe=1;ocs-note="a b")',
  'http10-transfer-encoding': 'HTTP/1.0 with Transfer-Encoding: chunked and Connection: keep-alive, the body chunked',
  'pipelined': 'the request and, in the same write before its answer, another method on the path (pipelined)',
  'head': 'HEAD on the operation\'s path, with Connection: close',
  'safe-method-with-body': 'the request\'s body sent with GET (a safe method; HEAD when the profile\'s method is GET)',
  'absolute-form-other-host': 'the request-target in absolute form, beside a Host naming another host (ocs-probe.invalid)',
  'leading-empty-line': 'an empty line (CRLF) before the request line',
  'close-in-list': 'Connection: , close, (the close option among empty list elements)',
  'padded-field-value': 'the Content-Type value with spaces and a tab before and after it',
  'close-announced': 'the plain request; if its answer says close, the same request again on the connection',
  'status-line': 'the plain request, its answer\'s status line read as it came',
  'kept-alive': 'the plain request, and the same request again on the connection once the answer came',
  'transfer-encoding-unknown': 'Transfer-Encoding: ocs-unknown, chunked (a coding no server knows), the body chunked',
  'quoted-charset': 'the Content-Type with charset="utf\\-8", a quoted-string holding a quoted-pair',
  'connect-empty-port': 'CONNECT to the target\'s host with an empty port (host:)',
  'options': 'OPTIONS on the operation\'s path',
  'delete-with-body': 'the request\'s body sent with DELETE',
  'accept-encoding-unknown': 'Accept-Encoding: ocs-unknown, a coding no server has',
  'unallowed-method': 'another method than the profile\'s on the operation\'s path, with no body, its status read',
  'head-fields': 'HEAD on the operation\'s path, then GET on the same connection with Connection: close, their header fields compared',
  'head-length': 'HEAD on the operation\'s path, then GET on the same connection with Connection: close, their Content-Lengths compared',
  'unknown-method': `the method ${UNKNOWN_METHOD}, which no server implements, on the operation's path`,
  'long-method': `a method of ${LONG_METHOD.length} characters, longer than any a server implements, on the operation's path`,
  'http12': 'the request line\'s version HTTP/1.2, a minor version above 1.1',
  'chunk-extension-whitespace': 'the body chunked, whitespace before and after each chunk extension\'s ; and = (7 ; ocs-probe = 1)',
  'field-without-colon': 'a header field line without a colon (X-OCS-Probe no colon), which no server can read',
};

export const describeMessage = (m: MessageKind): string => DESCRIPTIONS[m];

/**
 * The messages after whose answer the target must close the connection (RFC 9112 6.1, 6.3, 9.6), which
 * is then waited for; a HEAD asks for it, so every byte after its answer's head is counted. Any other
 * message's answer that says close is waited on too (HTTP-CLOSE-SENT).
 */
export const MUST_CLOSE: ReadonlySet<MessageKind> = new Set(['content-length-twice', 'transfer-encoding-gzip', 'connection-close',
  'http10-transfer-encoding', 'close-in-list', 'head']);

/** The messages after whose answer the same request is written again: an answer to it shows the connection was kept. */
export const WRITTEN_AGAIN: ReadonlySet<MessageKind> = new Set(['connection-close', 'close-in-list', 'close-announced', 'kept-alive']);

/** The messages after whose answer the connection is watched whatever the answer says: the request written again shows it kept. */
export const WATCHED_AFTER: ReadonlySet<MessageKind> = new Set(['kept-alive', 'head-fields', 'head-length']);

/** The messages whose request is the profile's valid one, however written: the plain request's outcome (accepted) is due. */
export const ACCEPTED_AS_PLAIN: ReadonlySet<MessageKind> = new Set(['chunk-extension', 'absolute-form-other-host', 'leading-empty-line', 'padded-field-value', 'quoted-charset',
  'http12', 'chunk-extension-whitespace']);
