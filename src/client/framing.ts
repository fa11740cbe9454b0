/**
 * The HTTP framings a request is also sent in (issue 26, DESIGN principle 11): the same bytes
 * of the same logical request, carried otherwise on the wire. A framing is a form of the
 * request, as the body forms are (src/codec/forms.ts), and a target must answer it as it answers
 * the plain request (Content-Length, one write, HTTP/1.1, the profile's Content-Type).
 */
export const FRAMINGS = [
  'chunked', 'chunked-small', 'chunked-split-character',
  'pieces', 'pieces-split-character',
  'expect-continue',
  'media-type-case', 'media-type-charset',
  'http10',
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
};

export const describeFraming = (f: Framing): string => DESCRIPTIONS[f];
