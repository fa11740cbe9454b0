import { refuse } from '../errors.ts';
import type { Obj } from '../hooks.ts';
import type { Fault } from './fault.ts';

/** Rebuilds a decoded request bottom-up, every array and value through `f` with its key. */
export function rebuild(v: unknown, f: (v: unknown, key: string) => unknown, key = ''): unknown {
  if (Array.isArray(v)) return f(v.map((el) => rebuild(el, f, key)), key);
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, child]) => [k, rebuild(child, f, k)]));
  return f(v, key);
}

/** A service that reads an XML request differently; JSON requests pass unchanged. */
const xml = (name: string, rule: string, description: string, f: (v: unknown, key: string) => unknown): Fault =>
  ({ name, rule, description, request: (body, at) => (at.format === 'xml' ? (rebuild(body, f) as Obj) : body) });

/** A service that refuses, as a validation error, a valid request whose `field` `test` picks. */
const refuses = (name: string, rule: string, description: string, field: string, test: (body: Obj) => boolean): Fault =>
  ({ name, rule, description, request: (body) => {
    if (test(body)) throw refuse(100001, { fields: [field] });
    return body;
  } });

const CYRILLIC = /\p{Script=Cyrillic}/u;

export const REQUEST_FAULTS: Fault[] = [
  xml('xml-repeated-elements-rejected', 'CNT-CONTACTIDS-MAX', 'refuses an XML request with a repeated element (100003)', (v) => {
    if (Array.isArray(v) && v.length > 1) throw refuse(100003, { detail: 'Повторяющийся элемент XML.', message: 'A repeated XML element.' });
    return v;
  }),
  xml('xml-last-repeated-element-kept', 'CNT-CONTACTIDS-MAX', 'keeps only the last of repeated XML elements', (v) => (Array.isArray(v) ? v.slice(-1) : v)),
  xml('xml-booleans-rejected', 'RCV-CHANGEORDERPAYER-BOOLEAN', 'reads XML true and false as text, so refuses them as booleans', (v) => (typeof v === 'boolean' ? String(v) : v)),

  { name: 'cyrillic-name-internal-error', rule: 'RSP-HTTP-STATUS', description: 'breaks (HTTP 500) on a valid request with a Cyrillic name',
    request: (body) => rebuild(body, (v, key) => {
      if (key === 'name' && typeof v === 'string' && CYRILLIC.test(v)) throw new Error(`cannot store the name ${v}`);
      return v;
    }) as Obj },
  { name: 'produce-date-not-required', rule: 'PCK-PRODUCE-DATE-REQUIRED', description: 'fills in 2099-12-31 for a missing produce_date',
    request: (body) => (body.produce_date === undefined ? { ...body, produce_date: '2099-12-31' } : body) },

  // Over-strict: each refuses a valid request.
  refuses('store-payer-third-refused', 'RCV-STOREPAYER-VALUES', 'refuses storePayer third', 'storePayer', (body) => body.storePayer === 'third'),
  refuses('exact-time-refused', 'PCK-TIME-EXACTTIME-BOOLEAN', 'refuses a time with the optional exactTime', 'time.exactTime',
    (body) => (body.time as Obj | undefined)?.exactTime !== undefined),
];
