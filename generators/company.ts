/**
 * Requests judged beside others (DESIGN principle 11, docs/sequences.md), drawn by fast-check.
 * The service, seen from outside, is a function of the request, the order's state (the
 * profile's orders), the credentials and the clock: that function is the model, and each drawn
 * request carries what the model says it gets (accepted, rejected, a documented error). A
 * sequence is fast-check's model-based testing: `fc.commands` draws the requests (both
 * operations, both formats, valid, invalid, malformed, refused orders, unknown credentials,
 * with and without searches, and the profile's further identities, each for its own orders and
 * for the others': generators/identities.ts) and the connection (one kept-alive, or a fresh one each),
 * `fc.asyncModelRun` sends them in order, and shrinking removes commands down to the shortest
 * sequence that still shows a fault. A burst is an array of such requests sent together.
 * src/runner/sequence.ts judges each answer, and against the same request alone.
 */
import fc from 'fast-check';
import { FORMATS, OPERATIONS, type Format, type Operation } from '../src/contract/load.ts';
import { encodeRequest } from '../src/codec/index.ts';
import { wireRequest } from '../src/client/transport.ts';
import { IDENTITY_RULES, OVERLAP_RULE, runBurst, Sequence, SEQUENCE_RULE, type Company, type Prepared } from '../src/runner/sequence.ts';
import type { GenContext } from './index.ts';
import { mixedRequests } from './mixed.ts';
import { identityRequests } from './identities.ts';
import type { Trial } from './trial.ts';
import type { Sent, Target } from './trials.ts';

/** One drawn request: its endpoint, what the model says it gets, and whether its body goes out cut short. */
export interface Drawn { op: Operation; format: Format; sent: Sent; malformed: boolean }

/** A malformed body: the compact one cut short, which no reader can take for the request. */
const CUT = 12;

/**
 * One in five drawn requests goes out malformed: a reader's state left over from one is what a
 * sequence looks for. One in four comes from an identity's side (generators/identities.ts) when
 * the profile names a further identity: whose request a target answers is what it may confuse.
 */
export const drawn = (g: GenContext): fc.Arbitrary<Drawn> => fc.oneof(...OPERATIONS.map((op) => fc.record({
  op: fc.constant(op),
  format: fc.constantFrom(...FORMATS),
  sent: fc.oneof({ arbitrary: mixedRequests(op, g), weight: 3 }, ...identityRequests(op, g).map((arbitrary) => ({ arbitrary, weight: 1 }))),
  malformed: fc.nat(4).map((n) => n === 0),
})));

function prepared(d: Drawn, t: Target): Prepared {
  const text = encodeRequest(d.format, d.sent.request);
  const request = wireRequest(t.ctx.profile, t.url, d.op, d.format, d.malformed ? text.slice(0, -CUT) : text);
  return d.malformed
    ? { operation: d.op, format: d.format, rules: ['BODY-UNREADABLE'], expect: 'rejected', logical: undefined, request }
    : { operation: d.op, format: d.format, rules: d.sent.rules, expect: d.sent.expect, logical: d.sent.request, request };
}

const described = (d: Drawn): string => `${d.op} [${d.format}] ${d.malformed ? 'malformed body' : typeof d.sent.expect === 'object' ? `error ${d.sent.expect.error}` : d.sent.expect} (${d.sent.rules.join(' ')})`;

/**
 * What the model keeps between commands: nothing. An earlier request changes no later answer
 * (A-SEQUENCE-STATE), so the model is the function each drawn request carries: what it gets.
 * `plan` only lists the commands before they run (inSequence).
 */
interface Model { plan?: Drawn[] }
/** What a command acts on: the sequence being sent, to the target. */
interface Real { sequence: Sequence; target: Target }

/** Sends one drawn request as the next of the sequence, judged on what the model says it gets. */
class Send implements fc.AsyncCommand<Model, Real> {
  constructor(readonly d: Drawn) {}
  check(m: Model): boolean {
    m.plan?.push(this.d);
    return true;
  }
  async run(_m: Model, r: Real): Promise<void> {
    await r.sequence.step(prepared(this.d, r.target));
  }
  toString(): string { return described(this.d); }
}

/** A sequence: the connection it travels on, and the commands. */
export type Drawing = [connection: 'one' | 'each', commands: Iterable<fc.AsyncCommand<Model, Real>>];

/**
 * How many smaller candidates a failing sequence or burst is shrunk through. Each is a whole
 * sequence or burst sent again, its broken answers once more alone: a target that fails many of
 * them (an order that answers 503 whenever it is busy) would otherwise keep a property shrinking
 * for minutes. Dropping requests comes first, so the few tried are the ones that shorten most.
 */
const SHRINKS = 24;

/** Up to six requests: a sequence longer than that finds nothing a shorter one misses, and shrinking ends shorter still. */
export const sequences = (g: GenContext): fc.Arbitrary<Drawing> => fc.limitShrink(
  // Three in four on one kept connection: what a target carries over mostly lives on a connection.
  fc.tuple(fc.oneof({ arbitrary: fc.constant('one' as const), weight: 3 }, { arbitrary: fc.constant('each' as const), weight: 1 }), fc.commands<Model, Real, false>([drawn(g).map((d) => new Send(d))], { maxCommands: 6 })), SHRINKS);

const trialOf = (c: Company, rule: string): Trial => ({ parts: c.parts, broken: c.broken, ...(c.unsent !== undefined ? { unsent: c.unsent } : {}), own: [rule, 'RSP-GENERATED-AT-MOVES', ...IDENTITY_RULES] });

/**
 * One sequence, sent in order and judged (src/runner/sequence.ts). fc.commands hands its
 * commands to the model run alone; asking each to check a planning model lists them first, so
 * the controls the sequence may change are taken before its first request (src/runner/controls.ts).
 */
export const inSequence = (t: Target) => async ([connection, commands]: Drawing): Promise<Trial> => {
  const sequence = new Sequence(t.ctx, t.transport, connection);
  const plan: Drawn[] = [];
  for (const c of commands) c.check({ plan });
  await sequence.controlsFirst(plan.map((d) => prepared(d, t)));
  await fc.asyncModelRun(() => ({ model: {}, real: { sequence, target: t } }), commands);
  return trialOf(sequence, SEQUENCE_RULE);
};

/** Three to ten requests in flight together. */
export const bursts = (g: GenContext): fc.Arbitrary<Drawn[]> => fc.limitShrink(fc.array(drawn(g), { minLength: 3, maxLength: 10 }), SHRINKS);

/** One burst, sent together and judged (src/runner/sequence.ts). */
export const together = (t: Target) => async (burst: Drawn[]): Promise<Trial> =>
  trialOf(await runBurst(burst.map((d) => prepared(d, t)), t.ctx, t.transport), OVERLAP_RULE);
