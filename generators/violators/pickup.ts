import fc from 'fast-check';
import { fixed, notABoolean, violator, type Violator } from './violator.ts';
import { hhmm } from '../pickup.ts';
import type { Request } from '../receiver.ts';

const pickupOnly = ['change_pickup' as const];

/** Spec 2.6: produce_date in a form other than `YYYY-MM-DD`, from the valid date. */
const DATE_FORMS: ((y: string, m: string, d: string) => string)[] = [
  (y, m, d) => `${d}.${m}.${y}`,
  (y, m, d) => `${y}/${m}/${d}`,
  (y, m, d) => `${y}${m}${d}`,
  (y, m, d) => `${d}-${m}-${y}`,
  (y, m, d) => `${y}-${m}-${d}T00:00:00`,
  (y, m, d) => `${y.slice(2)}-${m}-${d}`,
];

/**
 * Spec 2.8: a time in a form other than `HH:MM`, from a valid time. 24:00 is left out:
 * ISO 8601 reads it as the end of the day, so it is doubtful rather than wrong.
 */
const TIME_FORMS: ((t: string) => string)[] = [
  (t) => `${t}:00`,
  (t) => t.replace(':', ''),
  (t) => t.replace(':', '.'),
  (t) => t.replace(':', 'h'),
  (t) => `${Number(t.slice(0, 2))}:${t.slice(3)}m`,
  (t) => `${t.slice(0, 3)}6${t.slice(4)}`,
];
const badTime = fc.nat({ max: TIME_FORMS.length - 1 });

type Ends = 'Start' | 'End';
const toMinutes = (t: string): number => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));

/** Spec 2.6 and 2.8: the pickup change's own fields and its time window. */
export const pickupRules: Violator[] = [
  violator({ rule: 'PCK-VARIANT-REQUIRED', operations: pickupOnly, how: fixed, apply: (r) => { delete r.variant; } }),
  violator({
    rule: 'PCK-VARIANT-ADDRESS-ONLY',
    operations: pickupOnly,
    how: () => fc.constantFrom('terminal', 'Address', 'адрес', 'pickup'),
    apply: (r, v: string) => { r.variant = v; },
  }),
  violator({ rule: 'PCK-PRODUCE-DATE-REQUIRED', operations: pickupOnly, how: fixed, apply: (r) => { delete r.produce_date; } }),
  violator({
    rule: 'PCK-PRODUCE-DATE-FORMAT',
    operations: pickupOnly,
    how: () => fc.nat({ max: DATE_FORMS.length - 1 }),
    apply: (r, form: number) => {
      const [y, m, d] = String(r.produce_date).split('-') as [string, string, string];
      r.produce_date = DATE_FORMS[form]!(y, m, d);
    },
  }),
  violator({ rule: 'PCK-TIME-REQUIRED', operations: pickupOnly, how: fixed, apply: (r) => { delete r.time; } }),
  violator({ rule: 'PCK-TIME-WORKTIMESTART-REQUIRED', operations: pickupOnly, how: fixed, apply: (r) => { delete (r.time as Request).worktimeStart; } }),
  violator({ rule: 'PCK-TIME-WORKTIMEEND-REQUIRED', operations: pickupOnly, how: fixed, apply: (r) => { delete (r.time as Request).worktimeEnd; } }),
  violator({
    rule: 'PCK-TIME-WORKTIME-FORMAT',
    operations: pickupOnly,
    how: () => fc.tuple(fc.constantFrom<Ends>('Start', 'End'), badTime),
    apply: (r, [end, form]: [Ends, number]) => {
      const time = r.time as Record<string, string>;
      time[`worktime${end}`] = TIME_FORMS[form]!(time[`worktime${end}`]!);
    },
  }),
  violator({
    rule: 'PCK-TIME-BREAK-FORMAT',
    operations: pickupOnly,
    how: () => fc.tuple(fc.constantFrom<Ends>('Start', 'End'), badTime),
    apply: (r, [end, form]: [Ends, number]) => {
      const time = r.time as Record<string, string>;
      if (time.breakStart === undefined) {
        // A break at the window's midpoint: the end left valid stays inside the window.
        const mid = hhmm(Math.floor((toMinutes(time.worktimeStart!) + toMinutes(time.worktimeEnd!)) / 2));
        time.breakStart = mid;
        time.breakEnd = mid;
      }
      time[`break${end}`] = TIME_FORMS[form]!(time[`break${end}`]!);
    },
  }),
  violator({
    rule: 'PCK-TIME-WINDOW-ORDER',
    operations: pickupOnly,
    how: fixed,
    // Swapped ends; the break goes, since it would lie outside the swapped window.
    apply: (r) => {
      const time = r.time as Record<string, string>;
      [time.worktimeStart, time.worktimeEnd] = [time.worktimeEnd!, time.worktimeStart!];
      delete time.breakStart;
      delete time.breakEnd;
    },
  }),
  violator({
    rule: 'PCK-TIME-BREAK-INSIDE',
    operations: pickupOnly,
    how: fixed,
    // A break from the window's end back to its start: inside it, ending before it starts.
    apply: (r) => {
      const time = r.time as Record<string, string>;
      time.breakStart = time.worktimeEnd!;
      time.breakEnd = time.worktimeStart!;
    },
  }),
  violator({
    rule: 'PCK-TIME-EXACTTIME-BOOLEAN',
    operations: pickupOnly,
    how: (_ctx, _op, formats) => notABoolean(formats),
    apply: (r, bad: unknown) => { (r.time as Request).exactTime = bad; },
  }),
];
