import { createRequire } from 'node:module';
import type { EntityDecoderOptions, XMLParser as Parser } from 'fast-xml-parser';
import { refuse } from '../errors.ts';
import { type PlainReading, readPlain } from './plain-xml.ts';
import { writePlain } from './plain-xml-answer.ts';
import type { Shape } from './shape.ts';

// The package's own CommonJS build, one file (about 6 ms of CPU to load), not its ES modules (about
// 35 ms at each start of the reference, a few dozen files); the same version, built from the same source.
const { XMLBuilder, XMLParser, XMLValidator } = createRequire(import.meta.url)('fast-xml-parser') as typeof import('fast-xml-parser');
type XMLParser = Parser;

const ROOT = 'request';
const TEXT = '#text';

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * fast-xml-parser's own decoder leaves numeric character references alone unless HTML
 * entities are switched on, which would also expand `&nbsp;` and friends. This one knows the
 * five predefined entities and character references, and refuses any other name: a custom
 * entity is never expanded.
 */
const entityDecoder: EntityDecoderOptions = {
  setExternalEntities: () => undefined,
  addInputEntities: () => undefined,
  reset: () => undefined,
  setXmlVersion: () => undefined,
  decode: (text) =>
    text.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[^;&\s]*);/g, (_, ref: string) => {
      if (ref.startsWith('#')) return fromCodePoint(ref);
      const ch = PREDEFINED[ref];
      if (ch === undefined) throw new Error(`undeclared entity &${ref};`);
      return ch;
    }),
};

function fromCodePoint(ref: string): string {
  const cp = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
  const allowed = cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
  if (!allowed) throw new Error(`character reference &${ref}; names no XML character`);
  return String.fromCodePoint(cp);
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: false, suppressEmptyNode: false });

/** Decodes an XML request into the same shape JSON gives; refuses with 100003 when it cannot. */
/** `checkRoot` false reads the request under whatever root it has (a fault: reference/hooks.ts `body root`). */
export function decodeXml(text: string, shape: Shape, checkRoot = true): Record<string, unknown> {
  // The parser would read a DOCTYPE's entities; the service takes no document type at all.
  if (/<!DOCTYPE/i.test(text)) throw refuse(100003, { detail: 'XML с объявлением DOCTYPE не принимается.', message: 'XML with a DOCTYPE declaration is not accepted.' });
  const reader = readerOf(shape);
  // Plain XML (nearly every request) is read as the validator and the parser would have it (reference/codec/plain-xml.ts).
  const doc = readPlain(text, reader) ?? parse(text, reader.parser);
  const roots = Object.keys(doc).filter((k) => !(k === TEXT && isBlank(doc[k])));
  const name = checkRoot ? ROOT : roots[0] ?? ROOT;
  const root = doc[name];
  if (roots.length !== 1 || roots[0] !== name || Array.isArray(root)) {
    throw refuse(100003, { detail: 'Корневой элемент запроса должен быть один: <request>.', message: 'The request must have the single root element <request>.' });
  }
  if (root === '') return {};
  if (!isObject(root)) {
    throw refuse(100003, { detail: 'Элемент <request> должен содержать поля запроса, а не текст.', message: 'The <request> element must hold the request fields, not text.' });
  }
  return normalize(root, '', shape) as Record<string, unknown>;
}

/** The declaration the builder writes for `?xml` with these attributes. */
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

export function encodeXml(body: Record<string, unknown>): string {
  // A plain answer (every answer the service builds) is written as the builder would write it (reference/codec/plain-xml-answer.ts).
  const plain = writePlain('response', body);
  if (plain !== undefined) return DECLARATION + plain;
  return builder.build({ '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' }, response: body }) as string;
}

/** The validator's verdict, then the parser's reading; 100003 with their words when either fails. */
function parse(text: string, parser: XMLParser): Record<string, unknown> {
  const verdict = XMLValidator.validate(text);
  if (verdict !== true) {
    const e = verdict.err;
    throw refuse(100003, { detail: `Некорректный XML (строка ${e.line}): ${e.msg}`, message: `Malformed XML at line ${e.line}: ${e.msg}` });
  }
  try {
    return parser.parse(text) as Record<string, unknown>;
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    throw refuse(100003, { detail: `Некорректный XML: ${msg}`, message: `Malformed XML: ${msg}` });
  }
}

/** How a request of one shape is read: its parser, and the same options for plain XML. */
interface Reader extends PlainReading {
  parser: XMLParser;
}

/** One reader per shape, made once: a parser keeps no state of its own between documents. */
const readers = new Map<Shape, Reader>();

export function readerOf(shape: Shape): Reader {
  let r = readers.get(shape);
  if (!r) readers.set(shape, (r = newReader(shape)));
  return r;
}

function newReader(shape: Shape): Reader {
  // An element can be an array only under the last name of one of the shape's array paths.
  const arrayNames = new Set([...shape.arrays].map((path) => path.slice(path.lastIndexOf('.') + 1)));
  // Paths are taken below the root, whatever it is called (a fault may read another root).
  const isArray = (name: string, path: string): boolean => arrayNames.has(name) && shape.arrays.has(path.slice(path.indexOf('.') + 1));
  const decode = (text: string): string => entityDecoder.decode(text);
  return { isArray, decode, parser: newParser(isArray, arrayNames) };
}

function newParser(isArray: (name: string, path: string) => boolean, arrayNames: ReadonlySet<string>): XMLParser {
  return new XMLParser({
    ignoreAttributes: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    // Digit strings such as phone numbers stay strings; `normalize` converts the known numbers.
    parseTagValue: false,
    // Text is kept verbatim, as JSON would carry it (foundAddresses echoes `source`).
    trimValues: false,
    entityDecoder,
    // The element's path as a matcher, turned into text (dotted names) only where an array can be.
    jPath: false,
    isArray: (name, jPath) => arrayNames.has(name) && isArray(name, String(jPath)),
  });
}

/** Whitespace between elements goes; known integers and booleans become numbers and booleans when their text has that form. */
function normalize(v: unknown, path: string, shape: Shape): unknown {
  if (Array.isArray(v)) return v.map((el) => normalize(el, path, shape));
  if (isObject(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, child] of Object.entries(v)) {
      if (k === TEXT && isBlank(child)) continue;
      out[k] = normalize(child, path ? `${path}.${k}` : k, shape);
    }
    return out;
  }
  if (typeof v !== 'string') return v;
  // Only the text of a known integer or boolean is trimmed (a long text was copied for nothing).
  if (shape.integers.has(path)) {
    const t = v.trim();
    if (/^-?\d+$/.test(t)) return Number(t);
  }
  if (shape.booleans.has(path)) {
    const t = v.trim();
    if (t === 'true' || t === 'false') return t === 'true';
  }
  return v;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isBlank(v: unknown): boolean {
  return typeof v === 'string' && v.trim() === '';
}
