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
 * Bodies read lately, by path format and operation: a target answers most requests with one of
 * a few bodies (a success, an error per code, each dated to the second), and reading XML is a
 * tenth of the harness's time per request (issue 20's profile). A body read again is the same
 * text read by the same code, so it gets the same reading, frozen: nothing that judges it may
 * change what another check reads.
 */
const read = new Map<string, Map<string, DecodedBody>>();
/** Bodies kept per path: a run's few dozen distinct bodies a second, not every echo of a search. */
const KEPT = 64;
/** Longer bodies are read anew each time: they are rarely the same twice. */
const KEPT_LENGTH = 4096;

/**
 * Reads a response body in the path's format and, failing that, in the other one, so a
 * body in the wrong format is told apart from one in no format at all.
 */
export function decodeResponse(expected: Format, op: Operation, text: string): DecodedBody {
  if (text.length > KEPT_LENGTH) return decodeFresh(expected, op, text);
  const key = `${expected} ${op}`;
  let kept = read.get(key);
  if (!kept) read.set(key, (kept = new Map()));
  let decoded = kept.get(text);
  if (!decoded) {
    decoded = deepFreeze(decodeFresh(expected, op, text));
    // The oldest reading makes way (a Map keeps insertion order).
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
    kept.set(text, decoded);
  }
  return decoded;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function decodeFresh(expected: Format, op: Operation, text: string): DecodedBody {
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
