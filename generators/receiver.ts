import fc from 'fast-check';
import { oneof, record } from './combinators.ts';
import { fixturesOf, need, storePayers, type GenContext } from './fixtures.ts';
import { member } from './member.ts';

export type Request = Record<string, unknown>;

/**
 * Spec 2.1: storePayer, every literal the profile lists; `third` always with a third member,
 * and no third with any other literal (contract/assumptions.yaml A-THIRD-WITHOUT-STOREPAYER).
 */
function storePayer(ctx: GenContext): fc.Arbitrary<Request> {
  const f = fixturesOf(ctx.profile);
  return oneof(...storePayers(f).map((p) =>
    p === 'third'
      ? record({ storePayer: fc.constant(p), third: member(f) })
      : record({ storePayer: fc.constant(p) })));
}

/** Spec 2.1 to 2.3: a valid change-receiver request for the profile's changeable order. */
export function changeReceiverRequest(ctx: GenContext): fc.Arbitrary<Request> {
  const f = fixturesOf(ctx.profile);
  const orderID = need(f.orders.receiverChangeable, 'orders.receiverChangeable');
  return fc.tuple(member(f), fc.boolean(), storePayer(ctx)).map(([receiver, changeOrderPayer, payer]) => ({
    appkey: ctx.profile.secrets.appkey,
    sessionID: ctx.profile.secrets.sessionID,
    orderID,
    receiver,
    changeOrderPayer,
    ...payer,
  }));
}
