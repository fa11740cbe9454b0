/**
 * The escapes a target may wrap a secret in when it echoes a request: JSON string escapes, XML
 * character references and percent-encoding. Each decoder gives the decoded text and, for every
 * code unit of it, the span of the input it came from, so that a secret found in the decoded
 * text is masked where it stands in the original (src/profile/mask.ts). A decoder reads escapes
 * wherever they stand, not only inside a well-formed document: an excerpt may be cut anywhere,
 * and an echo may escape some characters and leave others (`Zq7&amp;Lm"x9`).
 */

/** Decoded text, and where each of its code units stands in the decoder's input: `[start[i], end[i])`. */
export interface Decoded { text: string; start: Int32Array; end: Int32Array }

export interface Decoder {
  name: string;
  /** Only a text holding this character can have anything to decode: a cheap test before the scan. */
  trigger: string;
  /**
   * The decoded text, or undefined when nothing in `text` decoded. An escape is decoded only
   * when `wanted` says what it stands for matters (a character of a secret, or one that starts
   * an escape of its own); any other is left as it stands, whole, which saves a level for a text
   * whose escapes are all of other characters.
   */
  decode(text: string, wanted: (units: string) => boolean): Decoded | undefined;
}

/**
 * Collects the decoded text and its spans. A decoded text is never longer than its input (every
 * escape is longer than what it stands for), so the spans fit arrays of the input's length.
 */
class Output {
  private readonly parts: string[] = [];
  private readonly start: Int32Array;
  private readonly end: Int32Array;
  private length = 0;
  private changed = false;

  constructor(private readonly input: string) {
    this.start = new Int32Array(input.length);
    this.end = new Int32Array(input.length);
  }

  /** The input's `[from, to)` as it is: each code unit its own span. */
  raw(from: number, to: number): void {
    if (to <= from) return;
    this.parts.push(this.input.slice(from, to));
    for (let i = from; i < to; i++, this.length++) {
      this.start[this.length] = i;
      this.end[this.length] = i + 1;
    }
  }

  /** `units` (one code unit, or two for an astral character) decoded from the input's `[from, to)`. */
  decoded(units: string, from: number, to: number): void {
    this.parts.push(units);
    for (let k = 0; k < units.length; k++, this.length++) {
      this.start[this.length] = from;
      this.end[this.length] = to;
    }
    this.changed = true;
  }

  done(): Decoded | undefined {
    return this.changed ? { text: this.parts.join(''), start: this.start.subarray(0, this.length), end: this.end.subarray(0, this.length) } : undefined;
  }
}

/**
 * Scans `text` from one `trigger` to the next: `at(i)` reads an escape at i, giving what it
 * decodes to and its length, or undefined when none stands there.
 */
function scan(text: string, trigger: string, wanted: (units: string) => boolean, at: (i: number) => { units: string; length: number } | undefined): Decoded | undefined {
  // Made at the first escape decoded: most texts a report holds have none worth decoding (the
  // HTML report's code snippets, some 130,000 `\u001b` of terminal colours), and the sweep at a
  // run's end read each of them (issue 44).
  let out: Output | undefined;
  let from = 0;
  for (let i = text.indexOf(trigger); i !== -1; i = text.indexOf(trigger, i)) {
    const escape = at(i);
    if (!escape) { i += 1; continue; }
    // Skipped whole: its characters are an escape, never the start of another.
    if (!wanted(escape.units)) { i += escape.length; continue; }
    out ??= new Output(text);
    out.raw(from, i);
    out.decoded(escape.units, i, i + escape.length);
    i += escape.length;
    from = i;
  }
  if (!out) return undefined;
  out.raw(from, text.length);
  return out.done();
}

/** RFC 8259 §7: the two-character escapes, `\uXXXX` (a surrogate pair is two of them, one code unit each). */
const JSON_SHORT: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const HEX4 = /^[0-9a-fA-F]{4}$/;

export const jsonEscapes: Decoder = {
  name: 'json',
  trigger: '\\',
  decode: (text, wanted) => scan(text, '\\', wanted, (i) => {
    const next = text[i + 1];
    if (next !== undefined && JSON_SHORT[next] !== undefined) return { units: JSON_SHORT[next]!, length: 2 };
    const hex = text.slice(i + 2, i + 6);
    return next === 'u' && HEX4.test(hex) ? { units: String.fromCharCode(parseInt(hex, 16)), length: 6 } : undefined;
  }),
};

/** XML 1.0 §4.6 (the five predefined entities) and §4.1 (decimal and hexadecimal character references). */
const XML_NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const XML_REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#([0-9]{1,7})|#[xX]([0-9a-fA-F]{1,6}));/y;

export const xmlReferences: Decoder = {
  name: 'xml',
  trigger: '&',
  decode: (text, wanted) => scan(text, '&', wanted, (i) => {
    XML_REFERENCE.lastIndex = i;
    const m = XML_REFERENCE.exec(text);
    if (!m) return undefined;
    const code = m[1] ? XML_NAMED[m[1]]!.codePointAt(0)! : parseInt(m[2] ?? m[3]!, m[2] ? 10 : 16);
    return code <= 0x10ffff ? { units: String.fromCodePoint(code), length: m[0].length } : undefined;
  }),
};

/** How many bytes a UTF-8 sequence has, from its first byte (RFC 3629 §3); 0 for a byte no sequence starts with. */
const utf8Length = (byte: number): number => (byte < 0x80 ? 1 : byte >= 0xc2 && byte < 0xe0 ? 2 : byte >= 0xe0 && byte < 0xf0 ? 3 : byte >= 0xf0 && byte < 0xf5 ? 4 : 0);
const TRIPLET = /^%[0-9a-fA-F]{2}$/;

/**
 * RFC 3986 §2.1: `%XX` triplets, read as the UTF-8 bytes of one character at a time (decoded by
 * decodeURIComponent, so a sequence that is not UTF-8 stays as it was). `+` for a space
 * (application/x-www-form-urlencoded) is left to the mask, which reads a space of a secret as
 * either (src/profile/mask.ts): a `+` the secret itself holds must survive this decoder.
 */
export const percentEncoding: Decoder = {
  name: 'percent',
  trigger: '%',
  decode: (text, wanted) => scan(text, '%', wanted, (i) => {
    const n = TRIPLET.test(text.slice(i, i + 3)) ? utf8Length(parseInt(text.slice(i + 1, i + 3), 16)) : 0;
    const units = n > 0 ? decodedSequence(text.slice(i, i + 3 * n)) : undefined;
    return units === undefined ? undefined : { units, length: 3 * n };
  }),
};

function decodedSequence(triplets: string): string | undefined {
  try {
    return decodeURIComponent(triplets);
  } catch {
    return undefined; // not UTF-8, or cut short
  }
}

export const DECODERS: readonly Decoder[] = [jsonEscapes, xmlReferences, percentEncoding];

/** Every character an escape of these decoders is written with. */
export const ESCAPE_SYNTAX: readonly string[] = [...'\\"/bfnrtu0123456789abcdefABCDEF&#xX;amplgqos%'];
