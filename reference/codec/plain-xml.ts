/**
 * Plain XML, read without fast-xml-parser. Nearly every XML request is plain: at most a leading
 * `<?xml …?>` declaration (attributes in quotes, no `&`), then one root element (not
 * self-closing) with whitespace around it; inside it only elements without attributes
 * (`<a>…</a>`, `<a/>`), text without `<` or `&`, and the five predefined entities or decimal or
 * `&#x` hexadecimal character references. XMLValidator finds every such document well formed,
 * and XMLParser, with the options of reference/codec/xml.ts, reads it into the object
 * `readPlain` builds. Both walk a document one character at a time (a fifth of the reference's
 * CPU went to them); this takes one regular expression per piece. Whatever is not plain, or
 * would make the parser throw (an entity it refuses, a name it guards, deep nesting), is left
 * to the two, which alone say what is wrong. tests/reference/plain-xml.test.ts holds this to
 * both, document by document.
 */

/** The declaration, as the validator and the parser read it alike. */
const DECLARATION = /<\?xml(?: +[A-Za-z]+ *= *(?:"[^"<>?&]*"|'[^'<>?&]*'))* *\?>/y;
/** Whitespace, as the validator knows it. */
const SPACE = /[ \t\n\r]*/y;
/** An opening tag (1), a closing tag (2), an empty element (3), text or a reference (4). */
const PIECE = /<([A-Za-z_][\w.-]*)>|<\/([A-Za-z_][\w.-]*)>|<([A-Za-z_][\w.-]*)\/>|([^<&]+|&(?:amp|lt|gt|quot|apos|#\d+|#x[\da-fA-F]+);)/y;
/** Past this depth the parser's own limit (100 open elements) is near: left to it. */
const MAX_DEPTH = 64;

/** An element being read: its object as the parser builds it, and its text so far. */
interface Element {
  name: string;
  /** The names from the root down, joined with dots, as the parser's isArray is given them. */
  path: string;
  obj: Record<string, unknown>;
  /** How many names `obj` holds (its children's: a name is never `#text`). */
  keys: number;
  text: string | undefined;
}

/** The parser's options that shape what it builds: which elements are arrays, and how text is decoded. */
export interface PlainReading {
  isArray(name: string, path: string): boolean;
  /** The entity decoder's decode; a throw leaves the document to the parser. */
  decode(text: string): string;
}

/**
 * `text` read as XMLParser reads it (root element included), when it is plain; undefined when
 * it is not, or when reading it is the parser's to do (see above).
 */
export function readPlain(text: string, reading: PlainReading): Record<string, unknown> | undefined {
  // The parser reads line ends as XML 1.0 2.11 has them read; CR is whitespace or text, never markup.
  const xml = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  DECLARATION.lastIndex = 0;
  SPACE.lastIndex = DECLARATION.test(xml) ? DECLARATION.lastIndex : 0;
  SPACE.test(xml);
  PIECE.lastIndex = SPACE.lastIndex;
  const top: Element = { name: '', path: '', obj: {}, keys: 0, text: undefined };
  const open: Element[] = [];
  let raw = ''; // the current element's text since its last tag, as written
  try {
    do {
      const m = PIECE.exec(xml);
      if (!m) return undefined;
      const [, start, end, empty, piece] = m;
      const parent = open.at(-1);
      if (piece !== undefined) {
        if (parent === undefined) return undefined; // text before the root: whitespace only
        raw += piece;
        continue;
      }
      if (parent === undefined && start === undefined) return undefined; // the root is an opening tag
      if (parent) keepText(parent, raw, reading);
      raw = '';
      if (end !== undefined) {
        const done = open.pop()!;
        if (done.name !== end) return undefined;
        add(open.at(-1) ?? top, done, reading);
        continue;
      }
      const name = (start ?? empty)!;
      if (guarded(name) || open.length >= MAX_DEPTH) return undefined;
      const el: Element = { name, path: parent ? `${parent.path}.${name}` : name, obj: {}, keys: 0, text: undefined };
      if (start !== undefined) open.push(el);
      else add(parent!, el, reading);
    } while (open.length > 0);
  } catch {
    return undefined; // the decoder refused a reference: the parser says so in its words
  }
  SPACE.lastIndex = PIECE.lastIndex;
  SPACE.test(xml);
  return SPACE.lastIndex === xml.length ? top.obj : undefined;
}

/**
 * Names the parser refuses or renames, and those an object already answers to (`name in
 * Object.prototype`, its names read once: looking each name up in it took a fifth of the reading's
 * time): left to it.
 */
const GUARDED: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);
const guarded = (name: string): boolean => GUARDED.has(name);

/** A run of text goes to its element decoded, unless it decodes to nothing (the parser's saveTextToParentTag). */
function keepText(el: Element, raw: string, reading: PlainReading): void {
  if (raw === '') return;
  // Without a reference there is nothing to decode.
  const text = raw.includes('&') ? reading.decode(raw) : raw;
  if (text === '') return;
  el.text = el.text === undefined ? text : el.text + text;
}

/** A finished element joins its parent as the parser's compress has it join. */
function add(parent: Element, el: Element, reading: PlainReading): void {
  const { obj } = el;
  if (el.text !== undefined) obj['#text'] = el.text;
  const keys = el.keys + (el.text === undefined ? 0 : 1);
  const value = keys === 1 && el.text !== undefined ? el.text : keys === 0 ? '' : obj;
  const siblings = parent.obj;
  const before = siblings[el.name];
  if (before !== undefined && Object.hasOwn(siblings, el.name)) {
    if (Array.isArray(before)) before.push(value);
    else siblings[el.name] = [before, value];
  } else {
    siblings[el.name] = reading.isArray(el.name, el.path) ? [value] : value;
    parent.keys++;
  }
}
