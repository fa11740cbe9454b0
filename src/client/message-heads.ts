import type { Received } from './misframed.ts';

/**
 * What a message's answers show only as they came on the wire (src/client/messages.ts): the final
 * status line, whose spaces and version node:http does not keep, and the head of an answer to a
 * request written after the message's own (src/client/message-bytes.ts followUp).
 */

/** The first head in `text` that is no 1xx (up to its blank line), as it came. */
function finalHead(text: string): string | undefined {
  for (let at = 0; at < text.length;) {
    const end = text.indexOf('\r\n\r\n', at);
    if (end < 0) return undefined;
    const head = text.slice(at, end);
    if (!/^HTTP\/\d\.\d 1\d\d/.test(head)) return head;
    at = end + 4;
  }
  return undefined;
}

/** The head of the answer that came after a message's answer, as it came, when one came whole (1xx heads read past). */
export function headOf(chunks: Buffer[]): { laterHead?: string } {
  const head = finalHead(Buffer.concat(chunks).toString('latin1'));
  return head === undefined ? {} : { laterHead: head };
}

/** The answer's status line, as it came (latin1; 1xx heads read past): node:http shows neither its version nor its spaces. */
export function statusLine(wire: Received): string | undefined {
  const raw = wire.raw()?.toString('latin1');
  return raw === undefined ? undefined : finalStatusLine(raw);
}

/** The first line of the first head that is no 1xx: kept whole even where the head itself runs past the bytes kept (a head of 2 KB of cookies). */
export function finalStatusLine(text: string): string | undefined {
  for (let at = 0; at < text.length;) {
    const eol = text.indexOf('\r\n', at);
    if (eol < 0) return undefined;
    if (!/^HTTP\/\d\.\d 1\d\d/.test(text.slice(at, eol))) return text.slice(at, eol);
    const end = text.indexOf('\r\n\r\n', at);
    if (end < 0) return undefined;
    at = end + 4;
  }
  return undefined;
}
