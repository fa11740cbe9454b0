import { type ErrorCode, refuse } from '../errors.ts';
import { type Exchange, FAITHFUL, type Obj } from '../hooks.ts';
import type { Fault, FaultHooks } from './fault.ts';

/** The documented refusal for a lack of access to the order, per operation (spec 7). */
const NO_ACCESS: Record<string, ErrorCode> = { receiver: 610002, pickup: 621002 };

const hasCode = (body: Obj, code: number): boolean => ((body.errors as { code?: number }[] | undefined) ?? []).some((e) => e.code === code);

/**
 * Binds a kept-alive connection to the session of its first accepted request (a session
 * affinity cache keyed by the connection): every later request there acts for that session,
 * whatever sessionID it carries.
 */
function boundToConnection(): FaultHooks {
  const bound = new WeakMap<object, unknown>();
  const sessionOf = new WeakMap<Exchange, unknown>();
  return {
    request: (body, at) => {
      sessionOf.set(at, body.sessionID);
      return bound.has(at.connection) && typeof body.sessionID === 'string' ? { ...body, sessionID: bound.get(at.connection) } : body;
    },
    answer: (out, at) => {
      if (out.status === 200 && !bound.has(at.connection) && typeof sessionOf.get(at) === 'string') bound.set(at.connection, sessionOf.get(at));
      return out;
    },
  };
}

/** Remembers, per operation and order, a refusal for lack of access, and gives it to every later change of that order. */
function refusalKeptForOrder(): FaultHooks {
  const refused = new Set<string>();
  const keyOf = new WeakMap<Exchange, string>();
  return {
    request: (body, at) => {
      if (at.op === undefined || typeof body.orderID !== 'string') return body;
      const key = `${at.op}|${body.orderID}`;
      if (refused.has(key)) throw refuse(NO_ACCESS[at.op]!);
      keyOf.set(at, key);
      return body;
    },
    answer: (out, at) => {
      const key = keyOf.get(at);
      if (key !== undefined && at.op !== undefined && hasCode(out.body, NO_ACCESS[at.op]!)) refused.add(key);
      return out;
    },
  };
}

/** How long the service with one shared "current user" works on a request: long enough for others to come meanwhile. */
const WORK_MS = 20;

/**
 * Keeps the session being worked on in one variable shared by every request: a request that
 * comes while another is being worked on acts for the session the variable holds, not its own.
 */
function userSharedInFlight(): FaultHooks {
  const working = new Set<Exchange>();
  const late = new WeakSet<Exchange>();
  let current: unknown;
  return {
    head: (at) => {
      if (working.size > 0) late.add(at);
      working.add(at);
    },
    request: (body, at) => {
      if (late.has(at) && current !== undefined) return { ...body, sessionID: current };
      current = body.sessionID;
      return body;
    },
    write: (res, reply, at) => {
      setTimeout(() => {
        working.delete(at);
        FAITHFUL.write(res, reply, at);
      }, WORK_MS);
    },
  };
}

/** Faults of access between identities (issue 32, method 3): an order changed by a session that does not own it, or refused to its owner. */
export const IDENTITY_FAULTS: Fault[] = [
  { name: 'access-not-checked', rule: 'IDN-OTHERS-ORDER',
    description: 'lets any known session change any order: the owner check is never made',
    skips: /^change_(receiver|pickup) access$/ },
  { name: 'access-checked-for-receiver-only', rule: 'IDN-OTHERS-ORDER',
    description: 'checks that the order is the session\'s user\'s on a receiver change only: any known session may change any order\'s pickup',
    skips: /^change_pickup access$/ },
  { name: 'access-bound-to-connection', rule: 'IDN-OTHERS-ORDER',
    description: 'binds a kept-alive connection to the session of its first accepted request: a later request there acts for that session, whatever sessionID it carries',
    perService: boundToConnection },
  { name: 'access-refusal-kept-for-order', rule: 'IDN-OWN-ORDER',
    description: 'remembers each order it refused for lack of access (610002, 621002), per operation, and refuses every later change of it so, its owner\'s too',
    perService: refusalKeptForOrder },
  { name: 'access-user-shared-in-flight', rule: 'IDN-OTHERS-ORDER',
    description: `keeps the session being worked on in one variable shared by all requests and works ${WORK_MS} ms on each: a request that comes meanwhile acts for the session the variable holds`,
    perService: userSharedInFlight },
];
