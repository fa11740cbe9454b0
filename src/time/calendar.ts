/**
 * The calendar's edges (issue 32, contract/edges/dates.yaml): the days where a service that
 * counts days its own way goes wrong, found from the target's today. Pure arithmetic on
 * `YYYY-MM-DD` texts of the proleptic Gregorian calendar (ISO 8601); the target's today and its
 * UTC offsets come from src/time/clock.ts, which is what everything else reads.
 */

/** The days contract/edges/dates.yaml names (`day:`), each found by `edgeDay`. */
export const EDGE_DAYS = [
  'leapDay', 'februaryEndCommonYear', 'thirtiethOf30DayMonth', 'thirtyFirst', 'yearEnd',
  'nextYear', 'fiveYearsAhead', 'offsetChange', 'february29CommonYear', 'thirtyFirstOf30DayMonth',
] as const;
export type EdgeDay = (typeof EDGE_DAYS)[number];

const DAY_MS = 86_400_000;
/** How far ahead an edge is looked for: a leap day on a weekday comes within 28 years. */
const YEARS_SEARCHED = 40;
/** How far ahead a change of the zone's UTC offset is looked for. */
export const OFFSET_DAYS_SEARCHED = 730;

const two = (n: number): string => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number): string => `${String(y).padStart(4, '0')}-${two(m)}-${two(d)}`;
const parts = (date: string): [number, number, number] => date.split('-').map(Number) as [number, number, number];

export const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
export const daysIn = (y: number, m: number): number => (m === 2 ? (isLeap(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);

/** Whether `YYYY-MM-DD` names a day the calendar has (no 2027-02-29, no 2026-04-31). */
export function isRealDate(date: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysIn(y, mo);
}

export const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Sunday 0 … Saturday 6, as Date's getUTCDay. */
export const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * A day every valid request may name (the position of contract/assumptions.yaml
 * A-PRODUCE-DATE-EDGES): Monday to Friday, as every valid produce_date is, and not 1 January,
 * the one day off nearly every country keeps.
 */
export const isHandoverDay = (date: string): boolean => weekdayOf(date) >= 1 && weekdayOf(date) <= 5 && !date.endsWith('-01-01');

function onOrAfterHandover(date: string): string {
  let d = date;
  while (!isHandoverDay(d)) d = addDays(d, 1);
  return d;
}

/** The first of `candidates` (in order) on or after `first` for which `ok` holds. */
function firstOf(first: string, candidates: (y: number) => string[], ok: (d: string) => boolean): string {
  const [y0] = parts(first);
  for (let y = y0; y < y0 + YEARS_SEARCHED; y++) {
    const found = candidates(y).find((d) => d >= first && ok(d));
    if (found) return found;
  }
  throw new Error(`no edge day within ${YEARS_SEARCHED} years of ${first}`);
}

/** The same month and day `years` later (29 February becomes 28 February in a common year). */
function yearsLater(date: string, years: number): string {
  const [y, m, d] = parts(date);
  return ymd(y + years, m, Math.min(d, daysIn(y + years, m)));
}

const MONTHS_30 = [4, 6, 9, 11];
const MONTHS_31_BUT_DECEMBER = [1, 3, 5, 7, 8, 10];

/**
 * The edge day of a kind, two or more days after `today` (so no same-day or next-morning rule
 * applies) and, for a day that exists, a handover day. `offsetChanges` lists the days the
 * target's zone changes its UTC offset (clock.ts); `offsetChange` is undefined without one.
 */
export function edgeDay(kind: EdgeDay, today: string, offsetChanges: () => string[]): string | undefined {
  const first = addDays(today, 2);
  switch (kind) {
    case 'leapDay': return firstOf(first, (y) => (isLeap(y) ? [ymd(y, 2, 29)] : []), isHandoverDay);
    case 'februaryEndCommonYear': return firstOf(first, (y) => (isLeap(y) ? [] : [ymd(y, 2, 28)]), isHandoverDay);
    case 'thirtiethOf30DayMonth': return firstOf(first, (y) => MONTHS_30.map((m) => ymd(y, m, 30)), isHandoverDay);
    case 'thirtyFirst': return firstOf(first, (y) => MONTHS_31_BUT_DECEMBER.map((m) => ymd(y, m, 31)), isHandoverDay);
    case 'yearEnd': return firstOf(first, (y) => [ymd(y, 12, 31)], isHandoverDay);
    case 'nextYear': return onOrAfterHandover(yearsLater(today, 1));
    case 'fiveYearsAhead': return onOrAfterHandover(yearsLater(today, 5));
    case 'offsetChange': {
      const day = offsetChanges().find((d) => d >= first);
      return day === undefined ? undefined : onOrAfterHandover(day);
    }
    // Days no calendar has: the day before them is two or more days ahead, so a service that
    // rolls them over into the next month reads a day it would accept.
    case 'february29CommonYear': return firstOf(first, (y) => (isLeap(y) ? [] : [ymd(y, 2, 28)]), () => true).replace(/28$/, '29');
    case 'thirtyFirstOf30DayMonth': return firstOf(first, (y) => MONTHS_30.map((m) => ymd(y, m, 30)), () => true).replace(/30$/, '31');
  }
}

/**
 * The local days, from `today` on, on which a zone's UTC offset changes (a daylight-saving
 * start or end, a change of standard time), found by reading the offset at each UTC noon and
 * narrowing each change to the minute: the day is the local date just after it.
 * `offsetAt(ms)` is the zone's offset in minutes at an instant.
 */
export function offsetChangeDays(today: string, offsetAt: (ms: number) => number, days = OFFSET_DAYS_SEARCHED): string[] {
  const out: string[] = [];
  const noon = (i: number): number => Date.parse(`${today}T12:00:00Z`) + i * DAY_MS;
  let before = offsetAt(noon(-1));
  for (let i = 0; i < days; i++) {
    const now = offsetAt(noon(i));
    if (now !== before) {
      let [lo, hi] = [noon(i - 1), noon(i)];
      while (hi - lo > 60_000) {
        const mid = lo + Math.floor((hi - lo) / 2);
        if (offsetAt(mid) === before) lo = mid; else hi = mid;
      }
      out.push(new Date(hi + now * 60_000).toISOString().slice(0, 10));
    }
    before = now;
  }
  return out;
}
