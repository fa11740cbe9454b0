/**
 * The clock's cut-offs (spec 4 rule 4, and a produce_date not in the past: A-SAME-DAY,
 * A-PRODUCE-DATE-PAST) and their sides. Which side a check met depends on the target's clock
 * when it was sent (src/profile/clock.ts), so a finding names its side and the certificate
 * says which sides a run judged and why the others were not (src/report/cutoffs.ts).
 */
import { localDay } from '../scenario/build.ts';
import type { ClockSpec } from '../profile/clock.ts';

export type CutoffSide = 'same-day-before' | 'same-day-after' | 'past-today' | 'past-yesterday';

/** 16:00 local time, the same-day cut-off of spec 4 rule 4. */
export const CUTOFF_MINUTES = 16 * 60;

/**
 * After local midnight on a ticking clock, this long the target's today is uncertain (a clock
 * a few minutes off still reads yesterday), so "yesterday" is not sent as past.
 */
export const MIDNIGHT_MARGIN_MINUTES = 10;

export const SIDES: { side: CutoffSide; rule: string; title: string }[] = [
  { side: 'same-day-before', rule: 'PCK-SAME-DAY', title: 'same-day handover ordered on a weekday before 16:00: recorded, never failed (terminal hours and dimension limits, not shown, decide)' },
  { side: 'same-day-after', rule: 'PCK-SAME-DAY', title: 'same-day handover ordered at or after 16:00 or on a weekend: must be refused' },
  { side: 'past-today', rule: 'PCK-PRODUCE-DATE-PAST', title: 'a produce_date of today: not past (the same-day case\'s date; before 16:00 on a weekday its outcome is recorded, after it the same-day rule refuses it)' },
  { side: 'past-yesterday', rule: 'PCK-PRODUCE-DATE-PAST', title: 'a produce_date of yesterday: must be refused' },
];

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
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

/**
 * How long a same-day case waits, after sending on the before side, for the target's clock
 * to cross 16:00 and be sent again on the after side: the milliseconds to one second past
 * the cut-off, when the clock ticks and that is within the profile's waitForCutoffSeconds.
 */
export function waitForCutoff(at: Date, timeZone: string | undefined, clock: ClockSpec | undefined): number | undefined {
  const allowed = clock?.waitForCutoffSeconds ?? 0;
  if (!timeZone || clock?.fixed || allowed === 0 || !beforeSameDayCutoff(at, timeZone)) return undefined;
  const l = localDay(at, timeZone);
  const ms = ((CUTOFF_MINUTES - l.minutes) * 60 - l.seconds + 1) * 1000;
  return ms <= allowed * 1000 ? ms : undefined;
}
