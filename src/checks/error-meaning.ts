/**
 * Spec 7's table read back (issue 42): an answer that carries a documented error number carries
 * the English meaning the table gives that number, comes with HTTP 400, and is an answer of the
 * operation the number belongs to (RSP-ERROR-MEANING). Where the meaning sits is the target's
 * choice (the body's shape is not shown, A-ERROR-BODY), so the rule is judged only where the
 * profile says (responses.errorMeaningPath); without it the cases that name the rule are skipped
 * as not applicable (`needs`, src/runner/case.ts), and no answer is judged on it.
 */
import { loadErrors, type Operation } from '../contract/load.ts';
import type { LoadedProfile } from '../profile/load.ts';
import { errorNumberFinder, valueAtPath } from './error-number.ts';
import type { Finding } from './finding.ts';
import { ruleFinding } from './response.ts';

const MEANING_RULE = 'RSP-ERROR-MEANING';

/** Case, edge space and a closing full stop are no part of a meaning: "the receiver … changed" is the table's. */
const normal = (text: string): string => text.trim().replace(/\s+/g, ' ').replace(/\.$/, '').toLowerCase();

/** The findings of one answer: one for an answer carrying a documented number (of either operation), none for another. */
export function errorMeaningFindings(op: Operation, status: number, body: unknown, profile: LoadedProfile): Finding[] {
  const path = profile.responses?.errorMeaningPath;
  if (body === undefined || !path) return [];
  // Found anywhere in the body (no errorCodePath), a number is also any digits a success echoes (a
  // search holding the postcode 610001): a success is the status rules' to judge, not this one's.
  if (status === 200 && !profile.responses?.errorCodePath) return [];
  const carries = errorNumberFinder(body, profile.responses?.errorCodePath);
  const carried = loadErrors().filter((e) => carries(e.code));
  if (carried.length === 0) return [];
  const meaning = valueAtPath(body, path);
  const problems: string[] = [];
  const said = typeof meaning === 'string' ? normal(meaning) : undefined;
  // 610001 and 610002 share a meaning, as do 621001 and 621002: the meaning of any number carried will do.
  if (!carried.some((e) => said === normal(e.meaning))) problems.push(`at ${path}: ${meaning === undefined ? 'nothing' : JSON.stringify(meaning)}`);
  if (status !== 400) problems.push(`HTTP ${status}`);
  const foreign = carried.filter((e) => e.operation !== op);
  if (foreign.length === carried.length) problems.push(`${foreign.map((e) => e.code).join(', ')} answered by ${op}, not ${foreign[0]!.operation}`);
  if (problems.length === 0) return [ruleFinding(MEANING_RULE, 'pass')];
  return [ruleFinding(MEANING_RULE, 'fail', {
    expected: carried.map((e) => `${e.code}: HTTP 400 of ${e.operation}, "${e.meaning}" at ${path}`).join('; '),
    received: problems.join('; '),
  })];
}
