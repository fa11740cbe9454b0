/**
 * The clock's cut-offs (spec 4 rule 4, and a produce_date not in the past: A-SAME-DAY,
 * A-PRODUCE-DATE-PAST) and their sides. Which side a check met depends on the target's clock
 * when it was sent (src/profile/clock.ts), so a finding names its side and the certificate
 * says which sides a run judged and why the others were not (src/report/cutoffs.ts).
 */
import { localDay, WEEKDAYS } from '../scenario/build.ts';
import { ticking, type ClockSpec } from '../profile/clock.ts';

export type CutoffSide = 'same-day-before' | 'same-day-after' | 'past-yesterday';

/** 16:00 local time, the same-day cut-off of spec 4 rule 4. */
const CUTOFF_MINUTES = 16 * 60;

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

const two = (n: number): string => String(n).padStart(2, '0');

/** `Wed 2026-11-25 15:00 Europe/Moscow`: the target's clock as a check met it. */
export function clockReading(at: Date, timeZone: string): string {
  const l = localDay(at, timeZone);
  return `${WEEKDAYS[l.weekday]} ${l.date} ${two(Math.floor(l.minutes / 60))}:${two(l.minutes % 60)} ${timeZone}`;
}

/** Whether the target's clock is before the same-day cut-off: a weekday before 16:00. */
export function beforeSameDayCutoff(at: Date, timeZone: string): boolean {
  const l = localDay(at, timeZone);
  return l.weekday >= 1 && l.weekday <= 5 && l.minutes < CUTOFF_MINUTES;
}

/** Seconds the target's clock is past 16:00 on a weekday (negative: before it); undefined on a weekend. */
function pastCutoff(at: Date, timeZone: string): number | undefined {
  const l = localDay(at, timeZone);
  return l.weekday >= 1 && l.weekday <= 5 ? (l.minutes - CUTOFF_MINUTES) * 60 + l.seconds : undefined;
}

/** Whether the target's clock is within CUTOFF_MARGIN_SECONDS after 16:00 on a weekday. */
export function withinCutoffMargin(at: Date, timeZone: string): boolean {
  const past = pastCutoff(at, timeZone);
  return past !== undefined && past >= 0 && past < CUTOFF_MARGIN_SECONDS;
}

/** The side of its cut-off a same-day or past-date case meets when sent at `at`. */
export function clockSide(expect: 'same-day' | 'past-date', at: Date, timeZone: string): CutoffSide {
  if (expect === 'past-date') return 'past-yesterday';
  return beforeSameDayCutoff(at, timeZone) ? 'same-day-before' : 'same-day-after';
}

/**
 * How long a same-day case waits, after sending on the before side (or within the margin
 * after 16:00), for the target's clock to pass 16:00 and its margin and be sent again on the
 * after side: the milliseconds to one second past 16:00 + CUTOFF_MARGIN_SECONDS, when the
 * clock ticks and that is within the profile's waitForCutoffSeconds.
 */
export function waitForCutoff(at: Date, timeZone: string | undefined, clock: ClockSpec | undefined): number | undefined {
  const allowed = clock?.waitForCutoffSeconds ?? 0;
  if (!timeZone || !ticking({ clock }) || allowed === 0) return undefined;
  const past = pastCutoff(at, timeZone);
  if (past === undefined || past >= CUTOFF_MARGIN_SECONDS) return undefined;
  const ms = (CUTOFF_MARGIN_SECONDS - past + 1) * 1000;
  return ms <= allowed * 1000 ? ms : undefined;
}
