import type fc from 'fast-check';
import type { Operation } from '../src/contract/load.ts';
import type { GenContext } from './fixtures.ts';
import { changePickupRequest } from './pickup.ts';
import { changeReceiverRequest, type Request } from './receiver.ts';

export type { GenContext } from './fixtures.ts';
export type { Request } from './receiver.ts';

/**
 * A valid request of an operation, built from the profile (DESIGN principles 5 and 7). Built
 * once per context: a property of mixed requests builds one for itself and one for each
 * violator it mixes in (about thirty), all with its context; an arbitrary holds no state
 * between draws, so they share it. A failure to build (a missing fixture) is thrown anew.
 */
export function validRequest(op: Operation, ctx: GenContext): fc.Arbitrary<Request> {
  let byOp = built.get(ctx);
  if (byOp === undefined) built.set(ctx, byOp = new Map());
  const made = byOp.get(op) ?? (() => {
    try { return { arbitrary: op === 'change_receiver' ? changeReceiverRequest(ctx) : changePickupRequest(ctx) }; } catch (err) { return { err }; }
  })();
  byOp.set(op, made);
  if ('err' in made) throw made.err;
  return made.arbitrary;
}
const built = new WeakMap<GenContext, Map<Operation, { arbitrary: fc.Arbitrary<Request> } | { err: unknown }>>();
