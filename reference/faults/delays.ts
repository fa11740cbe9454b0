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
 * 80 ms: the faithful reference answers a default run's change_pickup requests with a p95 of a
 * few tens of ms (48 in flight on one process), so this is well past the default threshold (a
 * p95 more than doubled and at least 50 ms slower) whatever the machine's load.
 */
const PICKUP_DELAY_MS = 80;

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
