import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * How many accepted (state-changing) requests the run has caused, across worker processes:
 * one line per acceptance in OCS_BUDGET_FILE (Playwright workers share no memory). Workers
 * racing may overshoot by at most one request each.
 */
let inMemory = 0;

export function acceptedSoFar(): number {
  const file = process.env.OCS_BUDGET_FILE;
  if (!file) return inMemory;
  try { return readFileSync(file, 'utf8').length; } catch { return 0; }
}

export function countAccepted(): void {
  const file = process.env.OCS_BUDGET_FILE;
  if (!file) { inMemory++; return; }
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, '+');
}

/** The reason a case that may be accepted is not sent, or undefined while budget is left. */
export function budgetSpent(maxAccepted: number | undefined): string | undefined {
  if (maxAccepted === undefined) return undefined;
  const used = acceptedSoFar();
  return used >= maxAccepted ? `the profile's budget of ${maxAccepted} accepted requests is spent (safety.maxAccepted)` : undefined;
}
