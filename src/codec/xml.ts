import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { shapeOf, type Shape } from './shape.ts';

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

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
  const shape: Shape = schemaId ? shapeOf(schemaId) : new Map();
  const parser = new XMLParser({
    ignoreAttributes: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    parseTagValue: false,
    trimValues: false,
    processEntities: true,
    htmlEntities: false,
    isArray: (_name, jPath) => shape.get(withoutRoot(String(jPath)))?.array ?? false,
  });
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

function withoutRoot(jPath: string): string {
  const dot = jPath.indexOf('.');
  return dot < 0 ? '' : jPath.slice(dot + 1);
}

function convert(value: unknown, path: string, shape: Shape): unknown {
  if (Array.isArray(value)) return value.map((v) => convert(v, path, shape));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
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
