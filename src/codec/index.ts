import type { Format, Operation } from '../contract/load.ts';
import { decodeXml, encodeXml, XmlDecodeError } from './xml.ts';

export { XmlDecodeError };

export const requestSchemaId = (op: Operation): string => `${op.replace('_', '-')}.request.json`;
export const responseSchemaId = (op: Operation): string => `${op.replace('_', '-')}.response.json`;

/** The body sent for a logical request in one format. */
export function encodeRequest(format: Format, body: unknown): string {
  return format === 'json' ? JSON.stringify(body) : encodeXml(body);
}

/** A logical request read back from its wire form (the generators' round-trip tests use it). */
export function decodeRequest(format: Format, op: Operation, text: string): unknown {
  if (format === 'json') return JSON.parse(text);
  const { root, value } = decodeXml(text, requestSchemaId(op));
  if (root !== 'request') throw new XmlDecodeError(`root element is <${root}>, not <request>`);
  return value;
}

export type DecodedBody =
  | { format: Format; value: unknown; xmlRoot?: string }
  | { format: undefined; reason: string };

/**
 * Reads a response body in the path's format and, failing that, in the other one, so a
 * body in the wrong format is told apart from one in no format at all.
 */
export function decodeResponse(expected: Format, op: Operation, text: string): DecodedBody {
  const order: Format[] = expected === 'json' ? ['json', 'xml'] : ['xml', 'json'];
  const reasons: string[] = [];
  for (const format of order) {
    try {
      if (format === 'json') return { format, value: JSON.parse(text) };
      if (!text.trimStart().startsWith('<')) throw new XmlDecodeError('does not start with <');
      const { root, value } = decodeXml(text, responseSchemaId(op));
      return { format, value, xmlRoot: root };
    } catch (err) {
      reasons.push(`${format}: ${(err as Error).message}`);
    }
  }
  return { format: undefined, reason: reasons.join('; ') };
}
