import type { Format } from '../contract/load.ts';
import type { WireResponse } from '../client/transport.ts';
import { excerpt, ruleFinding } from './response.ts';
import type { Finding } from './finding.ts';

/**
 * The first name an object of a JSON text holds twice, or undefined: a scan of its strings and
 * brackets, since JSON.parse keeps the last value of a repeated name and says nothing. Names are
 * compared as their escaped text is read (JSON.parse of the string), so "a" and "\u0061" are one.
 */
export function repeatedName(text: string): string | undefined {
  const objects: (Set<string> | undefined)[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{') objects.push(new Set());
    else if (c === '[') objects.push(undefined);
    else if (c === '}' || c === ']') objects.pop();
    else if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const names = objects.at(-1);
      // A string is a name when a colon follows it (whitespace aside) inside an object.
      if (names && /^\s*:/.test(text.slice(end + 1, end + 40))) {
        const name = JSON.parse(text.slice(i, end + 1)) as string;
        if (names.has(name)) return name;
        names.add(name);
      }
      i = end;
    }
  }
  return undefined;
}

/** What repeatedName gives for a text it cannot scan (it throws). */
const UNREADABLE = Symbol('unreadable');

/**
 * repeatedName of a text, read once for the texts a run's answers repeat (src/codec/index.ts
 * keeps their readings for the same reason): an answer of a kind is the same text for every
 * answer within one second. Texts past KEPT_LENGTH are scanned each time.
 */
const scanned = new Map<string, string | undefined | typeof UNREADABLE>();
const KEPT = 64;
const KEPT_LENGTH = 4096;
function repeatedNameOnce(text: string): string | undefined | typeof UNREADABLE {
  if (text.length <= KEPT_LENGTH && scanned.has(text)) return scanned.get(text);
  let name: string | undefined | typeof UNREADABLE;
  try {
    name = repeatedName(text);
  } catch {
    name = UNREADABLE;
  }
  if (text.length <= KEPT_LENGTH) {
    // The oldest reading makes way (a Map keeps insertion order).
    if (scanned.size >= KEPT) scanned.delete(scanned.keys().next().value!);
    scanned.set(text, name);
  }
  return name;
}

/**
 * The SHOULDs the body's standard sets, judged on every answer in its path's format: names unique
 * within a JSON object (RFC 8259 4), an XML document that begins with its XML declaration (XML 1.0
 * 2.8; a byte order mark may come before it). An answer in neither format is RSP-FORMAT-FOLLOWS-PATH's.
 */
export function bodyStandardFindings(format: Format, res: WireResponse): Finding[] {
  const text = res.body.replace(/^\uFEFF/, '');
  if (format === 'json' && /^\s*[{[]/.test(text)) {
    const name = repeatedNameOnce(text);
    if (name === UNREADABLE) return [];
    return [ruleFinding('BODY-JSON-UNIQUE-NAMES', name === undefined ? 'pass' : 'fail', name === undefined ? {} : { expected: 'each name once within its object', received: `the name ${JSON.stringify(name)} twice in one object: ${excerpt(text, 200)}` })];
  }
  if (format === 'xml' && /^\s*</.test(text)) {
    const declared = text.startsWith('<?xml');
    return [ruleFinding('BODY-XML-DECLARATION', declared ? 'pass' : 'fail', declared ? {} : { expected: 'an XML declaration first (<?xml version="1.0" …?>)', received: excerpt(text, 120) })];
  }
  return [];
}
