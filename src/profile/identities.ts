/**
 * Further identities of a profile (profile.schema.json `identities`, docs/profiles.md): test
 * accounts besides `credentials`, each with a session of its own, an appkey of its own where it
 * has one, and orders of its own. No identity may change another's order (spec 5: "A lack of
 * access to the order yields errors 610002 and 621002"; OWASP API1), so what the profile says of
 * them must hold before anything is sent: a second identity that is the first one again, or
 * that owns the first one's orders, would make every such check meaningless.
 */

export interface EnvRef { env: string }

/** An identity as the profile gives it: the variables of its secrets, never their values. */
export interface Identity {
  name: string;
  credentials: { sessionID: EnvRef; appkey?: EnvRef };
  orders: { receiverChangeable: string; pickupChangeable: string };
}

/** An identity with its secrets read; `appkey` is the main identity's when the identity names none. */
export interface LoadedIdentity extends Identity { secrets: { appkey: string; sessionID: string } }

/** The main identity's orders (every fixtures.orders key but noAccess, which is another's by definition). */
const MAIN_ORDERS = ['receiverChangeable', 'pickupChangeable', 'receiverUnavailable', 'anonymous', 'pickupUnavailable', 'receiverUnavailablePickupChangeable'];

/** What the schema cannot say of the identities, one line per problem, each naming the file and the key. */
export function identityProblems(file: string, identities: readonly Identity[] | undefined, main: { sessionEnv: string; orders: Record<string, string | undefined> }): string[] {
  const out: string[] = [];
  const at = (i: number, key: string): string => `${file}: key identities.${i}.${key}`;
  const mainOrders = new Map(MAIN_ORDERS.flatMap((k) => (main.orders[k] ? [[main.orders[k]!, k]] : [])));
  const owners = new Map<string, string>();
  for (const [i, id] of (identities ?? []).entries()) {
    const first = (identities ?? []).findIndex((other) => other.name === id.name);
    if (first < i) out.push(`${at(i, 'name')}: '${id.name}' names identities.${first} too; each identity needs a name of its own`);
    const sessionEnv = id.credentials.sessionID.env;
    if (sessionEnv === main.sessionEnv) out.push(`${at(i, 'credentials.sessionID')}: ${sessionEnv} is the variable of credentials.sessionID; an identity needs a session of its own`);
    const twin = (identities ?? []).findIndex((other) => other.credentials.sessionID.env === sessionEnv);
    if (twin < i) out.push(`${at(i, 'credentials.sessionID')}: ${sessionEnv} is the variable of identities.${twin} too; an identity needs a session of its own`);
    for (const [key, order] of Object.entries(id.orders)) {
      const mine = mainOrders.get(order);
      if (mine) out.push(`${at(i, `orders.${key}`)}: ${order} is fixtures.orders.${mine}, an order of the main identity; an identity's orders are its own`);
      const owner = owners.get(order);
      if (owner && owner !== id.name) out.push(`${at(i, `orders.${key}`)}: ${order} is an order of identity '${owner}' too; an identity's orders are its own`);
      owners.set(order, id.name);
    }
  }
  return out;
}

/**
 * The identities with their secrets, read by `secret` (which names the key and the variable when
 * one is not set); a session equal to the main one is the main identity again, and is refused.
 */
export function loadIdentities(file: string, identities: readonly Identity[] | undefined, main: { appkey: string; sessionID: string }, secret: (key: string, ref: EnvRef) => string, refuse: (problem: string) => never): LoadedIdentity[] {
  return (identities ?? []).map((id, i) => {
    const sessionID = secret(`identities.${i}.credentials.sessionID`, id.credentials.sessionID);
    if (sessionID === main.sessionID) refuse(`${file}: key identities.${i}.credentials.sessionID: ${id.credentials.sessionID.env} holds the session of credentials.sessionID; an identity needs a session of its own`);
    const appkey = id.credentials.appkey ? secret(`identities.${i}.credentials.appkey`, id.credentials.appkey) : main.appkey;
    return { ...id, secrets: { appkey, sessionID } };
  });
}

/** The secrets of the further identities, keyed `identities.N.sessionID` and `identities.N.appkey` (one of its own only). */
export function identitySecrets(identities: readonly LoadedIdentity[]): Record<string, { value: string; env: string }> {
  return Object.fromEntries(identities.flatMap((id, i) => [
    [`identities.${i}.sessionID`, { value: id.secrets.sessionID, env: id.credentials.sessionID.env }],
    ...(id.credentials.appkey ? [[`identities.${i}.appkey`, { value: id.secrets.appkey, env: id.credentials.appkey.env }]] : []),
  ]));
}
