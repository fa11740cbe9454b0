import { isResponseRule, type Format, type Operation } from '../contract/load.ts';
import type { WireResponse } from '../client/transport.ts';
import type { LoadedProfile } from '../profile/load.ts';
import type { LoadedCase } from '../scenario/load.ts';
import { checkExpectation } from './expectation.ts';
import { checkFoundAddresses } from './found-addresses.ts';
import { valueAtPath } from './error-number.ts';
import { checkResponse, ruleFinding } from './response.ts';
import type { Finding } from './finding.ts';
import { generatedAtFindings } from './generated-at.ts';
import { wireFindings } from './wire.ts';
import { httpFieldFindings } from './http-fields.ts';
import { messageFindings } from './message.ts';
import { bodyStandardFindings } from './body-standards.ts';
import { errorMeaningFindings } from './error-meaning.ts';

export interface Exchange {
  case: Pick<LoadedCase, 'operation' | 'rules' | 'expect' | 'message'>;
  format: Format;
  /** The logical request; undefined for a raw body. */
  request: unknown;
  response: WireResponse;
  sentAt: Date;
}

/** Every finding one exchange yields: the response rules, then the case's own rules. */
export function judge(x: Exchange, profile: LoadedProfile): Finding[] {
  const op = x.case.operation;
  if (x.case.expect === 'probe') return probeFindings(x.case.rules, probeOutcome(x.response));
  if (x.case.message) return messageFindings(x.case.message, x.response, profile.http?.method ?? 'POST');
  const { view, findings } = checkResponse(op, x.format, x.response, profile.responses?.xmlRoot);
  findings.push(...wireFindings(x.response), ...httpFieldFindings(x.response, x.sentAt), ...bodyStandardFindings(x.format, x.response));
  if (view.value !== undefined) findings.push(...generatedAtFindings(valueAtPath(view.value, 'metadata.generated_at'), x.sentAt, x.response.ms, profile));
  const metadataStatus = valueAtPath(view.value, 'metadata.status');
  if (view.status === 200 && metadataStatus === 400) {
    findings.push(ruleFinding('RSP-ERROR-STATUS', 'fail', { expected: 'an error answered with HTTP 400', received: 'HTTP 200 with metadata.status 400' }));
  }
  findings.push(...errorMeaningFindings(op, view.status, view.value, profile));
  // A recorded case may send a doubtful form (DESIGN principle 3): only protocol rules judge it.
  if (view.status === 200 && x.case.expect !== 'record' && x.request !== undefined && view.value !== undefined) {
    findings.push(...checkFoundAddresses(op, x.request, valueAtPath(view.value, 'data')));
  }
  findings.push(...checkExpectation(outcomeRules(x.case), x.case.expect, view, x.response.body, profile, x.sentAt));
  return findings;
}

/** The rule a refused valid request of each operation breaks. */
export const SUCCESS_RULE: Record<Operation, string> = { change_receiver: 'RSP-RECEIVER-SUCCESS', change_pickup: 'RSP-PICKUP-SUCCESS' };

/**
 * The rules a case's outcome is judged on. Response rules are judged on every response by
 * the checks above, so a case that names one beside the rule its request breaks blames only
 * that rule. A case naming response rules alone shows a valid request: refusing it breaks
 * the operation's success rule, not (say) the foundAddresses rule the case was written for.
 * A send naming no rule at all is judged on the response rules only: a form of a request,
 * whose own rule compares its outcome with the compact form's (src/runner/compare.ts).
 */
function outcomeRules(c: Exchange['case']): string[] {
  if (c.rules.length === 0) return [];
  const own = c.rules.filter((id) => !isResponseRule(id));
  if (own.length) return own;
  return c.expect === 'accepted' ? [SUCCESS_RULE[c.operation]] : c.rules;
}

export function errorFindings(rules: string[], reason: string): Finding[] {
  return rules.map((id) => ruleFinding(id, 'error', { received: reason }));
}

/**
 * A safety probe (rules of family `safety`) sends what the spec does not speak of: what the
 * target did is recorded, and nothing is judged, not even the response rules (a 413 to a
 * 4 MiB body is no fault of the target's).
 */
export function probeFindings(rules: string[], outcome: string): Finding[] {
  return rules.map((id) => ruleFinding(id, 'pass', { note: `Recorded: ${outcome}` }));
}

function probeOutcome(res: Exchange['response']): string {
  const verdict = res.status === 200 ? 'accepted it (it read past the part probed)' : res.status >= 500 ? 'broke on it' : 'refused it';
  const body = res.body.length > 200 ? `${res.body.slice(0, 200)}… (${res.body.length} characters)` : res.body;
  return `HTTP ${res.status}: the target ${verdict}: ${body}`;
}
