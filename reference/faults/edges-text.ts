import { refuse } from '../errors.ts';
import { isObj, type Obj } from '../hooks.ts';
import type { Fault } from './fault.ts';
import { FREE_TEXT_FAULTS } from './free-text.ts';
import { rebuild } from './requests.ts';

const codePoints = (s: string): number => [...s].length;

/** Every string of a decoded request, however deep. */
function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  return isObj(v) ? Object.values(v).flatMap(strings) : [];
}

/** How many contact persons the receiver and the third hold together. */
const pooledPersons = (body: Obj): number => ['receiver', 'third'].reduce((n, m) => {
  const persons = isObj(body[m]) ? (body[m] as Obj).contactPersons : undefined;
  return n + (Array.isArray(persons) ? persons.length : 0);
}, 0);

/**
 * Issue 32, methods 1a, 1b and 4: how a limit is counted (each counting of contract/edges/text.yaml
 * a server may use in place of code points), what a digit is, limits that only hold one at a time,
 * and the free text of reference/faults/free-text.ts. The countings use the `count` hook, so they
 * bend every limited field at once.
 */
export const EDGE_TEXT_FAULTS: Fault[] = [
  { name: 'limits-count-nfd', rule: 'CAG-JADDR-HOUSE-MAX', description: 'counts a length limit after canonical decomposition (NFD), so a 7-character house holding й (и and a combining breve) is refused',
    count: (value) => codePoints(value.normalize('NFD')) },
  { name: 'limits-count-nfkc', rule: 'PCK-ADDRESS-FLAT-MAX', description: 'counts a length limit after compatibility normalisation (NFKC), so a 5-character flat holding № (No) is refused',
    count: (value) => codePoints(value.normalize('NFKC')) },
  { name: 'limits-count-bytes-two-per-character', rule: 'PCK-ADDRESS-BUILDING-MAX', description: 'stores a limited field in a column of two bytes per character, enough for Cyrillic: a 5-character building holding CJK or astral characters is refused',
    count: (value) => Math.max(codePoints(value), Math.ceil(Buffer.byteLength(value, 'utf8') / 2)) },
  { name: 'limits-count-visible', rule: 'CAG-JADDR-STRUCTURE-MAX', description: 'removes the format characters (zero width space, soft hyphen, word joiner) before it counts, so an 8-character structure holding them is accepted',
    count: (value) => codePoints(value.replace(/\p{Cf}/gu, '')) },

  { name: 'phone-digits-read-after-nfkc', rule: 'MBR-PHONE-NUMBER-DIGITS', description: 'normalises phone numbers and extensions to NFKC before it checks their digits, so a superscript or circled digit passes as a digit',
    request: (body) => rebuild(body, (v, key) => ((key === 'number' || key === 'ext') && typeof v === 'string' ? v.normalize('NFKC') : v)) as Obj },

  { name: 'contact-persons-pooled-across-members', rule: 'LIM-EVERY-MAXIMUM', description: 'counts the receiver\'s and the third\'s contact persons against one limit of 3, so three in each member are refused',
    request: (body) => {
      if (pooledPersons(body) > 3) throw refuse(100001, { fields: ['receiver.contactPersons', 'third.contactPersons'] });
      return body;
    } },
  { name: 'text-over-7-kib-internal-error', rule: 'LIM-EVERY-MAXIMUM', description: 'breaks (HTTP 500) when the strings of a request take more than 7 KiB in UTF-8 together, as a row too large for its table does: only a request with both legal addresses and every e-mail at its limit, in multi-byte text, is that large',
    request: (body) => {
      const bytes = strings(body).reduce((n, s) => n + Buffer.byteLength(s, 'utf8'), 0);
      if (bytes > 7 * 1024) throw new Error(`a row of ${bytes} bytes is too large`);
      return body;
    } },
  ...FREE_TEXT_FAULTS,
];
