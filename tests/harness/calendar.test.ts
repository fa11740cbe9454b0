// The calendar's edge days (src/time/calendar.ts) and the days a zone changes its UTC offset,
// read through the target's clock (src/time/clock.ts): what contract/edges/dates.yaml sends.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { addDays, EDGE_DAYS, edgeDay, isHandoverDay, isLeap, isRealDate, offsetChangeDays, type EdgeDay } from '../../src/time/calendar.ts';
import { clockOf } from '../../src/time/clock.ts';

const NO_CHANGES = (): string[] => [];
const [year, month, day] = [(d: string) => Number(d.slice(0, 4)), (d: string) => Number(d.slice(5, 7)), (d: string) => Number(d.slice(8, 10))];

/** What each kind of day is, in words a reviewer checks against dates.yaml. */
const IS: Record<Exclude<EdgeDay, 'offsetChange'>, (d: string, today: string) => boolean> = {
  leapDay: (d) => month(d) === 2 && day(d) === 29 && isLeap(year(d)),
  februaryEndCommonYear: (d) => month(d) === 2 && day(d) === 28 && !isLeap(year(d)),
  thirtiethOf30DayMonth: (d) => [4, 6, 9, 11].includes(month(d)) && day(d) === 30,
  thirtyFirst: (d) => day(d) === 31 && month(d) !== 12,
  yearEnd: (d) => month(d) === 12 && day(d) === 31,
  nextYear: (d, today) => d >= addDays(today, 365) && d <= addDays(today, 366 + 3),
  fiveYearsAhead: (d, today) => d >= addDays(today, 5 * 365) && d <= addDays(today, 5 * 365 + 2 + 3),
  february29CommonYear: (d) => d.endsWith('-02-29') && !isLeap(year(d)),
  thirtyFirstOf30DayMonth: (d) => [4, 6, 9, 11].includes(month(d)) && d.endsWith('-31'),
};
const UNREAL = new Set<EdgeDay>(['february29CommonYear', 'thirtyFirstOf30DayMonth']);

describe('the calendar\'s edge days', () => {
  it('from any today, each kind is its day, two or more days ahead; a real one is a weekday but 1 January, and no earlier one of its kind is', () => {
    const today = fc.integer({ min: Date.parse('1999-01-01'), max: Date.parse('2199-12-31') }).map((ms) => new Date(ms).toISOString().slice(0, 10));
    fc.assert(fc.property(today, (t) => {
      for (const kind of EDGE_DAYS.filter((k): k is Exclude<EdgeDay, 'offsetChange'> => k !== 'offsetChange')) {
        const d = edgeDay(kind, t, NO_CHANGES)!;
        assert.ok(IS[kind](d, t), `${kind} from ${t}: ${d}`);
        assert.equal(isRealDate(d), !UNREAL.has(kind), `${kind} from ${t}: ${d}`);
        if (UNREAL.has(kind)) continue;
        assert.ok(d >= addDays(t, 2) && isHandoverDay(d), `${kind} from ${t}: ${d} is no handover day two days ahead`);
        if (kind === 'nextYear' || kind === 'fiveYearsAhead') continue;
        for (let e = addDays(t, 2); e < d; e = addDays(e, 1)) assert.ok(!(IS[kind](e, t) && isHandoverDay(e)), `${kind} from ${t}: ${e} comes before ${d}`);
      }
    }), { numRuns: 60 });
  });

  it('finds the first of each kind from a day before a leap day', () => {
    const from = (kind: EdgeDay) => edgeDay(kind, '2028-02-25', NO_CHANGES);
    assert.deepEqual(EDGE_DAYS.filter((k) => k !== 'offsetChange').map((k) => [k, from(k)]), [
      ['leapDay', '2028-02-29'], ['februaryEndCommonYear', '2029-02-28'], ['thirtiethOf30DayMonth', '2028-06-30'],
      ['thirtyFirst', '2028-03-31'], ['yearEnd', '2029-12-31'], ['nextYear', '2029-02-26'], ['fiveYearsAhead', '2033-02-25'],
      ['february29CommonYear', '2029-02-29'], ['thirtyFirstOf30DayMonth', '2028-04-31'],
    ]);
  });

  it('moves a year ahead past 1 January and the weekend', () => {
    assert.equal(edgeDay('nextYear', '2025-01-01', NO_CHANGES), '2026-01-02');
    assert.equal(edgeDay('nextYear', '2026-11-28', NO_CHANGES), '2027-11-29', 'Sunday 2027-11-28 moves to Monday');
  });

  it('tells real days from days no calendar has', () => {
    for (const d of ['2028-02-29', '2000-02-29', '2026-04-30', '2026-12-31']) assert.ok(isRealDate(d), d);
    for (const d of ['2027-02-29', '2100-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-1-01']) assert.ok(!isRealDate(d), d);
  });
});

describe('the days a zone changes its UTC offset', () => {
  const changes = (timeZone: string | undefined, at: string) => clockOf({ timeZone, clock: { fixed: at } }).offsetChanges(new Date(at));

  it('are the days daylight saving time starts and ends, each local date just after the change', () => {
    assert.deepEqual(changes('Europe/Berlin', '2026-11-27T12:00:00Z'), ['2027-03-28', '2027-10-31', '2028-03-26', '2028-10-29']);
    assert.deepEqual(changes('America/New_York', '2026-11-27T12:00:00Z'), ['2027-03-14', '2027-11-07', '2028-03-12', '2028-11-05']);
  });

  it('find a change of half an hour (Lord Howe Island) and one at local midnight (Santiago)', () => {
    assert.deepEqual(changes('Australia/Lord_Howe', '2026-11-27T12:00:00Z').slice(0, 2), ['2027-04-04', '2027-10-03']);
    const santiago = changes('America/Santiago', '2026-11-27T12:00:00Z');
    assert.equal(santiago.length, 4);
    for (const d of santiago) assert.ok(isRealDate(d), d);
  });

  it('are none in a zone that keeps its offset (Moscow since 2014, Kiritimati, UTC, no timeZone)', () => {
    for (const zone of ['Europe/Moscow', 'Pacific/Kiritimati', 'UTC', undefined]) assert.deepEqual(changes(zone, '2026-11-27T12:00:00Z'), [], String(zone));
  });

  it('give the offset-change edge day: the first handover day on or after the next change, none without one', () => {
    const berlin = clockOf({ timeZone: 'Europe/Berlin', clock: { fixed: '2026-11-27T12:00:00Z' } });
    assert.equal(berlin.edgeDay('offsetChange', berlin.now()), '2027-03-29', 'Sunday 28 March moves to Monday');
    const moscow = clockOf({ timeZone: 'Europe/Moscow', clock: { fixed: '2026-11-27T12:00:00Z' } });
    assert.equal(moscow.edgeDay('offsetChange', moscow.now()), undefined);
  });

  it('narrow a change to the minute from offsets read at noon', () => {
    // A zone one hour ahead from 2027-03-28 01:00 UTC.
    const offsetAt = (ms: number): number => (ms >= Date.parse('2027-03-28T01:00:00Z') ? 120 : 60);
    assert.deepEqual(offsetChangeDays('2027-03-01', offsetAt, 60), ['2027-03-28']);
  });
});
