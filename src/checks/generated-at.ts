/**
 * generated_at against the target's clock (spec 2.4 and 2.9: "Server response time"). The spec
 * gives its format but not its time zone. Whatever the zone, the stamp names a day the calendar
 * has (RSP-GENERATED-AT, beside the schema's pattern) and lies no further from the true time than
 * a time zone reaches, UTC+14 to UTC−12 (RSP-GENERATED-AT-PLAUSIBLE, a MUST); read in the
 * profile's timeZone (the target's local time, as the same-day rule reads it) how near it lies to
 * the target's clock is a SHOULD (RSP-GENERATED-AT-CLOCK); that it moves as time passes holds in
 * any zone, a MUST (RSP-GENERATED-AT-MOVES). contract/edges/responses.yaml lists the edges read.
 */
import type { LoadedProfile } from '../profile/load.ts';
import { isRealDate } from '../time/calendar.ts';
import { clockOf } from '../time/clock.ts';
import { ruleFinding } from './response.ts';
import type { Finding } from './finding.ts';

/** How far generated_at may lie from the target's clock: a sandbox's clock is set by NTP, rarely minutes off. */
export const CLOCK_TOLERANCE_SECONDS = 300;

/** How far a time zone's clock runs ahead of UTC and behind it (IANA tz database: Pacific/Kiritimati, Etc/GMT+12). */
export const ZONE_AHEAD_SECONDS = 14 * 3600;
export const ZONE_BEHIND_SECONDS = 12 * 3600;

/**
 * Two answers whose requests were sent more than this far apart (the second sent after the first
 * answer arrived) must carry different seconds; the margin over one second absorbs a stamp taken
 * a little before the answer left.
 */
export const MOVES_AFTER_MS = 1_100;

const STAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** The last stamp read and what it read as: every answer's stamp is read twice, and a run's answers within one second carry the same. */
let lastStamp: { value: string; seconds: number | undefined } | undefined;

/** A `YYYY-MM-DD HH:MM:SS` wall-clock reading of a real day and time as seconds, read as if it were UTC (only differences are used). */
export function stampSeconds(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  if (lastStamp?.value === value) return lastStamp.seconds;
  const seconds = readStamp(value);
  lastStamp = { value, seconds };
  return seconds;
}

function readStamp(value: unknown): number | undefined {
  const m = typeof value === 'string' ? STAMP.exec(value) : null;
  if (!m || !isRealDate(m[1]!) || Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4]) > 59) return undefined;
  return Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`) / 1000;
}

/**
 * Every reading of one answer's generated_at, beside the schema's pattern: the day it names (a
 * failure only: the pattern's pass stands otherwise), how far from the true time it lies, and
 * how near the target's clock. `sentAt` is the target's clock when it was sent, `ms` how long
 * the answer took.
 */
export function generatedAtFindings(value: unknown, sentAt: Date, ms: number, profile: LoadedProfile): Finding[] {
  const noDay = namesNoDay(value);
  return [
    ...(noDay ? [ruleFinding('RSP-GENERATED-AT', 'fail', { expected: 'generated_at naming a day its month has (YYYY-MM-DD HH:MM:SS)', received: `${String(value)}: no such day` })] : []),
    generatedAtPlausible(value, sentAt, ms),
    generatedAtClock(value, sentAt, ms, profile),
  ];
}

/** The last value read by namesNoDay, and what it read as: a run's answers within one second carry the same stamp. */
let lastDay: { value: unknown; noDay: boolean } | undefined;

/** Whether a stamp's fields lie within the pattern's ranges, yet name no day of that month: the pattern cannot tell. */
function namesNoDay(value: unknown): boolean {
  if (lastDay !== undefined && lastDay.value === value) return lastDay.noDay;
  const m = typeof value === 'string' ? STAMP.exec(value) : null;
  const [, month, day] = m ? m[1]!.split('-').map(Number) : [];
  const noDay = !!m && month! >= 1 && month! <= 12 && day! >= 1 && day! <= 31 && !isRealDate(m[1]!);
  // Only a text is kept: an object's reading is not worth holding it for.
  lastDay = typeof value === 'string' ? { value, noDay } : undefined;
  return noDay;
}

const hours = (seconds: number): string => `${seconds < 0 ? '−' : '+'}${(Math.abs(seconds) / 3600).toFixed(2)} h`;

/**
 * RSP-GENERATED-AT-PLAUSIBLE: the stamp, read as a wall clock, is the true instant (the target's
 * clock: profile clock) plus some zone's offset, within the clock tolerance and the answer's time.
 */
export function generatedAtPlausible(value: unknown, sentAt: Date, ms: number): Finding {
  const stamp = stampSeconds(value);
  if (stamp === undefined) return ruleFinding('RSP-GENERATED-AT-PLAUSIBLE', 'skip', { note: 'generated_at is no real YYYY-MM-DD HH:MM:SS (RSP-GENERATED-AT says so)' });
  const off = stamp - sentAt.getTime() / 1000;
  const ok = off >= -(ZONE_BEHIND_SECONDS + CLOCK_TOLERANCE_SECONDS) && off <= ZONE_AHEAD_SECONDS + CLOCK_TOLERANCE_SECONDS + ms / 1000;
  return ruleFinding('RSP-GENERATED-AT-PLAUSIBLE', ok ? 'pass' : 'fail', {
    expected: `generated_at between UTC−12 and UTC+14 on the target's clock (${sentAt.toISOString()}), give or take ${CLOCK_TOLERANCE_SECONDS} s`,
    received: `${String(value)}, which is UTC${hours(off)} then: the response time in no time zone`,
  });
}

/** The last reading of a target's wall clock, by its whole second: what wallSeconds gives depends on nothing finer. */
let lastWall: { clock: object; second: number; seconds: number } | undefined;
function wallSeconds(profile: LoadedProfile, at: Date): number {
  const clock = clockOf(profile);
  const second = Math.floor(at.getTime() / 1000);
  if (lastWall?.clock === clock && lastWall.second === second) return lastWall.seconds;
  const seconds = clock.wallSeconds(at);
  lastWall = { clock, second, seconds };
  return seconds;
}

/** RSP-GENERATED-AT-CLOCK for one answer: `sentAt` is the target's clock when it was sent, `ms` how long the answer took. */
export function generatedAtClock(value: unknown, sentAt: Date, ms: number, profile: LoadedProfile): Finding {
  if (!profile.timeZone) return ruleFinding('RSP-GENERATED-AT-CLOCK', 'skip', { note: 'the profile gives no timeZone, so the target\'s local time is unknown' });
  const stamp = stampSeconds(value);
  if (stamp === undefined) return ruleFinding('RSP-GENERATED-AT-CLOCK', 'skip', { note: 'generated_at is not YYYY-MM-DD HH:MM:SS (RSP-GENERATED-AT says so)' });
  const from = wallSeconds(profile, sentAt);
  const off = stamp < from ? from - stamp : Math.max(0, stamp - from - ms / 1000);
  return ruleFinding('RSP-GENERATED-AT-CLOCK', off <= CLOCK_TOLERANCE_SECONDS ? 'pass' : 'fail', {
    expected: `generated_at within ${CLOCK_TOLERANCE_SECONDS} s of the target's clock in ${profile.timeZone}`,
    received: `${String(value)}, ${Math.round(off)} s from the target's clock (profile clock and timeZone)`,
  });
}

/** One answer of a sequence as the clock rule reads it: its generated_at, and when it was sent and arrived (harness clock, ms). */
export interface Stamped { generatedAt: unknown; sentMs: number; receivedMs: number }

/**
 * RSP-GENERATED-AT-MOVES for an answer against an earlier one of the same sequence; undefined
 * when the second request left too soon after the first answer for the seconds to differ. A
 * profile whose target clock stands still (clock.fixed) expects no move: what came is recorded.
 */
export function generatedAtMoves(earlier: Stamped, later: Stamped, profile: LoadedProfile): Finding | undefined {
  const gap = later.sentMs - earlier.receivedMs;
  if (gap <= MOVES_AFTER_MS) return undefined;
  const [a, b] = [stampSeconds(earlier.generatedAt), stampSeconds(later.generatedAt)];
  if (a === undefined || b === undefined) return undefined;
  const seen = `${String(earlier.generatedAt)}, then ${String(later.generatedAt)} for a request sent ${(gap / 1000).toFixed(1)} s after that answer`;
  if (!clockOf(profile).ticking) return ruleFinding('RSP-GENERATED-AT-MOVES', 'pass', { note: `Recorded (the profile's clock is fixed): ${seen}` });
  return ruleFinding('RSP-GENERATED-AT-MOVES', b > a ? 'pass' : 'fail', { expected: 'a later generated_at for the later answer', received: seen });
}
