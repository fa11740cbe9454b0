/**
 * Faults only a relation between requests shows (issue 42: an answer's value sent back, one value
 * in every place, a request twice, free text around the city), the strings the spec gives no limit
 * (LIM-UNSTATED-LENGTH) and section 7's meanings read back (RSP-ERROR-MEANING). Each passes every
 * check of a single request made by the earlier rules.
 */
import { refuse } from '../errors.ts';
import { type Obj, isObj } from '../hooks.ts';
import { loadFixtures, type Fixtures } from '../fixtures.ts';
import { parseCoordinates, resolveSearch } from '../resolve.ts';
import type { Fault } from './fault.ts';

/** The foundAddresses entries of a success answer, each rewritten by `f`. */
function rewriteResults(body: Obj, f: (result: string) => string): Obj {
  const data = body.data;
  if (!isObj(data) || !Array.isArray(data.foundAddresses)) return body;
  const found = data.foundAddresses.map((e: unknown) => (isObj(e) && typeof e.result === 'string' ? { ...e, result: f(e.result) } : e));
  return { ...body, data: { ...data, foundAddresses: found } };
}

/** The members and the request itself: whatever holds contact persons, phone numbers or a counteragent. */
const holders = (body: Obj): Obj[] => [body, body.receiver, body.third].filter(isObj);

const names = (body: Obj): string[] => holders(body).flatMap((h) => [
  ...(isObj(h.counteragent) && typeof h.counteragent.name === 'string' ? [h.counteragent.name] : []),
  ...(Array.isArray(h.contactPersons) ? h.contactPersons.flatMap((p: unknown) => (isObj(p) && typeof p.name === 'string' ? [p.name] : [])) : []),
]);

const repeats = (values: unknown[]): boolean => new Set(values.map((v) => JSON.stringify(v))).size < values.length;

let fixtures: Fixtures | undefined;
/** Whether the element names a city of the reference's world, read as its resolver reads a whole search. */
const namesCity = (element: string): boolean => resolveSearch(element, (fixtures ??= loadFixtures())) !== undefined;

const PICKUP_MEANING = 'The dispatch address and time for the order cannot be changed.';

export const RELATION_FAULTS: Fault[] = [
  {
    name: 'found-result-without-city', rule: 'REL-RESULT-AS-SEARCH',
    description: 'writes a foundAddresses result without its region and city (the street and house alone), which it cannot resolve when it is sent back as a search',
    answer: (out) => ({ ...out, body: rewriteResults(out.body, (r) => {
      const elements = r.split(', ');
      const last = elements.map((e) => e.startsWith('г. ')).lastIndexOf(true);
      return last < 0 ? r : elements.slice(last + 1).join(', ') || r;
    }) }),
  },
  {
    name: 'found-result-numbered', rule: 'REL-REPEAT',
    description: 'numbers each resolution in its foundAddresses result (a look-up ID), so one search resolves to another text each time it is sent',
    perService: () => {
      let n = 0;
      return { answer: (out) => ({ ...out, body: rewriteResults(out.body, (r) => `${r}, поиск ${++n}`) }) };
    },
  },
  {
    name: 'repeated-contacts-refused', rule: 'REL-SAME-VALUE-PLACES',
    description: 'refuses (100001) a list holding one contact person or one phone number twice, as a unique key on the order\'s contacts would',
    request: (body) => {
      for (const h of holders(body)) {
        const persons = Array.isArray(h.contactPersons) ? h.contactPersons.map((p: unknown) => (isObj(p) ? p.name : p)) : [];
        const phones = Array.isArray(h.phoneNumbers) ? h.phoneNumbers.map((p: unknown) => (isObj(p) ? p.number : p)) : [];
        if (repeats(persons) || repeats(phones)) throw refuse(100001, { fields: ['contactPersons'] });
      }
      return body;
    },
  },
  {
    name: 'city-first-element-only', rule: 'REL-SEARCH-REMARK-PLACES',
    description: 'reads the city of a text address.search from its first element only, as a geocoder that takes the first element for the city: a search with anything before the city is not found (100005)',
    request: (body) => {
      const a = body.address;
      if (!isObj(a) || typeof a.search !== 'string' || parseCoordinates(a.search)) return body;
      if (!namesCity(a.search.split(',')[0]!.trim())) throw refuse(100005, { fields: ['address.search'] });
      return body;
    },
  },
  {
    name: 'counteragent-name-255', rule: 'LIM-UNSTATED-LENGTH',
    description: 'keeps a counteragent\'s name in a column of 255 characters: a longer name is refused (100001), a limit the spec does not state',
    request: (body) => {
      if (holders(body).some((h) => isObj(h.counteragent) && typeof h.counteragent.name === 'string' && [...h.counteragent.name].length > 255)) throw refuse(100001, { fields: ['receiver.counteragent.name'] });
      return body;
    },
  },
  {
    name: 'name-1000-bytes', rule: 'LIM-UNSTATED-LENGTH',
    description: 'keeps names in a column of 1,000 bytes: a name of more UTF-8 bytes is refused (100001), so multi-byte names are cut short at 250 to 500 characters',
    request: (body) => {
      if (names(body).some((n) => Buffer.byteLength(n) > 1000)) throw refuse(100001, { fields: ['contactPersons.name'] });
      return body;
    },
  },
  {
    name: 'error-meaning-of-receiver', rule: 'RSP-ERROR-MEANING',
    description: 'gives the pickup change\'s errors 621001 and 621002 the English meaning of the receiver change\'s (The receiver for the order cannot be changed.)',
    answer: (out) => {
      const errors = out.body.errors;
      if (!Array.isArray(errors)) return out;
      const fixed = errors.map((e: unknown) => (isObj(e) && (e.code === 621001 || e.code === 621002) && e.message === PICKUP_MEANING ? { ...e, message: 'The receiver for the order cannot be changed.' } : e));
      return { ...out, body: { ...out.body, errors: fixed } };
    },
  },
];
