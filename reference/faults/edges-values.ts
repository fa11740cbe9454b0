import { refuse } from '../errors.ts';
import { type Fixtures, loadFixtures } from '../fixtures.ts';
import { type Answer, type Obj, isObj } from '../hooks.ts';
import type { Fault } from './fault.ts';
import { rebuild } from './requests.ts';

/**
 * Faults at the edges of the value types (issue 32, contract/edges/*.yaml): IDs kept in fewer
 * bits, a calendar counted wrongly, credentials compared loosely, a generated_at written
 * wrongly. Each is killed by the scenario cases that walk those edges (suites/*\/integers.yaml,
 * calendar.yaml, credentials.yaml, generated-at.yaml), whatever the day it runs on.
 */

// Hooks see the request alone; a fault that compares credentials reads the reference's one fixture file.
let fixtures: Fixtures | undefined;
const world = (): Fixtures => (fixtures ??= loadFixtures());

const ID_FIELDS = new Set(['counteragentID', 'contactIDs', 'phoneIDs', 'addressID']);
const TIME_FIELDS = ['worktimeStart', 'worktimeEnd', 'breakStart', 'breakEnd'];
const TWO_32 = 2 ** 32;

/** A service that reads every address-book ID through `f` (an ID's key, or its list's). */
const ids = (name: string, rule: string, description: string, f: (id: number, key: string) => number): Fault =>
  ({ name, rule, description, request: (body) => rebuild(body, (v, key) => (ID_FIELDS.has(key) && typeof v === 'number' ? f(v, key) : v)) as Obj });

/** A service that refuses (100001) a produce_date `test` picks. */
const producedOn = (name: string, rule: string, description: string, test: (date: string) => boolean): Fault =>
  ({ name, rule, description, request: (body, at) => {
    if (at.op === 'pickup' && typeof body.produce_date === 'string' && test(body.produce_date)) throw refuse(100001, { fields: ['produce_date'] });
    return body;
  } });

/** A service that takes a credential for the known one `same` matches it with. */
const looseCredential = (name: string, field: 'appkey' | 'sessionID', description: string, same: (sent: string, known: string) => boolean): Fault =>
  ({ name, rule: field === 'appkey' ? 'AUTH-APPKEY-VALID' : 'AUTH-SESSIONID-VALID', description, request: (body) => {
    const sent = body[field];
    const known = field === 'appkey' ? world().appkeys : Object.keys(world().sessions);
    if (typeof sent !== 'string' || known.includes(sent)) return body;
    const match = known.find((k) => same(sent, k));
    return match === undefined ? body : { ...body, [field]: match };
  } });

const STAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const daysIn = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();
const two = (n: number): string => String(n).padStart(2, '0');

/** A service that writes generated_at through `f`, from the fields of the one it would write. */
const stamped = (name: string, rule: string, description: string, f: (y: number, mo: number, d: number, h: number, mi: number, s: number) => string): Fault =>
  ({ name, rule, description, answer: (out: Answer) => {
    const metadata = out.body.metadata as Obj;
    const m = STAMP.exec(String(metadata.generated_at));
    if (!m) return out;
    const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
    return { ...out, body: { ...out.body, metadata: { ...metadata, generated_at: f(y, mo, d, h, mi, s) } } };
  } });

const stamp = (y: number, mo: number, d: number, rest: string): string => `${y}-${two(mo)}-${two(d)} ${rest}`;

export const EDGE_VALUE_FAULTS: Fault[] = [
  // Integers (contract/edges/integers.yaml).
  ids('ids-kept-in-32-bits', 'CNT-IDS-KNOWN', 'keeps address-book IDs in an unsigned 32-bit integer: the known ID plus or minus 2^32 is taken for the known one',
    (id) => (Number.isInteger(id) ? ((id % TWO_32) + TWO_32) % TWO_32 : id)),
  ids('address-id-sign-dropped', 'PCK-ADDRESSID-KNOWN', 'reads an addressID without its sign: the known addressID negated is taken for the known one',
    (id, key) => (key === 'addressID' ? Math.abs(id) : id)),
  ids('counteragent-id-past-int32-breaks', 'MBR-COUNTERAGENTID-KNOWN', 'breaks (HTTP 500) on a counteragentID past a signed 32-bit integer, where an unknown ID is to be refused',
    (id, key) => {
      if (key === 'counteragentID' && (id > 2 ** 31 - 1 || id < -(2 ** 31))) throw new Error(`counteragentID ${id} overflows a 32-bit integer`);
      return id;
    }),

  // Dates and times (contract/edges/dates.yaml).
  producedOn('leap-day-refused', 'PCK-PRODUCE-DATE-CALENDAR', 'has no 29 February (a month-length table without leap years): refuses a produce_date of a leap day',
    (date) => date.endsWith('-02-29')),
  producedOn('thirty-first-refused', 'PCK-PRODUCE-DATE-CALENDAR', 'gives every month 30 days: refuses a produce_date of the 31st',
    (date) => date.endsWith('-31')),
  producedOn('december-31-refused', 'PCK-PRODUCE-DATE-CALENDAR', 'computes the day after a produce_date without carrying into the next year (month 13), so refuses 31 December',
    (date) => date.endsWith('-12-31')),
  producedOn('produce-date-30-day-horizon', 'PCK-PRODUCE-DATE-NO-HORIZON', 'refuses a produce_date more than 30 days ahead of the machine\'s clock',
    (date) => Date.parse(`${date}T00:00:00Z`) - Date.now() > 31 * 86_400_000),
  { name: 'midnight-read-as-missing', rule: 'PCK-TIME-WORKTIME-FORMAT', description: 'reads a time of 00:00 as zero minutes and zero as no value: a worktimeStart or breakStart of 00:00 is missing',
    request: (body) => {
      if (!isObj(body.time)) return body;
      return { ...body, time: Object.fromEntries(Object.entries(body.time).filter(([k, v]) => !(TIME_FIELDS.includes(k) && v === '00:00'))) };
    } },
  { name: 'last-minute-refused', rule: 'PCK-TIME-WORKTIME-FORMAT', description: 'takes times up to 23:58 only (an exclusive bound at 23:59): refuses a time of 23:59',
    request: (body) => {
      const bad = isObj(body.time) ? TIME_FIELDS.filter((k) => (body.time as Obj)[k] === '23:59') : [];
      if (bad.length) throw refuse(100001, { fields: bad.map((k) => `time.${k}`) });
      return body;
    } },

  // Credentials (contract/edges/credentials.yaml).
  looseCredential('session-compared-on-first-16', 'sessionID', 'compares a sessionID on its first 16 characters (a fixed-width column): one that shares them with a session is that session',
    (sent, known) => sent.length >= 16 && sent.slice(0, 16) === known.slice(0, 16)),
  looseCredential('appkey-compared-without-case', 'appkey', 'compares an appkey without case (a case-insensitive collation)',
    (sent, known) => sent.toLowerCase() === known.toLowerCase()),
  looseCredential('appkey-extension-accepted', 'appkey', 'takes an appkey that starts with a known appkey for it (a character appended is ignored)',
    (sent, known) => sent.startsWith(known)),
  looseCredential('appkey-compared-from-second-character', 'appkey', 'compares an appkey from its second character (an off-by-one loop): one whose first character differs is the known appkey',
    (sent, known) => sent.length === known.length && sent.slice(1) === known.slice(1)),

  // Response values (contract/edges/responses.yaml).
  stamped('generated-at-second-sixty', 'RSP-GENERATED-AT', 'writes the seconds of generated_at as 60 (a stamp rounded up to the minute without the carry)',
    (y, mo, d, h, mi) => stamp(y, mo, d, `${two(h)}:${two(mi)}:60`)),
  stamped('generated-at-day-past-month-end', 'RSP-GENERATED-AT', 'writes the day of generated_at as one past its month\'s last day (the 31st of a 30-day month, 29 February of a common year)',
    (y, mo, _d, h, mi, s) => stamp(y, mo, daysIn(y, mo) + 1, `${two(h)}:${two(mi)}:${two(s)}`)),
  stamped('generated-at-month-behind', 'RSP-GENERATED-AT-PLAUSIBLE', 'writes generated_at a month behind (a zero-based month read as one-based, January wrapping to December of the year before)',
    (y, mo, d, h, mi, s) => {
      const [py, pm] = mo === 1 ? [y - 1, 12] : [y, mo - 1];
      return stamp(py, pm, Math.min(d, daysIn(py, pm)), `${two(h)}:${two(mi)}:${two(s)}`);
    }),
  stamped('generated-at-fifteen-hours-ahead', 'RSP-GENERATED-AT-PLAUSIBLE', 'writes generated_at 15 hours ahead of its local time (UTC+18 for Moscow, a time zone that does not exist)',
    (y, mo, d, h, mi, s) => new Date(Date.UTC(y, mo - 1, d, h + 15, mi, s)).toISOString().replace('T', ' ').slice(0, 19)),
];
