import type { Format } from '../contract/load.ts';
import type { WireResponse } from '../client/transport.ts';
import type { LoadedProfile } from '../profile/load.ts';
import type { LoadedCase } from '../scenario/load.ts';
import { checkExpectation } from './expectation.ts';
import { checkFoundAddresses } from './found-addresses.ts';
import { valueAtPath } from './error-number.ts';
import { checkResponse, ruleFinding } from './response.ts';
import type { Finding } from './finding.ts';

export interface Exchange {
  case: Pick<LoadedCase, 'operation' | 'rules' | 'expect'>;
  format: Format;
  /** The logical request; undefined for a raw body. */
  request: unknown;
  response: WireResponse;
  sentAt: Date;
}

/** Every finding one exchange yields: the response rules, then the case's own rules. */
export function judge(x: Exchange, profile: LoadedProfile): Finding[] {
  const op = x.case.operation;
  const { view, findings } = checkResponse(op, x.format, x.response, profile.responses?.xmlRoot);
  const metadataStatus = valueAtPath(view.value, 'metadata.status');
  if (view.status === 200 && metadataStatus === 400) {
    findings.push(ruleFinding('RSP-ERROR-STATUS', 'fail', { expected: 'an error answered with HTTP 400', received: 'HTTP 200 with metadata.status 400' }));
  }
  // A recorded case may send a doubtful form (DESIGN principle 3): only protocol rules judge it.
  if (view.status === 200 && x.case.expect !== 'record' && x.request !== undefined && view.value !== undefined) {
    findings.push(...checkFoundAddresses(op, x.request, valueAtPath(view.value, 'data')));
  }
  // Response rules are judged above on every response; a case that names one beside the rule it
  // breaks must not blame it for the outcome too. A case naming only response rules is theirs.
  const outcomeRules = x.case.rules.filter((id) => !id.startsWith('RSP-'));
  findings.push(...checkExpectation(outcomeRules.length ? outcomeRules : x.case.rules, x.case.expect, view, x.response.body, profile, x.sentAt));
  return findings;
}

export function errorFindings(rules: string[], reason: string): Finding[] {
  return rules.map((id) => ruleFinding(id, 'error', { received: reason }));
}
