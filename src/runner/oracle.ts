/**
 * The embedded reference as an oracle (issue 41): a faithful reference runs beside every run on
 * a port of its own (playwright.config.ts starts it, whatever the target; the mutation run starts
 * one per judgement) and is asked over HTTP, as a target is: no harness file imports reference/.
 * What a rewritten request must get is what the reference answers to the same rewrite of the
 * same request in its own world: the target's profile values (orders, address book, directories,
 * credentials) are swapped for the reference profile's at the same place of the profile.
 */
import type { Format, Operation } from '../contract/load.ts';
import { wireRequest, type WireRequest } from '../client/transport.ts';
import type { LoadedProfile } from '../profile/load.ts';
import { referenceEnv, referenceProfile } from '../profile/reference.ts';

/**
 * Where the oracle listens: given by the runner (the mutation run), by playwright.config.ts's
 * second web server, or the target itself when that is the faithful embedded reference
 * (OCS_ORACLE_IS_TARGET).
 */
export const oracleUrl = (given?: string): string | undefined =>
  given ?? (process.env.OCS_ORACLE_URL || (process.env.OCS_ORACLE_IS_TARGET === '1' ? process.env.OCS_BASE_URL : undefined) || undefined);

type Leaf = string | number;

/** Pairs of leaves at the same place of two profile trees (an array's elements by index, the reference's list read round). */
function pairs(ours: unknown, theirs: unknown, out: Map<Leaf, Leaf>): void {
  if (Array.isArray(ours) && Array.isArray(theirs) && theirs.length > 0) {
    ours.forEach((v, i) => pairs(v, theirs[i % theirs.length], out));
  } else if (ours !== null && typeof ours === 'object' && theirs !== null && typeof theirs === 'object' && !Array.isArray(theirs)) {
    for (const [k, v] of Object.entries(ours)) if (k in theirs) pairs(v, (theirs as Record<string, unknown>)[k], out);
  } else if ((typeof ours === 'string' || typeof ours === 'number') && typeof ours === typeof theirs && !out.has(ours)) {
    out.set(ours, theirs as Leaf);
  }
}

const worlds = new WeakMap<LoadedProfile, Map<Leaf, Leaf>>();

/** Each value of the target's world with the reference's at the same place (the identity when the target is the reference). */
function worldOf(profile: LoadedProfile): Map<Leaf, Leaf> {
  let map = worlds.get(profile);
  if (!map) {
    map = new Map();
    const env = referenceEnv();
    map.set(profile.secrets.appkey, env.OCS_APPKEY!);
    map.set(profile.secrets.sessionID, env.OCS_SESSION_ID!);
    pairs(profile.fixtures, (referenceProfile() as { fixtures: unknown }).fixtures, map);
    worlds.set(profile, map);
  }
  return map;
}

/** The logical request in the reference's world. */
export function inOracleWorld(profile: LoadedProfile, logical: unknown): unknown {
  const map = worldOf(profile);
  const swap = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(swap);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, c]) => [k, swap(c)]));
    return (typeof v === 'string' || typeof v === 'number') && map.has(v) ? map.get(v) : v;
  };
  return swap(logical);
}

/** The oracle's request: the reference's own HTTP settings (the defaults), the body as written. */
export const oracleRequest = (url: string, op: Operation, format: Format, body: string): WireRequest => wireRequest({}, url, op, format, body);
