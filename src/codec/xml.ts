import { type EntityDecoderOptions, XMLBuilder, XMLParser } from 'fast-xml-parser';
import { shapeOf, type Shape } from './shape.ts';
import { xmlCharProblem } from './xml-chars.ts';

export const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * fast-xml-parser leaves numeric character references undecoded unless HTML entities are on,
 * which would also expand names XML does not define. A target may well send `&#1052;`, so
 * this decodes the five predefined entities and character references, and nothing else.
 * (The reference has its own decoder on purpose: DESIGN.md keeps the two sides apart.)
 */
const entityDecoder: EntityDecoderOptions = {
  setExternalEntities: () => undefined,
  addInputEntities: () => undefined,
  reset: () => undefined,
  setXmlVersion: () => undefined,
  decode: (text) => text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return PREDEFINED[ref] ?? whole;
    const hex = ref[1] === 'x' || ref[1] === 'X';
    const cp = parseInt(ref.slice(hex ? 2 : 1), hex ? 16 : 10);
    return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : whole;
  }),
};

const builder = new XMLBuilder({ ignoreAttributes: true, format: false, suppressEmptyNode: false });

/** A request object as XML: root `request`, arrays as repeated elements named after the field (spec 2). */
export function encodeXml(body: unknown, root = 'request'): string {
  return DECLARATION + builder.build({ [root]: body });
}

export class XmlDecodeError extends Error {}

export interface DecodedXml { root: string; value: unknown }

/**
 * Parses XML into the same normalized shape JSON has, using the schema's field shapes:
 * repeated elements become arrays, digit text becomes integers, true/false becomes
 * booleans. Text that does not have its field's form is left as a string, so a schema
 * check reports it. A DOCTYPE is refused: entity declarations are never expanded.
 */
export function decodeXml(text: string, schemaId?: string): DecodedXml {
  if (/<!DOCTYPE/i.test(text)) throw new XmlDecodeError('the document has a DOCTYPE; entities are not expanded');
  // A UTF-8 document may start with a byte order mark (XML 1.0 4.3.3), which the parser takes
  // for text before the root. Bytes read with TextDecoder have lost it already; a text has not.
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const unlawful = xmlCharProblem(text);
  if (unlawful) throw new XmlDecodeError(`not well-formed XML: ${unlawful}`);
  const shape: Shape = schemaId ? shapeOf(schemaId) : new Map();
  const parser = parserFor(schemaId, shape);
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(text, true) as Record<string, unknown>;
  } catch (err) {
    throw new XmlDecodeError(`not well-formed XML: ${(err as Error).message}`);
  }
  const roots = Object.keys(doc);
  if (roots.length !== 1) throw new XmlDecodeError(`expected one root element, found ${roots.length}`);
  const root = roots[0]!;
  return { root, value: convert(doc[root], '', shape) };
}

const parsers = new Map<string, XMLParser>();

/** One parser per schema: building one costs more than parsing a response. */
function parserFor(schemaId: string | undefined, shape: Shape): XMLParser {
  const key = schemaId ?? '';
  let parser = parsers.get(key);
  if (!parser) {
    // The last names of the paths that repeat: an element named otherwise is never an array,
    // and is told so without the parser turning its path into text (a tenth of a parse).
    const repeated = new Set([...shape].filter(([, f]) => f.array).map(([path]) => path.slice(path.lastIndexOf('.') + 1)));
    parser = new XMLParser({
      ignoreAttributes: true,
      ignoreDeclaration: true,
      ignorePiTags: true,
      parseTagValue: false,
      trimValues: false,
      processEntities: true,
      entityDecoder,
      // The path as a matcher, turned to text only where it is read (isArray): as text, the
      // parser would build it for every element and every text node.
      jPath: false,
      isArray: (name, jPath) => repeated.has(name) && (shape.get(withoutRoot(String(jPath)))?.array ?? false),
    });
    parsers.set(key, parser);
  }
  return parser;
}

function withoutRoot(jPath: string): string {
  const dot = jPath.indexOf('.');
  return dot < 0 ? '' : jPath.slice(dot + 1);
}

function convert(value: unknown, path: string, shape: Shape): unknown {
  if (Array.isArray(value)) return value.map((v) => convert(v, path, shape));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      // Whitespace between elements (an indented document) is layout, not a value.
      if (key === '#text' && typeof child === 'string' && child.trim() === '') continue;
      out[key] = convert(child, path ? `${path}.${key}` : key, shape);
    }
    return out;
  }
  if (typeof value !== 'string') return value;
  const scalar = shape.get(path)?.scalar;
  if (scalar === 'integer' && /^-?[0-9]+$/.test(value.trim())) return Number(value.trim());
  if (scalar === 'boolean' && (value.trim() === 'true' || value.trim() === 'false')) return value.trim() === 'true';
  return value;
}
