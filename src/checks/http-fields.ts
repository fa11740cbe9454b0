import type { WireResponse } from '../client/transport.ts';
import { excerpt, ruleFinding } from './response.ts';
import type { Finding } from './finding.ts';

/** How far Date may lie from the target's clock before HTTP-DATE-NOW warns: as far as generated_at may (src/checks/generated-at.ts). */
export const DATE_TOLERANCE_SECONDS = 300;

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** RFC 9110 5.6.7: IMF-fixdate = day-name "," SP date1 SP time-of-day SP GMT, every part fixed-length. */
const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;

/**
 * The instant an IMF-fixdate names, or why it names none: the grammar, hours to 23, minutes to
 * 59, seconds to 60 (a leap second, 5.6.7), a day its month has, and the day-name of that day
 * (IMF-fixdate is a subset of RFC 5322 3.3, whose day-of-week is the day the date implies).
 */
export function imfFixdate(value: string): { at: number } | { problem: string } {
  // Every answer within one second carries the same Date: read once.
  if (lastDate?.value !== value) lastDate = { value, read: readImfFixdate(value) };
  return lastDate.read;
}

/** The last Date read, and what it read as (a frozen result: every caller gets the same). */
let lastDate: { value: string; read: Readonly<{ at: number } | { problem: string }> } | undefined;

function readImfFixdate(value: string): Readonly<{ at: number } | { problem: string }> {
  return Object.freeze(readDate(value));
}

function readDate(value: string): { at: number } | { problem: string } {
  const m = IMF_FIXDATE.exec(value);
  if (!m) return { problem: 'not in the IMF-fixdate format (`Sun, 06 Nov 1994 08:49:37 GMT`)' };
  const [day, month, year, hour, minute, second] = [Number(m[2]), MONTHS.indexOf(m[3]!), Number(m[4]), Number(m[5]), Number(m[6]), Number(m[7])];
  if (hour > 23 || minute > 59 || second > 60) return { problem: `no time of day: ${m[5]}:${m[6]}:${m[7]}` };
  const at = Date.UTC(year, month, day, hour, minute, Math.min(second, 59));
  const date = new Date(at);
  if (day < 1 || date.getUTCDate() !== day || date.getUTCMonth() !== month) return { problem: `no such day: ${m[2]} ${m[3]} ${m[4]}` };
  if (DAY_NAMES[date.getUTCDay()] !== m[1]) return { problem: `${m[2]} ${m[3]} ${m[4]} is a ${DAY_NAMES[date.getUTCDay()]}, not a ${m[1]}` };
  return { at };
}

/**
 * The HTTP fields every answer of the service is judged on (contract/standards-audit.yaml): a
 * Date on every 2xx, 3xx and 4xx (the service has a clock: generated_at), written as an
 * IMF-fixdate, near the target's clock when the request was sent (`sentAt`, the profile's clock;
 * `ms`, how long the answer took); and a Content-Encoding that names the codings the body is in,
 * none when none was applied (src/client/content-coding.ts decoded it, or says why it could
 * not). A 5xx is judged by RSP-HTTP-STATUS, and may go without a Date.
 */
export function httpFieldFindings(res: WireResponse, sentAt: Date): Finding[] {
  const findings: Finding[] = [];
  const date = res.headers.date;
  if (res.status >= 200 && res.status < 500) {
    findings.push(ruleFinding('HTTP-DATE', date === undefined ? 'fail' : 'pass', date === undefined ? { expected: `a Date header field with an HTTP ${res.status} answer (RFC 9110 6.6.1)`, received: 'no Date header field' } : {}));
  }
  if (date !== undefined) {
    const read = imfFixdate(date);
    findings.push(ruleFinding('HTTP-DATE-FORMAT', 'at' in read ? 'pass' : 'fail', 'at' in read ? {} : {
      expected: 'one Date written as an IMF-fixdate (RFC 9110 5.6.7)', received: `Date: ${excerpt(date, 100)}: ${read.problem}`,
    }));
    if ('at' in read) findings.push(dateNow(date, read.at, sentAt, res.ms));
  }
  if (res.contentCoding) {
    findings.push(ruleFinding('HTTP-CONTENT-ENCODING', 'fail', { expected: 'a Content-Encoding naming the codings applied to the body, in order (RFC 9110 8.4)', received: res.contentCoding }));
  } else {
    const named = res.headers['content-encoding'];
    findings.push(ruleFinding('HTTP-CONTENT-ENCODING', 'pass', named === undefined ? {} : { note: `Content-Encoding: ${excerpt(named, 80)}, decoded` }));
  }
  return findings;
}

/** HTTP-DATE-NOW: the Date within the tolerance of the target's clock between sending and the answer. */
function dateNow(date: string, at: number, sentAt: Date, ms: number): Finding {
  const from = sentAt.getTime() - DATE_TOLERANCE_SECONDS * 1000;
  const to = sentAt.getTime() + ms + DATE_TOLERANCE_SECONDS * 1000 + 1000;
  if (at >= from && at <= to) return ruleFinding('HTTP-DATE-NOW', 'pass');
  const off = Math.round((at - sentAt.getTime()) / 1000);
  return ruleFinding('HTTP-DATE-NOW', 'fail', {
    expected: `a Date within ${DATE_TOLERANCE_SECONDS} s of the target's clock (${sentAt.toUTCString()} when the request was sent)`,
    received: `Date: ${date}, ${Math.abs(off)} s ${off < 0 ? 'behind' : 'ahead'}`,
  });
}
