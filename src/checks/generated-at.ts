/**
 * generated_at against the target's clock (spec 2.4 and 2.9: "Server response time"). The spec
 * gives its format but not its time zone, so the harness reads it in the profile's timeZone
 * (the target's local time, as the same-day rule reads it): how near it lies to the target's
 * clock is a SHOULD (RSP-GENERATED-AT-CLOCK); that it moves as time passes holds in any zone,
 * a MUST (RSP-GENERATED-AT-MOVES).
 */
import type { LoadedProfile } from '../profile/load.ts';
import { clockOf } from '../time/clock.ts';
import { ruleFinding } from './response.ts';
import type { Finding } from './finding.ts';

/** How far generated_at may lie from the target's clock: a sandbox's clock is set by NTP, rarely minutes off. */
export const CLOCK_TOLERANCE_SECONDS = 300;

/**
 * Two answers whose requests were sent more than this far apart (the second sent after the first
 * answer arrived) must carry different seconds; the margin over one second absorbs a stamp taken
 * a little before the answer left.
 */
export const MOVES_AFTER_MS = 1_100;

const STAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** A `YYYY-MM-DD HH:MM:SS` wall-clock reading as seconds, read as if it were UTC (only differences are used). */
export function stampSeconds(value: unknown): number | undefined {
  const m = typeof value === 'string' ? STAMP.exec(value) : null;
  if (!m) return undefined;
  const at = Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`);
  return Number.isNaN(at) ? undefined : at / 1000;
}

/** RSP-GENERATED-AT-CLOCK for one answer: `sentAt` is the target's clock when it was sent, `ms` how long the answer took. */
export function generatedAtClock(value: unknown, sentAt: Date, ms: number, profile: LoadedProfile): Finding {
  if (!profile.timeZone) return ruleFinding('RSP-GENERATED-AT-CLOCK', 'skip', { note: 'the profile gives no timeZone, so the target\'s local time is unknown' });
  const stamp = stampSeconds(value);
  if (stamp === undefined) return ruleFinding('RSP-GENERATED-AT-CLOCK', 'skip', { note: 'generated_at is not YYYY-MM-DD HH:MM:SS (RSP-GENERATED-AT says so)' });
  const from = clockOf(profile).wallSeconds(sentAt);
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
