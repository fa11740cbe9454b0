/**
 * What a case may do to its encoded body before it is sent (scenario key `wire`): the
 * bad-input and envelope cases send a valid request made unreadable or wrapped, so a target
 * that reads leniently would accept it, and the safety probes add a DOCTYPE or bulk. The
 * steps apply in this order: replace, cut, wrap, invalidUtf8, padTo.
 */
export interface Wire {
  /** Every occurrence of the first string becomes the second. */
  replace?: [string, string][];
  /** The last N characters are dropped (a truncated body). */
  cut?: number;
  /** Text put before and after the body. */
  wrap?: [string, string];
  /** The first byte of the first occurrence of this text becomes 0xFF: the body is no longer UTF-8. */
  invalidUtf8?: string;
  /** Spaces appended until the body is this many bytes (trailing whitespace is allowed in JSON and after an XML root). */
  padTo?: number;
}

/** The body's text (what the report shows) and, when it is not UTF-8, the bytes to send instead. */
export interface WireBody { text: string; bytes?: Uint8Array }

export class WireError extends Error {}

export function applyWire(body: string, wire: Wire | undefined): WireBody {
  if (!wire) return { text: body };
  let text = body;
  for (const [from, to] of wire.replace ?? []) {
    // The schema cannot say it without a tuple form (draft-07 and 2020-12 read those apart).
    if (!from) throw new WireError('wire.replace: the text to replace is empty');
    if (!text.includes(from)) throw new WireError(`wire.replace: the body holds no '${from}'`);
    text = text.split(from).join(to);
  }
  if (wire.cut !== undefined) text = text.slice(0, Math.max(0, text.length - wire.cut));
  if (wire.wrap) text = wire.wrap[0] + text + wire.wrap[1];
  let bytes: Uint8Array | undefined;
  if (wire.invalidUtf8 !== undefined) {
    const at = text.indexOf(wire.invalidUtf8);
    if (at < 0) throw new WireError(`wire.invalidUtf8: the body holds no '${wire.invalidUtf8}'`);
    const encoded = Buffer.from(text, 'utf8');
    encoded[Buffer.byteLength(text.slice(0, at), 'utf8')] = 0xff;
    bytes = encoded;
    // What a UTF-8 reader makes of it, for the report: the broken byte shows as U+FFFD.
    text = new TextDecoder().decode(encoded);
  }
  if (wire.padTo !== undefined) {
    const size = bytes ? bytes.length : Buffer.byteLength(text, 'utf8');
    if (size < wire.padTo) {
      const pad = ' '.repeat(wire.padTo - size);
      if (bytes) bytes = Buffer.concat([bytes, Buffer.from(pad)]);
      text += pad;
    }
  }
  return bytes ? { text, bytes } : { text };
}
