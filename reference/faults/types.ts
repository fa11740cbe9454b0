import type { Obj } from '../hooks.ts';
import type { Fault } from './fault.ts';

const ID_LISTS = new Set(['contactIDs', 'phoneIDs']);
const DIGITS = /^\d+$/;

/**
 * Every address-book ID list of a request (the receiver's, the third's, the pickup's own),
 * its strings of digits turned into the integers they spell: the lenient reading of a
 * service that parses what it is given. Anything else, letters included, stays as sent, so
 * only the numeric-string form shows the fault.
 */
function numericIDs(v: unknown, key = ''): unknown {
  if (Array.isArray(v)) return ID_LISTS.has(key) ? v.map((el) => (typeof el === 'string' && DIGITS.test(el) ? Number(el) : el)) : v;
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(Object.entries(v).map(([k, child]) => [k, numericIDs(child, k)]));
}

/** Faults of a value's type: a form of a value the spec's type excludes, read as if it were that type. */
export const TYPE_FAULTS: Fault[] = [
  // JSON only: in XML digit text is an integer, so the same request cannot show the difference.
  { name: 'numeric-string-ids-accepted', rule: 'CNT-IDS-INTEGER', description: 'reads a JSON contactIDs or phoneIDs element sent as a string of digits ("6001") as the integer it spells',
    request: (body, at) => (at.format === 'json' ? (numericIDs(body) as Obj) : body) },
];
