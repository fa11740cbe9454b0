import type { ServerResponse } from 'node:http';
import { errorEntry } from '../errors.ts';
import { type Exchange, FAITHFUL, type Obj, type Reply } from '../hooks.ts';
import type { Fault, FaultHooks } from './fault.ts';

/** How long an answer waits in the shared slot for one of the other operation. */
const SLOT_MS = 30;
/** How long the overloaded service works on a request for an order, and how many others it bears meanwhile. */
const WORK_MS = 50;
const MOST_OTHERS = 8;

/**
 * One slot for the answer being written, shared by both operations' handlers: an answer waits in
 * it a moment, and an answer of the other operation that comes meanwhile takes the waiting one's
 * connection, and leaves its own for it. An answer alone, or while the slot is taken, goes out
 * as it should.
 */
function sharedSlot(): Fault['write'] {
  let held: { op: Exchange['op']; res: ServerResponse; reply: Reply; timer: NodeJS.Timeout } | undefined;
  return (res, reply, at) => {
    if (at.op === undefined || (held && held.op === at.op)) return FAITHFUL.write(res, reply, at);
    if (held) {
      const partner = held;
      held = undefined;
      clearTimeout(partner.timer);
      FAITHFUL.write(partner.res, reply, at);
      FAITHFUL.write(res, partner.reply, at);
      return;
    }
    const timer = setTimeout(() => {
      held = undefined;
      FAITHFUL.write(res, reply, at);
    }, SLOT_MS);
    held = { op: at.op, res, reply, timer };
  };
}

/**
 * Requests counted while they are worked on, per order; past MOST_OTHERS others, the answer is
 * 500, an internal error. Not 503: a 503 says "not now" (RFC 9110 section 15.6.4), and the
 * harness waits and sends again, as it must; a 500 under a burst is the fault.
 */
function overloaded(): FaultHooks {
  const working = new Map<string, number>();
  const orderOf = new WeakMap<Exchange, string>();
  const refused = new WeakSet<Exchange>();
  return {
    request: (body, at) => {
      if (typeof body.orderID !== 'string') return body;
      const others = working.get(body.orderID) ?? 0;
      if (others > MOST_OTHERS) refused.add(at);
      working.set(body.orderID, others + 1);
      orderOf.set(at, body.orderID);
      return body;
    },
    answer: (out, at) => {
      if (!refused.has(at)) return out;
      const entry = errorEntry(100500, { detail: 'Слишком много одновременных запросов по заказу.', message: 'Too many requests for the order at once.' });
      return { ...out, status: 500, body: { metadata: { ...(out.body.metadata as Obj), status: 500 }, errors: [entry] } };
    },
    write: (res, reply, at) => {
      const order = orderOf.get(at);
      if (order === undefined) return FAITHFUL.write(res, reply, at);
      setTimeout(() => {
        const left = (working.get(order) ?? 1) - 1;
        if (left > 0) working.set(order, left);
        else working.delete(order);
        FAITHFUL.write(res, reply, at);
      }, WORK_MS);
    },
  };
}

/** Faults of requests in flight together (issue 29): an answer that depends on what else is being answered. */
export const OVERLAP_FAULTS: Fault[] = [
  { name: 'answers-swapped-in-flight', rule: 'OVL-INDEPENDENT',
    description: `answers from one slot shared by both operations: a receiver change and a pickup change answered within ${SLOT_MS} ms of each other each get the other's answer`,
    perService: () => ({ write: sharedSlot() }) },
  { name: 'order-overloaded-500', rule: 'OVL-INDEPENDENT',
    description: `works ${WORK_MS} ms on each request for an order, and answers 500 (in the error body shape, code 100500) to one that comes while more than ${MOST_OTHERS} others for that order are being worked on`,
    perService: overloaded },
];
