import { HEADER_SETS, type HeaderSetName } from './client-headers.ts';

const HEADER_SET_NAMES = Object.keys(HEADER_SETS) as HeaderSetName[];

/**
 * The HTTP framings a request is also sent in (issue 26, DESIGN principle 11): the same bytes
 * of the same logical request, carried otherwise on the wire. A framing is a form of the
 * request, as the body forms are (src/codec/forms.ts), and a target must answer it as it answers
 * the plain request (Content-Length, one write, HTTP/1.1, the profile's Content-Type). The
 * header sets of src/client/client-headers.ts are framings too: the same request as clients send it.
 */
export const FRAMINGS = [
  'chunked', 'chunked-small', 'chunked-split-character',
  'pieces', 'pieces-split-character',
  'expect-continue',
  'media-type-case', 'media-type-charset',
  'http10',
  'absolute-form', 'http10-expect',
  ...HEADER_SET_NAMES,
] as const;
export type Framing = (typeof FRAMINGS)[number];

export const isFraming = (name: string): name is Framing => (FRAMINGS as readonly string[]).includes(name);

/** The catalog rule each framing is judged on. */
export const FRAMING_RULE: Record<Framing, string> = {
  chunked: 'WIRE-CHUNKED-REQUEST',
  'chunked-small': 'WIRE-CHUNKED-REQUEST',
  'chunked-split-character': 'WIRE-CHUNKED-REQUEST',
  pieces: 'WIRE-BODY-IN-PIECES',
  'pieces-split-character': 'WIRE-BODY-IN-PIECES',
  'expect-continue': 'WIRE-EXPECT-CONTINUE',
  'media-type-case': 'WIRE-MEDIA-TYPE',
  'media-type-charset': 'WIRE-MEDIA-TYPE',
  http10: 'WIRE-HTTP10',
  'absolute-form': 'HTTP-ABSOLUTE-FORM',
  'http10-expect': 'HTTP-NO-1XX-TO-HTTP10',
  'headers-curl': 'HTTP-CLIENT-HEADERS',
  'headers-wget': 'HTTP-CLIENT-HEADERS',
  'headers-python-requests': 'HTTP-CLIENT-HEADERS',
  'headers-axios': 'HTTP-CLIENT-HEADERS',
  'headers-browser': 'HTTP-CLIENT-HEADERS',
  'headers-php': 'HTTP-CLIENT-HEADERS',
  'accept-other-format': 'HTTP-ACCEPT-OTHER-FORMAT',
};

/**
 * The rules a framing's answer shows beside its own, which a case sent in it is judged on too:
 * over HTTP/1.0 the target closes the connection after its answer, so the answer's bytes are
 * counted against its Content-Length (WIRE-RESPONSE-FRAMING); a client that asks for gzip may
 * get it (HTTP-CONTENT-ENCODING).
 */
export const FRAMING_ALSO: Partial<Record<Framing, string[]>> = {
  http10: ['WIRE-RESPONSE-FRAMING'],
  'http10-expect': ['WIRE-RESPONSE-FRAMING'],
  'headers-python-requests': ['HTTP-CONTENT-ENCODING'],
  'headers-axios': ['HTTP-CONTENT-ENCODING'],
  'headers-browser': ['HTTP-CONTENT-ENCODING'],
};

const DESCRIPTIONS: Record<Framing, string> = {
  chunked: 'Transfer-Encoding: chunked, the body in one chunk',
  'chunked-small': 'Transfer-Encoding: chunked, the body in chunks of 7 bytes',
  'chunked-split-character': 'Transfer-Encoding: chunked, a chunk boundary inside a multi-byte character',
  pieces: 'a Content-Length, the body written in three pieces 20 ms apart',
  'pieces-split-character': 'a Content-Length, the body written in two pieces 20 ms apart, split inside a multi-byte character',
  'expect-continue': 'Expect: 100-continue, the body sent after 100 Continue (or after 1 s without an answer)',
  'media-type-case': 'the Content-Type\'s type and subtype in upper case (media types are case-insensitive)',
  'media-type-charset': 'the Content-Type with a charset=utf-8 parameter',
  http10: 'HTTP/1.0 with a Content-Length',
  'absolute-form': 'the request-target in absolute form (the whole URL), as a client sends it to a proxy',
  'http10-expect': 'HTTP/1.0 with a Content-Length and Expect: 100-continue, the body sent at once',
  'headers-curl': 'the header fields curl sends by default (User-Agent, Accept: */*)',
  'headers-wget': 'the header fields Wget sends by default (User-Agent, Accept: */*, Accept-Encoding: identity, Connection: Keep-Alive)',
  'headers-python-requests': 'the header fields python-requests sends by default (User-Agent, Accept: */*, Accept-Encoding: gzip, deflate)',
  'headers-axios': 'the header fields axios sends by default (Accept: application/json, text/plain, */*; User-Agent; Accept-Encoding: gzip, compress, deflate, br)',
  'headers-browser': 'the header fields a browser sends with a form (Accept ranking XML above */*, Accept-Encoding, Accept-Language, User-Agent)',
  'headers-php': 'the header fields PHP\'s file_get_contents sends (Connection: close, no User-Agent)',
  'accept-other-format': 'Accept naming only the other format (application/xml on a .json path): the plain outcome, or 406',
};

export const describeFraming = (f: Framing): string => DESCRIPTIONS[f];
