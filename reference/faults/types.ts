import type { Obj } from '../hooks.ts';
import type { Fault } from './fault.ts';

const ID_LISTS = new Set(['contactIDs', 'phoneIDs']);
const DIGITS = /^\d+$/;

/**
 * Every address-book ID list of a request (the receiver's, the third's, the pickup's own),
 * its strings of digits from position `from` on turned into the integers they spell: the
 * lenient reading of a service that parses what it is given. Anything else, letters included,
 * stays as sent, so only the numeric-string form shows the fault.
 */
function numericIDs(v: unknown, from: number, key = ''): unknown {
  if (Array.isArray(v)) return ID_LISTS.has(key) ? v.map((el, i) => (i >= from && typeof el === 'string' && DIGITS.test(el) ? Number(el) : el)) : v;
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(Object.entries(v).map(([k, child]) => [k, numericIDs(child, from, k)]));
}

/** A JSON service that reads ID lists with numericIDs; in XML digit text is an integer, so no XML request can show the difference. */
const lenientIDs = (name: string, description: string, from: number): Fault =>
  ({ name, rule: 'CNT-IDS-INTEGER', description, request: (body, at) => (at.format === 'json' ? (numericIDs(body, from) as Obj) : body) });

/** Faults of a value's type: a form of a value the spec's type excludes, read as if it were that type. */
export const TYPE_FAULTS: Fault[] = [
  lenientIDs('numeric-string-ids-accepted', 'reads a JSON contactIDs or phoneIDs element sent as a string of digits ("6001") as the integer it spells', 0),
  lenientIDs('ids-type-checked-on-first-element-only', 'checks the type of the first JSON contactIDs or phoneIDs element only, reading a later string of digits as the integer it spells', 1),
];
