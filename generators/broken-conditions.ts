import type { Operation } from '../src/contract/load.ts';
import type { LoadedProfile } from '../src/profile/load.ts';
import { clockOf } from '../src/time/clock.ts';
import { fixturesOf, legalAddresses, storePayers, type Fixtures, type Places } from './fixtures.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const has = (o: Obj, k: string): boolean => o[k] !== undefined;

/**
 * The request-side rules the request schema cannot express: those that need the profile
 * (legal form kinds, credentials, the order's region) or compare fields, and the doubtful
 * forms valid requests avoid (DESIGN principles 3 and 7). `pastLimit` holds the objects (JSON
 * pointers) with a string past its length limit: however their fields may combine, such an
 * object is refused, so a doubtful combination of its fields is no doubt (A-LIMIT-SIBLINGS).
 */
export function conditionalRules(op: Operation, request: unknown, profile: LoadedProfile, now: Date, pastLimit: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  if (!isObj(request)) return out;
  const f = fixturesOf(profile);
  doubtfulValues(request, '', out);
  if (typeof request.appkey === 'string' && request.appkey !== profile.secrets.appkey) out.push('AUTH-APPKEY-VALID');
  if (typeof request.sessionID === 'string' && request.sessionID !== profile.secrets.sessionID) out.push('AUTH-SESSIONID-VALID');
  const order = op === 'change_receiver' ? f.orders.receiverChangeable : f.orders.pickupChangeable;
  if (typeof request.orderID === 'string' && request.orderID !== order) out.push('FIXTURE: orderID');
  if (op === 'change_receiver') {
    if (typeof request.storePayer === 'string' && !storePayers(f).includes(request.storePayer)) out.push('INFO-STOREPAYER-OTHER-LITERALS');
    if (has(request, 'third') && request.storePayer !== 'third') out.push('INFO-THIRD-WITHOUT-STOREPAYER-THIRD');
    for (const which of ['receiver', 'third']) {
      const m = request[which];
      if (isObj(m)) memberRules(m, which, f, out, pastLimit);
    }
  } else {
    bookRefs(request, f, out);
    pickupPlace(request, f, out, pastLimit.has('/address'));
    produceDate(request.produce_date, profile, now, out);
    if (isObj(request.time)) timeWindow(request.time, out);
  }
  return out;
}

/** null, empty arrays, empty strings and padded strings, wherever they are (DESIGN principle 3). */
function doubtfulValues(v: unknown, path: string, out: string[]): void {
  if (v === null) out.push('INFO-NULL-FIELD');
  else if (Array.isArray(v)) {
    if (v.length === 0) out.push('INFO-EMPTY-ARRAY');
    v.forEach((x, i) => doubtfulValues(x, `${path}/${i}`, out));
  } else if (isObj(v)) for (const [k, x] of Object.entries(v)) doubtfulValues(x, `${path}/${k}`, out);
  else if (v === '') out.push(`DOUBTFUL: empty string at ${path}`);
  else if (typeof v === 'string' && v.trim() !== v && !EDGE_WHITESPACE_TEXT.test(path)) out.push(`DOUBTFUL: leading or trailing whitespace at ${path}`);
}

/**
 * The fields whose text may carry whitespace at its edges, counted and kept as sent
 * (contract/assumptions.yaml A-EDGE-WHITESPACE); anywhere else (an e-mail, a code, a date)
 * it stays doubtful.
 */
const EDGE_WHITESPACE_TEXT = /\/(name|search|house|building|structure|flat)$/;

/** Spec 2.2: address-book IDs; one the profile does not list is taken for one the target does not know. */
function bookRefs(holder: Obj, f: Fixtures, out: string[]): void {
  for (const list of ['contactIDs', 'phoneIDs'] as const) {
    const ids = holder[list];
    if (!Array.isArray(ids)) continue;
    if (ids.some((id) => Number.isInteger(id) && !(f.addressBook?.[list] ?? []).includes(id))) out.push('CNT-IDS-KNOWN');
  }
}

function memberRules(m: Obj, which: string, f: Fixtures, out: string[], pastLimit: ReadonlySet<string>): void {
  bookRefs(m, f, out);
  if (Number.isInteger(m.counteragentID) && !(f.addressBook?.counteragentIDs ?? []).includes(m.counteragentID as number)) out.push('MBR-COUNTERAGENTID-KNOWN');
  if (isObj(m.counteragent)) counteragent(m.counteragent, `${which}.counteragent`, f, out, pastLimit.has(`/${which}/counteragent/juridicalAddress`));
}

/**
 * Spec 2.3: the legal form decides which of document, or inn and juridicalAddress, is
 * required. The profile may list several individuals and legal entities: a value is the
 * profile's when some entry of that form holds it.
 */
function counteragent(c: Obj, path: string, f: Fixtures, out: string[], addressPastLimit: boolean): void {
  if (typeof c.form !== 'string') return;
  const individuals = (f.counteragents?.individual ?? []).filter((i) => i.form === c.form);
  const legals = (f.counteragents?.legal ?? []).filter((l) => l.form === c.form);
  if (individuals.length) {
    if (!has(c, 'document')) out.push('CAG-INDIVIDUAL-DOCUMENT-REQUIRED');
    if (has(c, 'inn') || has(c, 'juridicalAddress')) out.push(`DOUBTFUL: legal-entity fields on the individual ${path}`);
    if (!isObj(c.document)) return;
    const doc = c.document;
    const docs = individuals.map((i) => i.document);
    for (const k of ['type', 'serial', 'number'] as const) {
      if (typeof doc[k] === 'string' && !docs.some((d) => d[k] === doc[k])) out.push(`FIXTURE: ${path}.document.${k}`);
    }
    // A document the profile gives without serial is one whose series its country does not require.
    if (!has(doc, 'serial') && !docs.some((d) => d.serial === undefined && (doc.type === undefined || d.type === doc.type))) out.push('INFO-DOCUMENT-SERIAL-MISSING');
  } else if (legals.length) {
    if (!has(c, 'inn')) out.push('CAG-LEGAL-INN-REQUIRED');
    else if (Number.isInteger(c.inn) && !legals.some((l) => l.inn === c.inn)) out.push(`FIXTURE: ${path}.inn`);
    if (has(c, 'document')) out.push(`DOUBTFUL: a document on the legal entity ${path}`);
    if (!has(c, 'juridicalAddress')) out.push('CAG-LEGAL-JURIDICALADDRESS-REQUIRED');
    else if (isObj(c.juridicalAddress)) juridicalAddress(c.juridicalAddress, `${path}.juridicalAddress`, f, out, addressPastLimit);
  } else out.push('CAG-FORM-KNOWN');
}

/** The profile's search, as is or with additions the spec allows: a trailing comma element, whitespace at the edges (A-SEARCH-ADDITIONS). */
const fromSearch = (search: string, base: string): boolean => {
  const s = search.replace(/^\s+/u, '');
  return s.trimEnd() === base || s.startsWith(`${base}, `);
};

/**
 * Spec 2.3 with A-JADDR-FOOTNOTES: search alone, or a street with a house, of the profile's
 * legal addresses; any other combination is doubtful unless a field is past its limit. A house
 * without a street is one of the profile's houses.
 */
function juridicalAddress(a: Obj, path: string, f: Fixtures, out: string[], pastLimit: boolean): void {
  const known = legalAddresses(f);
  const keys = Object.keys(a);
  if (has(a, 'search')) {
    if (keys.length > 1 && !pastLimit) out.push(`DOUBTFUL: ${path}.search with other fields`);
    if (typeof a.search === 'string' && [...a.search].length >= 2 && !known.some((j) => j.search && fromSearch(a.search as string, j.search))) out.push(`FIXTURE: ${path}.search`);
    return;
  }
  if ((!has(a, 'street') || !has(a, 'house')) && !pastLimit) out.push(`DOUBTFUL: ${path} without search, street and house`);
  const ofStreet = (j: { street?: string }): boolean => a.street === undefined || j.street === a.street;
  if (typeof a.street === 'string' && !known.some((j) => j.street === a.street)) out.push('CAG-JADDR-STREET-KNOWN');
  else if (typeof a.house === 'string' && !known.some((j) => ofStreet(j) && j.house && (a.house as string).trimStart().startsWith(j.house))) out.push(`FIXTURE: ${path}.house`);
}

/** Spec 2.7: a search given as coordinates, `lat, lon`, which alone may come with flat. */
export const COORDINATES = /^\s*-?[0-9]+(\.[0-9]+)?\s*,\s*-?[0-9]+(\.[0-9]+)?\s*$/;
const sameCoordinates = (a: string, b: string): boolean => a.replace(/\s/g, '') === b.replace(/\s/g, '');

/** Where a place lies by the profile: inside the order's region, outside it, or unknown. */
function region(where: { addressID?: unknown; search?: unknown; street?: unknown }, f: Fixtures): 'in' | 'out' | 'unknown' | undefined {
  const holds = (p: Places | undefined): boolean => {
    if (where.addressID !== undefined) return (p?.addressIDs ?? []).includes(where.addressID as number);
    if (typeof where.search === 'string') {
      const s = where.search;
      return COORDINATES.test(s) ? (p?.coordinates ?? []).some((c) => sameCoordinates(c, s)) : (p?.search ?? []).some((b) => fromSearch(s, b));
    }
    return (p?.streets ?? []).some((x) => x.street === where.street);
  };
  if (where.addressID === undefined && typeof where.search !== 'string' && typeof where.street !== 'string') return undefined;
  if (where.addressID !== undefined && !Number.isInteger(where.addressID)) return undefined;
  if (holds(f.pickup?.inRegion)) return 'in';
  return holds(f.pickup?.outOfRegion) ? 'out' : 'unknown';
}

/** Spec 2.7 and 4 rule 5: the combination rules of the address and its region; search beside street or house is doubtful unless a field is past its limit. */
function pickupPlace(r: Obj, f: Fixtures, out: string[], pastLimit: boolean): void {
  const a = isObj(r.address) ? r.address : undefined;
  if (a && has(a, 'search')) {
    if (has(a, 'building')) out.push('PCK-ADDRESS-BUILDING-NOT-WITH-SEARCH');
    if (has(a, 'structure')) out.push('PCK-ADDRESS-STRUCTURE-NOT-WITH-SEARCH');
    if (has(a, 'flat') && typeof a.search === 'string' && !COORDINATES.test(a.search)) out.push('PCK-ADDRESS-FLAT-WITH-COORDINATES-ONLY');
    if ((has(a, 'street') || has(a, 'house')) && !pastLimit) out.push('INFO-SEARCH-WITH-STREET-HOUSE');
  }
  const where = region(has(r, 'addressID') ? { addressID: r.addressID } : { search: a?.search, street: a?.street }, f);
  if (where === 'out') out.push('PCK-ADDRESS-SAME-REGION');
  // A place the profile does not list: an addressID or a street is a look-up the target must refuse.
  if (where === 'unknown') out.push(has(r, 'addressID') ? 'PCK-ADDRESSID-KNOWN' : a && !has(a, 'search') ? 'PCK-ADDRESS-STREET-KNOWN' : 'FIXTURE: the new pickup place');
}

const DAY = 86_400_000;

/** A produce_date two or more days ahead on a weekday (A-SAME-DAY); today is PCK-SAME-DAY's. */
function produceDate(v: unknown, profile: LoadedProfile, now: Date, out: string[]): void {
  if (typeof v !== 'string' || !/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(v)) return;
  const at = Date.parse(`${v}T00:00:00Z`);
  if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== v) {
    out.push('PCK-PRODUCE-DATE-FORMAT');
    return;
  }
  const today = clockOf(profile).local(now);
  const ahead = Math.round((at - Date.parse(`${today.date}T00:00:00Z`)) / DAY);
  if (ahead === 0) out.push('PCK-SAME-DAY');
  else if (ahead < 2) out.push('DOUBTFUL: produce_date less than two days ahead');
  if ([0, 6].includes(new Date(at).getUTCDay())) out.push('DOUBTFUL: produce_date on a weekend');
}

const HHMM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** Spec 2.8 (A-TIME-WINDOW-ORDER): a window is ordered, a break ordered and inside it; half a break is doubtful. */
function timeWindow(t: Obj, out: string[]): void {
  const at = (k: string): string | undefined => (typeof t[k] === 'string' && HHMM.test(t[k] as string) ? (t[k] as string) : undefined);
  const [start, end] = [at('worktimeStart'), at('worktimeEnd')];
  if (start && end && start >= end) out.push('PCK-TIME-WINDOW-ORDER');
  if (has(t, 'breakStart') !== has(t, 'breakEnd')) out.push('DOUBTFUL: half a break');
  const [bs, be] = [at('breakStart'), at('breakEnd')];
  if ((bs && be && bs > be) || [bs, be].some((b) => b && ((start && b < start) || (end && b > end)))) out.push('PCK-TIME-BREAK-INSIDE');
}
