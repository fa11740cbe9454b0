import type fc from 'fast-check';
import type { Operation } from '../src/contract/load.ts';
import type { GenContext } from './fixtures.ts';
import { changePickupRequest } from './pickup.ts';
import { changeReceiverRequest, type Request } from './receiver.ts';

export type { GenContext } from './fixtures.ts';
export type { Request } from './receiver.ts';

/** A valid request of an operation, built from the profile (DESIGN principles 5 and 7). */
export function validRequest(op: Operation, ctx: GenContext): fc.Arbitrary<Request> {
  return op === 'change_receiver' ? changeReceiverRequest(ctx) : changePickupRequest(ctx);
}
