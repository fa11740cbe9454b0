import { refuse } from '../errors.ts';
import type { Obj } from '../hooks.ts';
import type { Fault } from './fault.ts';
import { written } from './malformed.ts';
import { rebuild } from './requests.ts';
import { breaksOn, echoes } from './text.ts';

/** Whether any string of the request, at any depth, passes `test`. */
function anyString(v: unknown, test: (s: string) => boolean): boolean {
  if (typeof v === 'string') return test(v);
  if (Array.isArray(v)) return v.some((el) => anyString(el, test));
  return v !== null && typeof v === 'object' && Object.values(v).some((el) => anyString(el, test));
}

/** A service whose input filter refuses (100001) a valid request holding a string `test` picks. */
const filters = (name: string, rule: string, description: string, test: (s: string) => boolean): Fault =>
  ({ name, rule, description, request: (body) => {
    if (anyString(body, test)) throw refuse(100001);
    return body;
  } });

/** A service that breaks (HTTP 500) on a valid request holding a string `test` picks, in any field. */
const breaks = (name: string, description: string, test: (s: string) => boolean): Fault =>
  ({ name, rule: 'RSP-HTTP-STATUS', description, request: (body) => {
    if (anyString(body, test)) throw new Error('the service could not handle a string it was sent');
    return body;
  } });

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\' };
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const XML_ESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

/** Issue 32, method 1b: one fault per kind of contract/edges/free-text.yaml, each a way code behind an API breaks on valid text. */
export const FREE_TEXT_FAULTS: Fault[] = [
  filters('typographic-quotes-refused', 'RSP-RECEIVER-SUCCESS', 'refuses a request holding typographic quotation marks (‘ ’ „ “), as a filter of quotes that might close a string does',
    (s) => /[\u2018\u2019\u201C\u201E]/.test(s)),
  filters('sql-comment-refused', 'RSP-RECEIVER-SUCCESS', 'refuses a request holding a quote followed by an SQL comment (\' … --), as a naive injection filter does',
    (s) => /'.*--/s.test(s)),
  echoes('found-address-source-escapes-read', 'reads backslash escapes (\\n, \\t, \\uXXXX) in a search once more, so foundAddresses[].source differs from a search holding a backslash',
    (s) => s.replace(/\\(u[0-9a-fA-F]{4}|[nrt\\])/g, (_, e: string) => (e.length > 1 ? String.fromCharCode(parseInt(e.slice(1), 16)) : ESCAPES[e]!))),
  breaks('shell-substitution-internal-error', 'breaks (HTTP 500) on a request holding a shell command substitution ($( or a backtick), as a value passed to a shell does',
    (s) => /\$\(|`/.test(s)),
  echoes('found-address-source-templates-evaluated', 'renders each search through a template engine before it echoes it, so {{7*7}} comes back as 49',
    (s) => s.replace(/\{\{\s*(\d+)\s*\*\s*(\d+)\s*\}\}/g, (_, a: string, b: string) => String(Number(a) * Number(b)))),
  breaksOn('format-string-name-internal-error', 'breaks (HTTP 500) on a name holding %n, as a name logged as a printf format does', 'name', (v) => v.includes('%n')),
  filters('script-tag-refused', 'RSP-RECEIVER-SUCCESS', 'refuses a request holding a script tag, fullwidth forms included (it compares the NFKC form), as a cross-site scripting filter does',
    (s) => /<script/i.test(s.normalize('NFKC'))),
  echoes('found-address-source-entities-decoded', 'decodes entity references in a search once more before it echoes it, so &amp;lt; comes back as &lt;',
    (s) => s.replace(/&(?:#x([0-9a-fA-F]+)|#(\d+)|(amp|lt|gt|quot|apos));/g, (m, hex: string, dec: string, named: string) =>
      (hex ? String.fromCodePoint(parseInt(hex, 16)) : dec ? String.fromCodePoint(Number(dec)) : ENTITIES[named] ?? m))),
  // A stray ]]> after the section is not well formed (XML 1.0 §2.4, CharData), but a lenient reader
  // such as the harness's takes it as text: either way the echo read back is not the search sent.
  { ...written('xml', 'xml-answer-echo-in-unsplit-cdata', 'writes foundAddresses source into an XML answer as a CDATA section without splitting ]]>, so a search holding ]]> ends the section early and leaves ]]> in character data: the answer is not well-formed (XML 1.0 2.4), which the format rule judges before the echo can be read',
    (text) => text.replace(/<source>([^<]*)<\/source>/g, (_, inner: string) =>
      `<source><![CDATA[${inner.replace(/&(amp|lt|gt|quot|apos);/g, (e) => XML_ESCAPED[e]!)}]]></source>`)), rule: 'RSP-FORMAT-FOLLOWS-PATH' },
  filters('path-traversal-refused', 'RSP-RECEIVER-SUCCESS', 'refuses a request holding ../ or ..\\, as a path traversal filter run over every field does',
    (s) => /\.\.[/\\]/.test(s)),
  { name: 'reserved-name-read-as-missing', rule: 'RSP-RECEIVER-SUCCESS', description: 'reads a name that is the word null, undefined, None or nil as no name, so refuses it as missing',
    request: (body) => rebuild(body, (v, key) => (key === 'name' && typeof v === 'string' && /^(null|undefined|none|nil)$/i.test(v) ? undefined : v)) as Obj },
  { name: 'xml-numeric-text-read-as-number', rule: 'RSP-PICKUP-SUCCESS', description: 'reads XML text written as a number in a notation other than plain digits (0012, 1E02, NaN) as that number, so a house or a name holding it is refused as not a string',
    request: (body, at) => (at.format !== 'xml' ? body : rebuild(body, (v) =>
      (typeof v === 'string' && /^(0\d+|[-+]?\d*\.?\d+[eE][-+]?\d+|NaN|Infinity)$/.test(v) ? Number(v) : v)) as Obj) },
  echoes('found-address-source-bidi-stripped', 'removes the bidirectional formatting characters (U+202A-U+202E, U+2066-U+2069, LRM, RLM, ALM) from a search before it echoes it',
    (s) => s.replace(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g, '')),
  echoes('found-address-source-line-separators-normalised', 'writes the line and paragraph separators and NEL of a search as line feeds in its echo',
    (s) => s.replace(/[\u2028\u2029\u0085]/g, '\n')),
  echoes('found-address-source-zero-width-stripped', 'removes zero-width characters (U+200B-U+200D, U+2060, U+FEFF) from a search before it echoes it',
    (s) => s.replace(/[\u200B-\u200D\u2060\uFEFF]/g, '')),
  echoes('found-address-source-nfc', 'echoes a search normalised to NFC, so a letter and its combining accent come back as one code point',
    (s) => s.normalize('NFC')),
  filters('right-to-left-text-refused', 'RSP-PICKUP-SUCCESS', 'refuses a request holding Hebrew or Arabic letters, as a filter of the scripts a service expects does',
    (s) => /[\p{Script=Hebrew}\p{Script=Arabic}]/u.test(s)),
  echoes('found-address-source-emoji-modifiers-stripped', 'removes variation selectors and skin-tone modifiers from a search before it echoes it, as a sanitiser of emoji does',
    (s) => s.replace(/[\uFE00-\uFE0F\u{1F3FB}-\u{1F3FF}]/gu, '')),
  breaks('noncharacter-internal-error', 'breaks (HTTP 500) on a request holding a noncharacter or a private-use character, as a strict text store does',
    (s) => /[\p{Noncharacter_Code_Point}\p{Co}]/u.test(s)),
  filters('replacement-character-refused', 'RSP-PICKUP-SUCCESS', 'refuses a request holding U+FFFD, taking it for a sign of a body that was not UTF-8',
    (s) => s.includes('\uFFFD')),
  echoes('found-address-source-spaces-collapsed', 'writes every run of whitespace in a search as one ASCII space in its echo',
    (s) => s.replace(/\p{White_Space}+/gu, ' ')),
];
