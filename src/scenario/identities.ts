/**
 * The further identities of the profile as a scenario reads them (`$ref: identities.orders.
 * receiverChangeable`, `$ref: identities.credentials.sessionID`, docs/scenarios.md): a list,
 * walked by `each: identities`, whose entries hold the secrets themselves (each identity's appkey
 * is the main one where it names none). Without a further identity every such case is skipped as
 * not applicable: the identity rules cannot be judged with one account, and are never passed.
 */
import type { LoadedProfile } from '../profile/load.ts';
import { MissingFixture, NOT_APPLICABLE } from './missing.ts';

export const NO_IDENTITY = `${NOT_APPLICABLE}the profile names no further identity (identities, docs/profiles.md), so no identity's request for another's order can be sent`;

/** `{ identities: [...] }`, the root a `$ref` under `identities.` is read from. */
export function identitiesRoot(profile: LoadedProfile): { identities: { name: string; credentials: { appkey: string; sessionID: string }; orders: Record<string, string> }[] } {
  if (!profile.identities?.length) throw new MissingFixture(NO_IDENTITY);
  return { identities: profile.identities.map((id) => ({ name: id.name, credentials: id.secrets, orders: id.orders })) };
}
