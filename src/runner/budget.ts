import { sharedLog } from '../client/shared-log.ts';

/** Accepted (state-changing) requests the run has caused, across its worker processes. */
const accepted = sharedLog('OCS_BUDGET_FILE');

/**
 * Requests this process has in flight that the target may accept. Many are sent at once
 * (DESIGN principle 9), so the budget is taken when a request leaves, not when its answer
 * comes: otherwise every request in flight would pass the check before any was counted.
 */
let inFlight = 0;

/**
 * Takes one request's worth of the profile's budget of accepted requests (safety.maxAccepted)
 * before a request the target may accept is sent; the reason it may not be, when none is left.
 */
export function reserveAcceptance(maxAccepted: number | undefined): string | undefined {
  if (maxAccepted === undefined) return undefined;
  if (accepted.lines().length + inFlight >= maxAccepted) return `the profile's budget of ${maxAccepted} accepted requests is spent (safety.maxAccepted)`;
  inFlight++;
  return undefined;
}

/** The answer to a request is in: an acceptance is counted, and a reservation made for it is given back. */
export function settleAcceptance(reserved: boolean, wasAccepted: boolean): void {
  if (wasAccepted) accepted.append('accepted');
  if (reserved) inFlight--;
}
