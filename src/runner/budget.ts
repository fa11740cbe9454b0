import { sharedLog } from './shared-log.ts';

/** Accepted (state-changing) requests the run has caused, across its worker processes. */
const accepted = sharedLog('OCS_BUDGET_FILE');

export function countAccepted(): void {
  accepted.append('accepted');
}

/** The reason a case that may be accepted is not sent, or undefined while budget is left. */
export function budgetSpent(maxAccepted: number | undefined): string | undefined {
  if (maxAccepted === undefined) return undefined;
  return accepted.lines().length >= maxAccepted ? `the profile's budget of ${maxAccepted} accepted requests is spent (safety.maxAccepted)` : undefined;
}
