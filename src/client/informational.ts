/**
 * 1xx answers before the final one. RFC 9110 section 15.2: "A client MUST be able to parse one
 * or more 1xx responses received prior to a final response, even if the client does not expect
 * one." undici destroys the connection on a `100 Continue` it did not ask for (client-h1.js
 * `onHeadersComplete`, 'bad response': 7.30 and 8.13 alike), so the heads of 1xx answers (100,
 * 103 and the rest, never 101, which undici must see) are taken out of a connection's bytes before
 * its parser reads them, and kept for the evidence. What is recognised is only this: the status
 * line of the bytes that begin an answer, and the blank line that ends a 1xx head, which carries
 * no content (RFC 9112 section 6.3); everything else stays llhttp's to read.
 */

/** The bytes that decide whether an answer begins with a 1xx status line: `HTTP/1.1 103 ` or `HTTP/1.1 103\r`. */
const DECIDES = 13;
const STATUS_1XX = /^HTTP\/1\.[01] 1\d\d[ \r]$/;
const HEAD_END = Buffer.from('\r\n\r\n');
/** A 1xx head longer than this is not held back any more: llhttp reads it, and refuses it if it must. */
const MOST_HELD = 64 * 1024;
/** How much of each 1xx head the evidence keeps. */
const HEAD_KEPT = 2048;

/** Where a connection is between a request written on it and the final head of its answer. */
export interface Awaiting {
  /** True from a request's write until the first byte of a final head. */
  expecting: boolean;
  /** Bytes read that may still be the start of a 1xx head. */
  held?: Buffer;
  /** The 1xx heads read past since the request was written, as text. */
  heads: string[];
}

/**
 * How `bytes`, read at the start of an answer, begin: a final head (`final`), too few bytes to
 * tell (`more`), or a whole 1xx head ending at `end`.
 */
export function beginning(bytes: Buffer): 'final' | 'more' | { end: number } {
  // A status that does not start with 1 (`HTTP/1.1 2…`): no 1xx, with no text made of the bytes.
  if (bytes.length > 9 && bytes[9] !== 0x31) return 'final';
  const start = bytes.subarray(0, DECIDES).toString('latin1');
  // A prefix may begin a 1xx status line when the rest of one completes it.
  if (!STATUS_1XX.test(start + 'HTTP/1.1 100 '.slice(start.length)) || start.slice(9, 12) === '101') return 'final';
  if (start.length < DECIDES) return 'more';
  const at = bytes.indexOf(HEAD_END);
  if (at < 0) return bytes.length > MOST_HELD ? 'final' : 'more';
  return { end: at + HEAD_END.length };
}

/**
 * What undici's parser is given of `chunk` (a socket's `read()`): the bytes after any 1xx heads
 * at the start of an answer, or null while what came may still be part of one (it is held, and
 * read again with the next bytes: undici reads again on the socket's next 'readable').
 */
export function pastInformational(state: Awaiting, chunk: Buffer | null): Buffer | null {
  if (!state.expecting) return chunk;
  let bytes = state.held && chunk ? Buffer.concat([state.held, chunk]) : state.held ?? chunk;
  state.held = undefined;
  while (bytes && bytes.length) {
    const seen = beginning(bytes);
    if (seen === 'final') {
      state.expecting = false;
      return bytes;
    }
    if (seen === 'more') {
      state.held = bytes;
      return null;
    }
    state.heads.push(headText(bytes.subarray(0, seen.end)));
    bytes = bytes.subarray(seen.end);
  }
  return null;
}

/** A 1xx head as the evidence shows it: its lines, without the blank line that ends it. */
export function headText(head: Buffer | string): string {
  const text = typeof head === 'string' ? head : head.toString('latin1');
  return text.replace(/(\r?\n)+$/, '').replace(/\r\n/g, '\n').slice(0, HEAD_KEPT);
}

/** A 1xx head as node:http's 'information' event gives it. */
export function informationText(info: { statusCode: number; statusMessage: string; httpVersion: string; rawHeaders: string[] }): string {
  const lines = [`HTTP/${info.httpVersion} ${info.statusCode} ${info.statusMessage}`];
  for (let i = 0; i + 1 < info.rawHeaders.length; i += 2) lines.push(`${info.rawHeaders[i]}: ${info.rawHeaders[i + 1]}`);
  return headText(lines.join('\n'));
}
