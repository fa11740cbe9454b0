import { refuse } from '../errors.ts';
import { validateReceiver } from '../validate/receiver.ts';
import { Check, type Obj } from '../validate/primitives.ts';
import type { Context, SuccessData } from './context.ts';
import { authenticate, foundAddresses, lookUp, mayChange, valid } from './stages.ts';

/** Change receiver (spec 2.1 to 2.4), in the README's order of checks. */
export function changeReceiver(body: Obj, ctx: Context): SuccessData {
  const user = authenticate(body, ctx);
  const ck = new Check(ctx.fixtures, ctx.hooks);
  const orderID = valid(ck, validateReceiver(ck, body));
  const order = lookUp(ck, orderID);
  if (!mayChange(user, order, ctx, 'change_receiver')) throw refuse(610002);
  if (order.receiverChange === 'unavailable') throw refuse(610001);
  if (order.receiverChange === 'anonymous') throw refuse(610003);
  const found = foundAddresses(ck);
  return found.length > 0 ? { status: 'success', foundAddresses: found } : { status: 'success' };
}
