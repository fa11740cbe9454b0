/**
 * Time, in one home (DESIGN: "Time … has one home"): the target's clock as the profile
 * describes it (docs/target-clock.md: an instant it stands at, `clock.fixed`, or the harness's
 * clock moved by `clock.offsetSeconds`; without either, the harness's own), its local day in the
 * profile's timeZone (UTC without one), the dates sent for it, and every cut-off decision: the
 * same-day cut-off of spec 4 rule 4 (16:00 on a weekday) and the past date, their margins, and
 * the wait across 16:00. Scenarios, generators, checks, the runner and the reports read time
 * through `clockOf(profile)`, never `new Date()`.
 */

import { addDays, edgeDay, offsetChangeDays, type EdgeDay } from './calendar.ts';

export interface ClockSpec {
  /** ISO 8601 instant with its offset: the target's clock stands still there. */
  fixed?: string;
  /** Seconds the target's clock runs ahead of the harness's (negative: behind). */
  offsetSeconds?: number;
  /** Seconds a same-day case may wait for the target's ticking clock to cross 16:00, so one run judges both sides. */
  waitForCutoffSeconds?: number;
}

/** What of a profile its clock is read from. */
export interface ClockSource { clock?: ClockSpec; timeZone?: string }

/** The target's local time: its date, weekday (Sunday 0, as Date's getDay) and time of day. */
export interface LocalTime { date: string; weekday: number; minutes: number; seconds: number }

/** The dates a scenario names (`$date`): `nextWeekday` is two or more days ahead, on a weekday. */
export type DateName = 'today' | 'tomorrow' | 'yesterday' | 'weekAgo' | 'nextWeekday';

export type CutoffSide = 'same-day-before' | 'same-day-after' | 'past-yesterday';

/** Where the target's clock stands against 16:00: before it on a weekday, within the margin after it on a moving clock, or after it. */
export type SameDay = 'before' | 'margin' | 'after';

/**
 * After 16:00 on a ticking clock, this long the side of the same-day cut-off is uncertain (a
 * target clock a little behind still reads before 16:00), so the same-day case is not judged
 * on the after side: its answer is recorded.
 */
export const CUTOFF_MARGIN_SECONDS = 60;

/**
 * After local midnight on a ticking clock, this long the target's today is uncertain (a clock
 * a few minutes off still reads yesterday), so "yesterday" is not sent as past.
 */
export const MIDNIGHT_MARGIN_MINUTES = 10;

export const SIDES: { side: CutoffSide; rule: string; title: string }[] = [
  { side: 'same-day-before', rule: 'PCK-SAME-DAY', title: 'same-day handover (a produce_date of today, not past) ordered on a weekday before 16:00: recorded, never failed (terminal hours and dimension limits, not shown, decide)' },
  { side: 'same-day-after', rule: 'PCK-SAME-DAY', title: `same-day handover ordered at or after 16:00 or on a weekend: must be refused (on a moving clock, not judged within ${CUTOFF_MARGIN_SECONDS} s after 16:00)` },
  { side: 'past-yesterday', rule: 'PCK-PRODUCE-DATE-PAST', title: 'a produce_date of yesterday: must be refused' },
];

/** The target's clock, read one way by everything that reads it. */
export interface TargetClock {
  readonly timeZone: string | undefined;
  /** Whether it moves: it crosses a cut-off only then. */
  readonly ticking: boolean;
  /** The profile's clock in words, for the certificate. */
  readonly description: string;
  /** The target's clock now; `at` is the harness's clock. */
  now(at?: Date): Date;
  local(at: Date): LocalTime;
  /** `Wed 2026-11-25 15:00 Europe/Moscow`: the target's clock as a check met it. */
  reading(at: Date): string;
  /** The target's wall clock as seconds, read as if it were UTC (for differences with a stamp it wrote). */
  wallSeconds(at: Date): number;
  date(name: DateName, at: Date): string;
  /** The date `days` after today, moved on past a weekend. */
  weekdayAhead(at: Date, days: number): string;
  sameDay(at: Date): SameDay;
  /** The side of its cut-off a same-day or past-date case meets when sent at `at`. */
  side(expect: 'same-day' | 'past-date', at: Date): CutoffSide;
  /** Whether yesterday may still read as today (just after midnight on a moving clock). */
  nearMidnight(at: Date): boolean;
  /**
   * How long a same-day case sent before 16:00 (or within the margin after it) waits for the
   * clock to pass 16:00 and its margin, to be sent again on the after side: to one second past
   * them, when the clock ticks and that is within clock.waitForCutoffSeconds.
   */
  waitForCutoff(at: Date): number | undefined;
  /** An edge day of the calendar (src/time/calendar.ts) counted from the target's today; undefined when its zone has none of that kind. */
  edgeDay(kind: EdgeDay, at: Date): string | undefined;
  /** The days, from the target's today on, on which its timeZone changes its UTC offset (none in UTC, so none without a timeZone). */
  offsetChanges(at: Date): string[];
}

/** 16:00 local time, the same-day cut-off of spec 4 rule 4. */
const CUTOFF_MINUTES = 16 * 60;
/** The weekdays as Intl's short English names give them, Sunday first (Date's getDay order). */
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const formats = new Map<string, Intl.DateTimeFormat>();

/** The last reading in each zone, by its whole second: a run reads the clock for every answer, and Intl's formatToParts is slow. */
const lastReading = new Map<string, { second: number; local: LocalTime }>();

function localIn(at: Date, timeZone: string): LocalTime {
  const second = Math.floor(at.getTime() / 1000);
  const last = lastReading.get(timeZone);
  if (last?.second === second) return { ...last.local };
  const local = readLocal(at, timeZone);
  lastReading.set(timeZone, { second, local });
  return { ...local };
}

function readLocal(at: Date, timeZone: string): LocalTime {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday: WEEKDAYS.indexOf(parts.weekday!), minutes: Number(parts.hour) * 60 + Number(parts.minute), seconds: Number(parts.second) };
}

const two = (n: number): string => String(n).padStart(2, '0');
const weekday = (l: LocalTime): boolean => l.weekday >= 1 && l.weekday <= 5;

function describe({ clock: c, timeZone }: ClockSource): string {
  const zone = timeZone ? ` in ${timeZone}` : ' (no timeZone: UTC)';
  if (c?.fixed) return `fixed at ${c.fixed}${zone} (profile clock.fixed)`;
  if (c?.offsetSeconds) return `the harness's clock ${c.offsetSeconds > 0 ? '+' : '-'}${Math.abs(c.offsetSeconds)} s${zone} (profile clock.offsetSeconds)`;
  return `the harness's clock${zone}`;
}

function make(source: ClockSource): TargetClock {
  const { clock: spec, timeZone } = source;
  const ticking = !spec?.fixed;
  const local = (at: Date): LocalTime => localIn(at, timeZone ?? 'UTC');
  /** Seconds past 16:00 on a weekday (negative: before it); undefined on a weekend. */
  const pastCutoff = (at: Date): number | undefined => {
    const l = local(at);
    return weekday(l) ? (l.minutes - CUTOFF_MINUTES) * 60 + l.seconds : undefined;
  };
  const clock: TargetClock = {
    timeZone,
    ticking,
    description: describe(source),
    now: (at = new Date()) => (spec?.fixed ? new Date(spec.fixed) : new Date(at.getTime() + (spec?.offsetSeconds ?? 0) * 1000)),
    local,
    reading(at) {
      const l = local(at);
      return `${WEEKDAYS[l.weekday]} ${l.date} ${two(Math.floor(l.minutes / 60))}:${two(l.minutes % 60)} ${timeZone ?? 'UTC'}`;
    },
    wallSeconds(at) {
      const l = local(at);
      return Date.parse(`${l.date}T00:00:00Z`) / 1000 + l.minutes * 60 + l.seconds;
    },
    weekdayAhead(at, days) {
      const today = local(at);
      let ahead = days;
      while ([0, 6].includes((today.weekday + ahead) % 7)) ahead++;
      return addDays(today.date, ahead);
    },
    date(name, at) {
      const today = local(at).date;
      switch (name) {
        case 'today': return today;
        case 'tomorrow': return addDays(today, 1);
        case 'yesterday': return addDays(today, -1);
        // Far enough back that no clock skew or time zone makes it today.
        case 'weekAgo': return addDays(today, -7);
        // At least two days ahead, so no same-day or next-morning rule of the target can apply.
        case 'nextWeekday': return clock.weekdayAhead(at, 2);
      }
    },
    sameDay(at) {
      const past = pastCutoff(at);
      if (past !== undefined && past < 0) return 'before';
      return ticking && past !== undefined && past < CUTOFF_MARGIN_SECONDS ? 'margin' : 'after';
    },
    side: (expect, at) => (expect === 'past-date' ? 'past-yesterday' : clock.sameDay(at) === 'before' ? 'same-day-before' : 'same-day-after'),
    nearMidnight: (at) => ticking && local(at).minutes < MIDNIGHT_MARGIN_MINUTES,
    edgeDay: (kind, at) => edgeDay(kind, local(at).date, () => clock.offsetChanges(at)),
    offsetChanges(at) {
      const zone = timeZone ?? 'UTC';
      // The zone's offset in minutes: its wall clock read as UTC, less the instant.
      const offsetAt = (ms: number): number => {
        const l = localIn(new Date(ms), zone);
        return Math.round((Date.parse(`${l.date}T00:00:00Z`) / 1000 + l.minutes * 60 + l.seconds - Math.floor(ms / 1000)) / 60);
      };
      return offsetChangeDays(local(at).date, offsetAt);
    },
    waitForCutoff(at) {
      const allowed = spec?.waitForCutoffSeconds ?? 0;
      if (!timeZone || !ticking || allowed === 0) return undefined;
      const past = pastCutoff(at);
      if (past === undefined || past >= CUTOFF_MARGIN_SECONDS) return undefined;
      const ms = (CUTOFF_MARGIN_SECONDS - past + 1) * 1000;
      return ms <= allowed * 1000 ? ms : undefined;
    },
  };
  return clock;
}

const clocks = new WeakMap<ClockSource, TargetClock>();

/** The target's clock of a profile (made once per profile object). */
export function clockOf(source: ClockSource): TargetClock {
  let clock = clocks.get(source);
  if (!clock) clocks.set(source, (clock = make(source)));
  return clock;
}

/** The problem with a fixed instant, or undefined: it must carry its offset, so it names one instant. */
export function fixedProblem(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) || Number.isNaN(Date.parse(value))) {
    return `must be an ISO 8601 instant with its offset, such as 2026-11-25T15:00:00+03:00, got ${JSON.stringify(value)}`;
  }
  return undefined;
}
