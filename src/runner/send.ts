import type { Format } from '../contract/load.ts';
import { FramingError, NotSent, TransportError, type Transport, type WireRequest, type WireResponse } from '../client/transport.ts';
import { errorFindings, judge, probeFindings, type Exchange } from '../checks/judge.ts';
import { framingFailure } from '../checks/wire.ts';
import type { Finding } from '../checks/finding.ts';
import type { LoadedProfile } from '../profile/load.ts';
import { clockOf } from '../time/clock.ts';
import { reserveAcceptance, settleAcceptance } from './budget.ts';
import { judged, judging, sending } from './phases.ts';

/** A case the target may accept changes an order; a refusal costs nothing. */
const mayChangeState = (expect: Exchange['case']['expect']): boolean => expect === 'accepted' || expect === 'record' || expect === 'same-day' || expect === 'probe';

/**
 * Sends one request and judges what comes back: the step every runner shares (scenario
 * cases here, property trials in generators/trials.ts). A request the target may accept
 * takes its share of the budget first (`unsent` says why it was not sent when none is left),
 * and any acceptance counts; a transport fault becomes `error` findings for the case's
 * rules (and `failure` says what broke), never an exception.
 */
export async function sendAndJudge(
  c: Exchange['case'], format: Format, logical: unknown, request: WireRequest, transport: Transport, profile: LoadedProfile,
): Promise<{ findings: Finding[]; response?: WireResponse; broken: boolean; unsent?: string; failure?: string; sentAt?: Date; misframed?: boolean }> {
  const reserved = mayChangeState(c.expect);
  const unsent = reserved ? reserveAcceptance(profile.safety?.maxAccepted) : undefined;
  if (unsent) return { findings: [], broken: false, unsent };
  // The target's clock, by the profile: the same-day and past-date cases are judged on it.
  const sentAt = clockOf(profile).now();
  let response: WireResponse | undefined;
  try {
    sending();
    response = await transport.send(request);
    const since = judging();
    const findings = judge({ case: c, format, request: logical, response, sentAt }, profile);
    judged(since);
    return { findings, response, broken: false, sentAt };
  } catch (err) {
    if (!(err instanceof TransportError)) throw err;
    // An answer the HTTP parser refused came whole from the target: its framing fails, and the
    // case's own rules could not be judged on it (docs/verdicts.md).
    if (err instanceof FramingError) {
      return { findings: [framingFailure(err), ...errorFindings(c.rules, `no answer could be read: it broke HTTP framing (${err.code}), WIRE-RESPONSE-FRAMING`)], response: err.response, broken: true, failure: err.message, sentAt, misframed: true };
    }
    // A safety probe records a target that falls over on it: that is what it asks. One never
    // sent (the breaker of client/transport.ts is open: the target is down) errs as any case.
    if (c.expect === 'probe' && !(err instanceof NotSent)) return { findings: probeFindings(c.rules, `no answer (${err.message})`), response: err.response, broken: true, failure: err.message, sentAt };
    // A request the breaker or a stop held back met no clock: it gets no side of a cut-off.
    return { findings: errorFindings(c.rules, `transport: ${err.message}`), response: err.response, broken: true, failure: err.message, ...(err instanceof NotSent ? {} : { sentAt }) };
  } finally {
    // Without a budget nothing reads the count, and counting writes to a file the run's workers share.
    if (profile.safety?.maxAccepted !== undefined) settleAcceptance(reserved, response?.status === 200);
  }
}
