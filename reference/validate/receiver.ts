import { member } from './member.ts';
import { problems } from './problems.ts';
import { bool, type Check, type Obj, sent, str } from './primitives.ts';

/** Spec 2.1 and 4 rule 3; answers the orderID when it is well formed. */
export function validateReceiver(ck: Check, body: Obj): string | undefined {
  const orderID = str(ck, body.orderID, 'orderID', { required: true });
  member(ck, body.receiver, 'receiver');
  bool(ck, body.changeOrderPayer, 'changeOrderPayer', true);
  const storePayer = str(ck, body.storePayer, 'storePayer', { required: true });
  const allowed = ck.fixtures.storePayers;
  if (storePayer !== undefined && !allowed.includes(storePayer)) ck.report(['storePayer'], problems.notIn(allowed));
  if (sent(body.third)) member(ck, body.third, 'third');
  else if (storePayer === 'third') ck.report(['third'], problems.thirdRequired());
  return orderID;
}
