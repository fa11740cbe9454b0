/**
 * How a careless target escapes what it echoes: as JSON, XML or a URL would, escaping what the
 * format requires and, by the draw, any other character too, so that one echo may hold a secret
 * in a mix of forms (`Zq7&amp;Lm"x9`: `&` escaped, `"` not). Each escaper always escapes its own
 * escape character, as every real encoder does, so what it writes reads back one way. Used by the
 * mask's property test (tests/harness/mask-echo.test.ts) and the echoing hostile target
 * (tests/hostile/server.ts).
 */

/** Whether the i-th character (code point) of the text gets an escape the format does not require. */
export type Optional = (i: number) => boolean;
export type Escape = (text: string, optional: Optional) => string;

const each = (text: string, f: (c: string, i: number) => string): string => [...text].map(f).join('');
const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');
/** `\uXXXX` for each UTF-16 code unit: an astral character is a surrogate pair of them. */
const jsonUnits = (c: string): string => [...Array(c.length).keys()].map((k) => `\\u${hex(c.charCodeAt(k), 4)}`).join('');
const utf8Percent = (c: string): string => [...Buffer.from(c, 'utf8')].map((b) => `%${hex(b, 2).toUpperCase()}`).join('');
const XML_NAMED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export const ESCAPES = {
  /** RFC 8259 §7: `"` and `\` always; by the draw, `/` as `\/` and any other character as `\uXXXX`. */
  json: (t, optional) => each(t, (c, i) => (c === '"' || c === '\\' ? `\\${c}` : c < ' ' ? jsonUnits(c) : !optional(i) ? c : c === '/' ? '\\/' : jsonUnits(c))),
  /** XML's five entities: `&` and `<` always, `>` `"` `'` by the draw. */
  'xml-named': (t, optional) => each(t, (c, i) => (c === '&' || c === '<' || (XML_NAMED[c] && optional(i)) ? XML_NAMED[c]! : c)),
  /** Decimal character references: `&` and `<` always, any other character by the draw. */
  'xml-decimal': (t, optional) => each(t, (c, i) => (c === '&' || c === '<' || optional(i) ? `&#${c.codePointAt(0)};` : c)),
  /** Hexadecimal character references, their digits in either case. */
  'xml-hex': (t, optional) => each(t, (c, i) => (c === '&' || c === '<' || optional(i) ? `&#x${i % 2 ? hex(c.codePointAt(0)!, 1) : hex(c.codePointAt(0)!, 1).toUpperCase()};` : c)),
  /** RFC 3986 percent-encoding of UTF-8 bytes: `%` always, any other character by the draw. */
  percent: (t, optional) => each(t, (c, i) => (c === '%' || optional(i) ? utf8Percent(c) : c)),
  /** application/x-www-form-urlencoded: a space is `+`, so `+` and `%` are always encoded. */
  form: (t, optional) => each(t, (c, i) => (c === ' ' ? '+' : c === '%' || c === '+' || optional(i) ? utf8Percent(c) : c)),
} satisfies Record<string, Escape>;

export type EscapeName = keyof typeof ESCAPES;
export const ESCAPE_NAMES = Object.keys(ESCAPES) as EscapeName[];

/** `text` escaped by each of `chain` in turn, the k-th escaper's optional escapes drawn from `bits`. */
export function escaped(text: string, chain: readonly EscapeName[], bits: readonly boolean[]): string {
  return chain.reduce((t, name, k) => ESCAPES[name](t, (i) => bits.length > 0 && bits[(i + 7 * k) % bits.length]!), text);
}
