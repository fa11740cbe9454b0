import { refuse } from '../errors.ts';
import { decodeXml, encodeXml } from './xml.ts';
import { type Operation, SHAPES } from './shape.ts';

export type { Operation } from './shape.ts';
export type Format = 'json' | 'xml';

/**
 * A leading byte order mark is dropped (`ignoreBOM: false`, stated for the reader): XML 1.0
 * 4.3.3 lets a UTF-8 document begin with one, and RFC 8259 8.1 lets a JSON reader ignore one.
 */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export const CONTENT_TYPES: Record<Format, string> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

/** The request body as an object, whichever format the path named; 100003 when it is not one. */
/**
 * `enforces` answers whether the service makes a named check (reference/hooks.ts); decoding
 * names one: `body root`, the request's envelope (the root `request`, spec 2).
 */
export function decodeRequest(format: Format, op: Operation, body: Buffer, enforces: (check: string) => boolean = () => true): Record<string, unknown> {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw refuse(100003, { detail: 'Тело запроса не является текстом в UTF-8.', message: 'The request body is not UTF-8 text.' });
  }
  if (text.trim() === '') throw refuse(100003, { detail: 'Тело запроса пустое.', message: 'The request body is empty.' });
  return format === 'json' ? decodeJson(text) : decodeXml(text, SHAPES[op], enforces('body root'));
}

export function encodeResponse(format: Format, body: Record<string, unknown>): string {
  return format === 'json' ? JSON.stringify(body) : encodeXml(body);
}

function decodeJson(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    throw refuse(100003, { detail: `Некорректный JSON: ${msg}`, message: `Malformed JSON: ${msg}` });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw refuse(100003, { detail: 'Тело запроса должно быть JSON-объектом.', message: 'The request body must be a JSON object.' });
  }
  return value as Record<string, unknown>;
}
