import type { Obj } from '../hooks.ts';
import type { Fault } from './fault.ts';

/**
 * Faults of a lenient reader (issue 41): the service reads the decoded request the way a
 * framework default, a number parser, C code or a database collation reads it, one family of
 * contract/lax-readers.yaml each, before any check. Every one turns a request the faithful
 * reference refuses into one it takes, so only a rewritten request shows it.
 */

/** Every member name of both requests (spec 2.1 to 2.8). */
const NAMES = ['appkey', 'sessionID', 'orderID', 'receiver', 'changeOrderPayer', 'storePayer', 'third', 'counteragentID', 'counteragent',
  'contactIDs', 'contactPersons', 'name', 'phoneIDs', 'phoneNumbers', 'number', 'ext', 'email', 'dataForReceipt', 'phone', 'form', 'document',
  'type', 'serial', 'inn', 'juridicalAddress', 'search', 'street', 'house', 'building', 'structure', 'flat', 'variant', 'addressID', 'address',
  'produce_date', 'time', 'worktimeStart', 'worktimeEnd', 'breakStart', 'breakEnd', 'exactTime'];
const BY_LOWER = new Map(NAMES.map((n) => [n.toLowerCase(), n]));
const ARRAYS = new Set(['contactIDs', 'contactPersons', 'phoneIDs', 'phoneNumbers']);
const INTEGERS = new Set(['counteragentID', 'addressID', 'inn', 'contactIDs', 'phoneIDs']);
/** The strings a service looks up or compares with a directory: what a collation decides. */
const LOOKED_UP = new Set(['orderID', 'storePayer', 'variant', 'form', 'type', 'street']);

/** `value` with every member rewritten by `each(name, value)`, depth first. */
function members(value: unknown, each: (name: string, v: unknown) => [string, unknown]): unknown {
  if (Array.isArray(value)) return value.map((el) => members(el, each));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => each(k, members(v, each))));
}

/** System.Text.Json's web defaults: a member named in another case binds to the documented one, unless that one is there too. */
function anyCase(body: Obj): Obj {
  const rename = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rename);
    if (value === null || typeof value !== 'object') return value;
    const names = Object.keys(value);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => {
      const known = BY_LOWER.get(k.toLowerCase());
      return [known && !names.includes(known) ? known : k, rename(v)];
    }));
  };
  return rename(body) as Obj;
}

/** Jackson's UNWRAP_SINGLE_VALUE_ARRAYS: a one-element array where the spec has no array is read as its element. */
const unwrapped = (body: Obj): Obj => members(body, (k, v) => [k, !ARRAYS.has(k) && Array.isArray(v) && v.length === 1 ? v[0] : v]) as Obj;

/** JavaScript's Number() on an integer's text: a sign, leading zeros, a fraction of zeros, an exponent, hexadecimal and whitespace all read as the integer. */
function numbered(v: unknown): unknown {
  if (typeof v !== 'string' || v.trim() === '') return v;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : v;
}
const numberRead = (body: Obj): Obj => members(body, (k, v) => [k, INTEGERS.has(k) ? (Array.isArray(v) ? v.map(numbered) : numbered(v)) : v]) as Obj;

/** A C string ends at its first NUL: what follows is never read. */
const cStrings = (body: Obj): Obj => members(body, (k, v) => [k, typeof v === 'string' && v.includes('\u0000') ? v.slice(0, v.indexOf('\u0000')) : v]) as Obj;

/** PHP's loose comparison or JavaScript's falsy test taken for presence: a member that is false is read as absent. */
const falseAbsent = (body: Obj): Obj => {
  const drop = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(drop);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== false).map(([k, v]) => [k, drop(v)]));
  };
  return drop(body) as Obj;
};

/** fast-xml-parser's removeNSPrefix: an element's prefix and the namespace declarations are dropped before the document is read. */
const withoutPrefixes = (xml: string): string => xml.replace(/<(\/?)[A-Za-z_][\w.-]*:/g, '<$1').replace(/\s+xmlns:[\w.-]+="[^"]*"/g, '');

/** A PAD SPACE collation compares a looked-up value without its trailing spaces. */
const padSpace = (body: Obj): Obj => members(body, (k, v) => [k, LOOKED_UP.has(k) && typeof v === 'string' ? v.replace(/ +$/, '') : v]) as Obj;

export const LAX_READER_FAULTS: Fault[] = [
  {
    name: 'lax-member-names-any-case', rule: 'LAX-MEMBER-NAMES',
    description: 'binds a member named in another case (ORDERID, orderid) to the documented one, as System.Text.Json\'s web defaults and Go\'s encoding/json do',
    request: (body) => anyCase(body),
  },
  {
    name: 'lax-xml-namespace-prefixes-dropped', rule: 'LAX-MEMBER-NAMES',
    description: 'drops every namespace prefix of an XML request before reading it, as fast-xml-parser with removeNSPrefix does, so <p:orderID xmlns:p="urn:x"> is orderID',
    received: (body, at) => (at.format === 'xml' ? Buffer.from(withoutPrefixes(body.toString('utf8'))) : body),
  },
  {
    name: 'lax-false-as-absent', rule: 'LAX-VALUE-SHAPES',
    description: 'reads a member that is false as absent, as a presence test written if (!value) does, so changeOrderPayer false is a missing changeOrderPayer',
    request: (body) => falseAbsent(body),
  },
  {
    name: 'lax-single-value-arrays', rule: 'LAX-VALUE-SHAPES',
    description: 'reads a JSON one-element array where the spec has a single value (["26-0000101"] for orderID) as that value, as Jackson\'s UNWRAP_SINGLE_VALUE_ARRAYS does',
    request: (body, at) => (at.format === 'json' ? unwrapped(body) : body),
  },
  {
    name: 'lax-xml-integers-by-number', rule: 'LAX-SPELLINGS',
    description: 'reads an XML integer\'s text with JavaScript\'s Number(), so +6001, 006001, 0x1771, 6.001e3 and 6001.0 are all the ID 6001',
    request: (body, at) => (at.format === 'xml' ? numberRead(body) : body),
  },
  {
    name: 'lax-c-strings', rule: 'LAX-EDGES',
    description: 'reads every JSON string up to its first NUL, as C code does, so "address\\u0000x" is the variant address',
    request: (body, at) => (at.format === 'json' ? cStrings(body) : body),
  },
  {
    name: 'lax-pad-space-look-ups', rule: 'LAX-EDGES',
    description: 'compares orderID, storePayer, variant, form, document type and street without their trailing spaces, as a PAD SPACE collation does',
    request: (body) => padSpace(body),
  },
];
