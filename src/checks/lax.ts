/**
 * Judging a rewritten request (issue 41) by what the embedded reference answered to it: the
 * target must refuse what the reference refuses and take what it takes, where the operator's
 * reading is `must` (contract/lax-readers.yaml); where it rests on an open point, the target's
 * other answer is recorded under INFO-LAX-OPEN. An answer other than 200 and 400 fits no reading.
 *
 * Attribution: a finding is judged on the family rule of the first operator applied whose
 * reading the target broke (a shrunk counterexample has one operator); its evidence names the
 * operator, its reader and source, the place it rewrote, and the error numbers and fields the
 * reference refused it with, which lead to the member's own catalog rule.
 */
import type { Format, Operation } from '../contract/load.ts';
import { LAX_OPEN_RULE, laxCatalogue, type LaxOperator } from '../contract/lax-readers.ts';
import { decodeResponse } from '../codec/index.ts';
import type { WireResponse } from '../client/transport.ts';
import type { Finding } from './finding.ts';
import { excerpt, ruleFinding } from './response.ts';

/** One operator applied at one place. */
export interface AppliedRewrite { operator: LaxOperator; at: string }

const ruleOf = (op: LaxOperator): string => laxCatalogue().families[op.family]!.rule;

const answer = (status: number): string => (status === 200 ? 'accepted' : status === 400 ? 'refused' : `HTTP ${status}`);

/** The reference's error numbers and the fields it named: where it refused the rewritten request. */
export function oracleSays(op: Operation, format: Format, res: WireResponse): string {
  if (res.status === 200) return 'accepted (HTTP 200)';
  const decoded = decodeResponse(format, op, res.body);
  const errors = (decoded.format ? (decoded.value as { errors?: unknown }).errors : undefined);
  const list = Array.isArray(errors) ? errors : errors ? [errors] : [];
  const shown = list.slice(0, 4).map((e) => {
    const { code, fields } = (e ?? {}) as { code?: unknown; fields?: unknown };
    const at = Array.isArray(fields) ? fields.join(', ') : typeof fields === 'string' ? fields : '';
    return `${String(code)}${at ? ` at ${at}` : ''}`;
  });
  return `refused (HTTP ${res.status}${shown.length ? `: ${shown.join('; ')}` : ''})`;
}

export const describeRewrite = (r: AppliedRewrite): string => `${r.operator.id} at ${r.at} (${r.operator.family}; ${r.operator.reader}; ${r.operator.source})`;

/**
 * The findings of one rewritten request: a pass or failure on the family rule of each operator
 * applied, and an INFO record where the target's answer departs from the reference's on an open
 * point. `evidence` (what was rewritten, the original request) goes into every finding's note.
 */
export function judgeLax(applied: AppliedRewrite[], target: WireResponse, oracle: WireResponse, says: string, evidence: string): Finding[] {
  const rules = [...new Set(applied.map((r) => ruleOf(r.operator)))];
  const expected = `the reference's outcome: ${says}`;
  const received = `${answer(target.status)}: ${excerpt(target.body, 200)}`;
  const note = evidence;
  const each = (verdict: 'pass' | 'fail' | 'error', detail: Partial<Finding> = {}): Finding[] => rules.map((id) => ruleFinding(id, verdict, { expected, received, note, ...detail }));
  if (oracle.status !== 200 && oracle.status !== 400) return each('error', { received: `the reference answered HTTP ${oracle.status}, which it never does to a request: ${excerpt(oracle.body, 200)}` });
  if (target.status !== 200 && target.status !== 400) return each('fail', { expected: `${expected}; at least an answer some reading allows (200 or 400)` });
  if (target.status === oracle.status) return each('pass');
  const reading = (r: AppliedRewrite): string => (oracle.status === 400 ? r.operator.refused : r.operator.accepted);
  const broken = applied.find((r) => reading(r) === 'must');
  if (broken) {
    const blamed = ruleOf(broken.operator);
    const which = applied.length > 1 ? `Blamed on ${broken.operator.id} at ${broken.at}. ` : '';
    return rules.map((id) => ruleFinding(id, id === blamed ? 'fail' : 'pass', { expected, received, note: `${which}${note}` }));
  }
  const open = [...new Set(applied.map(reading))].join(', ');
  return [...each('pass', { note: `open point (${open}): ${note}` }), ruleFinding(LAX_OPEN_RULE, 'pass', {
    note: `Recorded: ${target.status === 200 ? 'accepts' : 'refuses'} ${applied.map((r) => `${r.operator.id} at ${r.at}`).join(' and ')}, which the reference ${answer(oracle.status)} (${open}). ${note}`,
  })];
}
