import type { Expect } from '../scenario/load.ts';
import type { LoadedProfile } from '../profile/load.ts';
import { clockOf, CUTOFF_MARGIN_SECONDS, MIDNIGHT_MARGIN_MINUTES, type CutoffSide } from '../time/clock.ts';
import { errorNumbersIn, findErrorNumber, valueAtPath } from './error-number.ts';
import { excerpt, ruleFinding, type ResponseView } from './response.ts';
import type { Finding } from './finding.ts';

/**
 * What the target answered: the status, the error numbers its body carries and where
 * (metadata.generated_at and metadata.status left out), and an excerpt. With the profile's
 * errorCodePath, whether the body has that path at all; for a record, the body's shape.
 */
function outcome(view: ResponseView, body: string, path?: string, withShape = false): string {
  if (view.status === 200) return 'HTTP 200 (accepted)';
  const numbers = view.value === undefined ? [] : errorNumbersIn(view.value);
  const shown = numbers.slice(0, 4).map((n) => `${n.value} at ${n.path}`).join(', ');
  const absent = path && view.value !== undefined && valueAtPath(view.value, path) === undefined ? `; the profile's errorCodePath ${path} is absent from the body` : '';
  const shape = withShape && view.value !== undefined ? `; body shape ${bodyShape(view.value)}` : '';
  return `HTTP ${view.status}${numbers.length ? ` with error number${numbers.length === 1 ? '' : 's'} ${shown}` : ''}${absent}${shape}: ${excerpt(body, 200)}`;
}

/**
 * The shape of a body the spec does not show (an error body): its field names, nested, values
 * left out (`{metadata{status,generated_at},errors[{code,title}]}`), so two targets' error
 * bodies compare at a glance; an excerpt beside it shows the values, secrets masked.
 */
export function bodyShape(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length ? bodyShape(value[0]) : ''}]`;
  if (value === null || typeof value !== 'object') return '';
  return `{${Object.entries(value).map(([k, v]) => `${k}${bodyShape(v)}`).join(',')}}`;
}

/**
 * Judges a case's own expectation for each of its rules. `record` never fails: it keeps
 * what the target did. `same-day` and `past-date` are judged on the target's clock when the
 * request was sent (`sentAt`), and name the side of the cut-off they met (src/time/clock.ts).
 */
export function checkExpectation(rules: string[], expect: Expect, view: ResponseView, body: string, profile: LoadedProfile, sentAt: Date): Finding[] {
  const received = outcome(view, body, profile.responses?.errorCodePath);
  const each = (make: (id: string) => Finding): Finding[] => rules.map(make);
  const rejected = (note?: string): Finding[] => each((id) => ruleFinding(id, view.status === 400 ? 'pass' : 'fail', { expected: 'rejected (HTTP 400)', received, ...(note ? { note } : {}) }));
  if (expect === 'record' || expect === 'probe') {
    return each((id) => ruleFinding(id, 'pass', { note: `Recorded: ${outcome(view, body, profile.responses?.errorCodePath, true)}` }));
  }
  if (expect === 'same-day' || expect === 'past-date') {
    if (!profile.timeZone) return each((id) => ruleFinding(id, 'skip', { note: 'the profile gives no timeZone, so the target\'s local date and time are unknown' }));
    const target = clockOf(profile);
    const clock = target.reading(sentAt);
    const at = `the target's clock read ${clock}`;
    const onSide = (side: CutoffSide, findings: Finding[]): Finding[] => findings.map((f) => ({ ...f, side, clock }));
    if (expect === 'past-date') {
      if (target.nearMidnight(sentAt)) {
        return onSide('past-yesterday', each((id) => ruleFinding(id, 'skip', { note: `${at}, within ${MIDNIGHT_MARGIN_MINUTES} minutes after midnight, so a clock a little off still reads yesterday as today` })));
      }
      return onSide('past-yesterday', rejected(at));
    }
    const sameDay = target.sameDay(sentAt);
    if (sameDay === 'before') {
      return onSide('same-day-before', each((id) => ruleFinding(id, 'pass', { note: `Not judged: ${at}, a weekday before 16:00, where terminal hours and dimension limits (not shown) decide. Recorded: ${received}` })));
    }
    if (sameDay === 'margin') {
      return onSide('same-day-after', each((id) => ruleFinding(id, 'skip', { note: `Not judged: ${at}, within ${CUTOFF_MARGIN_SECONDS} s after 16:00, so a clock a little behind still reads before it. Recorded: ${received}` })));
    }
    return onSide('same-day-after', rejected(at));
  }
  if (expect === 'accepted') {
    return each((id) => ruleFinding(id, view.status === 200 ? 'pass' : 'fail', { expected: 'accepted (HTTP 200)', received }));
  }
  if (expect === 'rejected') return rejected();
  const code = expect.error;
  if (view.status !== 400) return each((id) => ruleFinding(id, 'fail', { expected: `error ${code} (HTTP 400)`, received }));
  // A whole answer whose body is well formed in no format shows no error number (RSP-FORMAT-FOLLOWS-PATH fails too).
  if (view.value === undefined) return each((id) => ruleFinding(id, 'fail', { expected: `error ${code}`, received: `HTTP 400 with a body well formed in no format: ${excerpt(body)}` }));
  const path = profile.responses?.errorCodePath;
  const found = findErrorNumber(view.value, code, path);
  return each((id) => ruleFinding(id, found ? 'pass' : 'fail', { expected: `error ${code}${path ? ` at ${path}` : ' in the body'}`, received }));
}
