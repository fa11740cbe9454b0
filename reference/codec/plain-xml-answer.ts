/**
 * Plain answers, written as XML without fast-xml-builder. An answer is plain when it holds only
 * plain objects, arrays, strings, numbers, booleans, null and undefined, under names that are none
 * of the builder's own conventions (`@_` attributes, `#text`, `?` processing instructions): every
 * answer the faithful service builds. XMLBuilder, with the options of reference/codec/xml.ts,
 * writes such an answer as `writePlain` does: an element per name, an array as its elements
 * repeated (its nulls first), text with its five special characters escaped, null as an empty
 * element `<a/>`, undefined not at all. The builder walks the answer with a path matcher and a
 * handful of checks per name (about 6% of the reference's CPU in a default run's profile).
 * Anything else (a Date, an array in an array, a name of its conventions, deep nesting) is left
 * to the builder. tests/reference/plain-xml.test.ts holds this to the builder, answer by answer.
 */

/** Past this depth the builder's own limit (100 nested elements) is near: left to it. */
const MAX_DEPTH = 64;

/** What the builder escapes in text, each character once (`&` first, so no escape is escaped again). */
const SPECIAL = /[&<>'"]/;
const SPECIALS = /[&<>'"]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '>': '&gt;', '<': '&lt;', "'": '&apos;', '"': '&quot;' };

const escape = (text: string): string => (SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ESCAPES[c]!) : text);

/** The element `name` holding `value`, as the builder writes it, when it is plain; undefined when it is not. */
export function writePlain(name: string, value: unknown): string | undefined {
  return node(name, value, 0);
}

function node(name: string, v: unknown, depth: number): string | undefined {
  if (v === undefined) return '';
  if (v === null) return `<${name}/>`;
  switch (typeof v) {
    case 'string':
      return v === '' ? `<${name}></${name}>` : `<${name}>${escape(v)}</${name}>`;
    case 'number':
      // The builder keeps the sign of -0, which String drops.
      return `<${name}>${Object.is(v, -0) ? '-0' : String(v)}</${name}>`;
    case 'boolean':
      return `<${name}>${v}</${name}>`;
    case 'object':
      break;
    default:
      return undefined;
  }
  if (Array.isArray(v)) {
    // The builder writes an array's null elements first, then the others, each in order.
    let nulls = '';
    let out = '';
    // A hole reads as undefined, which the builder leaves out as it leaves out an undefined element.
    for (let i = 0; i < v.length; i++) {
      const item: unknown = v[i];
      if (item === null) {
        nulls += `<${name}/>`;
        continue;
      }
      if (Array.isArray(item)) return undefined;
      const written = node(name, item, depth);
      if (written === undefined) return undefined;
      out += written;
    }
    return nulls + out;
  }
  const proto: unknown = Object.getPrototypeOf(v);
  if (depth >= MAX_DEPTH || (proto !== Object.prototype && proto !== null)) return undefined;
  let inner = '';
  for (const key of Object.keys(v)) {
    const c = key.charCodeAt(0);
    // '@' (attributes), '#' (#text), '?' (processing instructions), and a name of nothing.
    if (key === '' || c === 0x40 || c === 0x23 || c === 0x3f) return undefined;
    const written = node(key, (v as Record<string, unknown>)[key], depth + 1);
    if (written === undefined) return undefined;
    inner += written;
  }
  return `<${name}>${inner}</${name}>`;
}
