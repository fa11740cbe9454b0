/**
 * Requests of the profile's further identities (profile `identities`, src/profile/identities.ts),
 * for the sequences and bursts (generators/company.ts) to mix with the main identity's: each
 * identity's valid change of its own order (accepted: IDN-OWN-ORDER), and a valid change of
 * another identity's order by either side (refused for lack of access, 610002 or 621002:
 * IDN-OTHERS-ORDER; spec 5). Without a further identity there are none.
 */
import fc from 'fast-check';
import type { Operation } from '../src/contract/load.ts';
import type { LoadedIdentity } from '../src/profile/load.ts';
import { validRequest, type GenContext, type Request } from './index.ts';
import type { Sent } from './trials.ts';

const NO_ACCESS: Record<Operation, number> = { change_receiver: 610002, change_pickup: 621002 };
const ORDER: Record<Operation, keyof LoadedIdentity['orders']> = { change_receiver: 'receiverChangeable', change_pickup: 'pickupChangeable' };

/** Who sends a request and for whose order: the main identity is `undefined`. */
type Pair = { sender?: LoadedIdentity; owner?: LoadedIdentity };

/** The main identity's valid request `r`, sent by `sender` for `owner`'s order. */
function sentBy(op: Operation, { sender, owner }: Pair, r: Request): Sent {
  const request = {
    ...r,
    ...(sender ? { appkey: sender.secrets.appkey, sessionID: sender.secrets.sessionID } : {}),
    ...(owner ? { orderID: owner.orders[ORDER[op]] } : {}),
  };
  return sender === owner
    ? { request, rules: ['IDN-OWN-ORDER'], expect: 'accepted' }
    : { request, rules: ['IDN-OTHERS-ORDER'], expect: { error: NO_ACCESS[op] } };
}

/** An identity's request for its own order, or one identity's for another's (the main identity among them); none without a further identity. */
export function identityRequests(op: Operation, g: GenContext): fc.Arbitrary<Sent>[] {
  const further = g.profile.identities;
  if (!further.length) return [];
  const everyone: (LoadedIdentity | undefined)[] = [undefined, ...further];
  const pairs: Pair[] = [
    ...further.map((id) => ({ sender: id, owner: id })),
    ...everyone.flatMap((sender) => everyone.filter((owner) => owner !== sender).map((owner) => ({ sender, owner }))),
  ];
  return [fc.tuple(fc.constantFrom(...pairs), validRequest(op, g)).map(([pair, r]) => sentBy(op, pair, r))];
}
