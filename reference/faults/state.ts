import { type ErrorEntry, Refusal, refuse } from '../errors.ts';
import type { Exchange, Obj } from '../hooks.ts';
import type { Fault, FaultHooks } from './fault.ts';

/** The documented refusals of spec 7: what an order's state, not the request, decides. */
const DOCUMENTED = new Set([610001, 610002, 610003, 621001, 621002]);

const errorsOf = (body: Obj): ErrorEntry[] => (body.errors as ErrorEntry[] | undefined) ?? [];

/** A cache of refusals per connection and order, filled by either operation and read by both. */
const refusals = new WeakMap<object, Map<string, { op: Exchange['op']; errors: ErrorEntry[] }>>();
/** The order each exchange asked about, for its answer to be cached under. */
const orderOf = new WeakMap<Exchange, string>();

/** Connections on which an XML body was malformed: the reader's state was never reset. */
const poisoned = new WeakSet<object>();

/** Each operation's "cannot be changed" refusal (spec 7), which the cache below hands to the other. */
const UNAVAILABLE = { receiver: 610001, pickup: 621001 } as const;

/**
 * One cache, for the whole service, of the orders that "cannot be changed", filled by either
 * operation's refusal and read by both: after a 610001 a pickup change of that order gets
 * 621001, though its pickup can be changed.
 */
function changeabilityCached(): FaultHooks {
  const cannot = new Map<string, Exchange['op']>();
  const orderAt = new WeakMap<Exchange, string>();
  return {
    request: (body, at) => {
      if (at.op === undefined || typeof body.orderID !== 'string') return body;
      const by = cannot.get(body.orderID);
      if (by !== undefined && by !== at.op) throw refuse(UNAVAILABLE[at.op]);
      orderAt.set(at, body.orderID);
      return body;
    },
    answer: (out, at) => {
      const order = orderAt.get(at);
      if (order !== undefined && at.op !== undefined && errorsOf(out.body).some((e) => e.code === UNAVAILABLE[at.op!])) cannot.set(order, at.op);
      return out;
    },
  };
}

/** Faults between requests (issue 26): an answer that depends on what came before it. */
export const STATE_FAULTS: Fault[] = [
  { name: 'changeability-cached-per-order', rule: 'SEQ-INDEPENDENT',
    description: 'keeps one cache, across connections, of the orders it refused as unchangeable (610001, 621001), filled by either operation and read by both: after a receiver change of an order is refused 610001, a pickup change of it gets 621001 though its pickup can be changed',
    perService: changeabilityCached },
  { name: 'refusal-remembered-on-connection', rule: 'SEQ-INDEPENDENT',
    description: 'remembers, per connection and order, the last documented refusal (610001/610002/610003/621001/621002) it answered, and answers it again to a request of the other operation for that order on that connection',
    request: (body, at) => {
      if (typeof body.orderID !== 'string') return body;
      orderOf.set(at, body.orderID);
      const kept = refusals.get(at.connection)?.get(body.orderID);
      if (kept && kept.op !== at.op) throw new Refusal(kept.errors);
      return body;
    },
    answer: (out, at) => {
      const order = orderOf.get(at);
      const errors = errorsOf(out.body);
      if (order === undefined || !errors.some((e) => DOCUMENTED.has(e.code))) return out;
      const kept = refusals.get(at.connection) ?? new Map();
      refusals.set(at.connection, kept.set(order, { op: at.op, errors }));
      return out;
    } },
  { name: 'xml-reader-poisoned-after-malformed', rule: 'SEQ-INDEPENDENT',
    description: 'keeps its XML reader\'s state after a malformed XML body, so every later XML request on that connection is refused as malformed too (100003)',
    received: (body, at) => {
      if (at.format === 'xml' && poisoned.has(at.connection)) throw refuse(100003, { detail: 'Некорректный XML: незакрытый элемент.', message: 'Malformed XML: an unclosed element.' });
      return body;
    },
    answer: (out, at) => {
      if (at.format === 'xml' && errorsOf(out.body).some((e) => e.code === 100003)) poisoned.add(at.connection);
      return out;
    } },
  { name: 'generated-at-frozen', rule: 'RSP-GENERATED-AT-MOVES',
    description: 'carries in every answer the generated_at of its first answer (a time read once, at start)',
    perService: () => {
      let first: unknown;
      return {
        answer: (out) => {
          const metadata = out.body.metadata as Obj;
          first ??= metadata.generated_at;
          return { ...out, body: { ...out.body, metadata: { ...metadata, generated_at: first } } };
        },
      };
    } },
];
