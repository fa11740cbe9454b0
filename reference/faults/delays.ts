import { FAITHFUL, type Hooks } from '../hooks.ts';

/**
 * A reference that answers late and breaks no rule: the target of a deployment check's latency
 * comparison (`--baseline`), served by name like a fault (`--fault NAME`, OCS_REFERENCE_FAULT).
 * Not in the mutation run (reference/faults.ts FAULTS), whose every fault must be caught by a
 * verdict: the spec states no time limit, so no verdict may catch a delay.
 */
export interface Delay {
  name: string;
  /** What the slow service does, in the present tense. */
  description: string;
  /** Writes the answer, success or error, once it has been held. */
  write: Hooks['write'];
}

/**
 * 400 ms. On a shared, busy 2-core machine the faithful reference's p95 for change_pickup in a
 * default run (48 requests in flight on one process) measured 100 to 400 ms from one run to the
 * next; answers held 400 ms longer pass the default threshold (a p95 more than doubled and at
 * least 50 ms slower) against all but the slowest of those baselines.
 */
const PICKUP_DELAY_MS = 400;

export const DELAYS: readonly Delay[] = [
  {
    name: 'slow-pickup-answers',
    description: `answers every change_pickup request ${PICKUP_DELAY_MS} ms late, and breaks no rule`,
    write: (res, reply, at) => {
      if (at.op !== 'pickup') return FAITHFUL.write(res, reply, at);
      // A client that gave up meanwhile has nobody left to answer.
      setTimeout(() => { if (!res.destroyed) FAITHFUL.write(res, reply, at); }, PICKUP_DELAY_MS);
    },
  },
];
