import type { Answer, Obj } from '../hooks.ts';
import type { Fault } from './fault.ts';
import { rebuild } from './requests.ts';

/** A character outside the Basic Multilingual Plane: one code point, two UTF-16 units, four UTF-8 bytes. */
const ASTRAL = /[\u{10000}-\u{10FFFF}]/u;

/** A service that breaks (HTTP 500) on a valid request whose `key` field holds a string `test` picks. */
export const breaksOn = (name: string, description: string, key: string, test: (v: string) => boolean): Fault =>
  ({ name, rule: 'RSP-HTTP-STATUS', description, request: (body) => rebuild(body, (v, k) => {
    if (k === key && typeof v === 'string' && test(v)) throw new Error(`cannot store the ${key} ${v}`);
    return v;
  }) as Obj });

/** A service that writes each found address's `source` through `change` on the paths of `format` (both when absent). */
export const echoes = (name: string, description: string, change: (source: string) => string, format?: Answer['format']): Fault =>
  ({ name, rule: 'RSP-FOUNDADDRESSES-SOURCE', description, answer: (out) => {
    const data = out.body.data as Obj | undefined;
    if (out.status !== 200 || !Array.isArray(data?.foundAddresses) || (format && out.format !== format)) return out;
    const foundAddresses = data.foundAddresses.map((f: Obj) => ({ ...f, source: change(String(f.source)) }));
    return { ...out, body: { ...out.body, data: { ...data, foundAddresses } } };
  } });

/** The escaping an XML serializer does itself: done once more by hand, it shows as `&amp;amp;` on the wire. */
const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Text values (issue 16): how strings are counted, stored and echoed. */
export const TEXT_FAULTS: Fault[] = [
  { name: 'limits-count-utf8-bytes', rule: 'MBR-EMAIL-MAX', description: 'counts a length limit in UTF-8 bytes, so a 128-character e-mail with a Cyrillic local part is refused',
    count: (value) => Buffer.byteLength(value, 'utf8') },
  { name: 'limits-count-utf16-units', rule: 'CAG-JADDR-SEARCH-MAX', description: 'counts a length limit in UTF-16 code units (a JavaScript string\'s length), so a 1024-character juridicalAddress.search of astral characters is refused',
    count: (value) => value.length },
  { name: 'limits-count-trimmed', rule: 'PCK-ADDRESS-SEARCH-MAX', description: 'trims whitespace at the edges before it counts, so a 1025-character address.search ending in a space is accepted',
    count: (value) => [...value.trim()].length },
  breaksOn('astral-name-internal-error', 'breaks (HTTP 500) on a valid name holding a character outside the BMP (an emoji)', 'name', (v) => ASTRAL.test(v)),
  breaksOn('percent-search-internal-error', 'breaks (HTTP 500) on a valid search holding a percent sign', 'search', (v) => v.includes('%')),
  echoes('found-address-source-trimmed', 'echoes a search trimmed of its edge whitespace as foundAddresses[].source', (s) => s.trim()),
  echoes('found-address-source-escaped-twice', 'escapes foundAddresses[].source for XML by hand before its serializer does, so `&` reaches the client as `&amp;`', escapeXml, 'xml'),
];
