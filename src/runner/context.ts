import { loadProfile, secretVariables, type LoadedProfile } from '../profile/load.ts';
import { loadBases, type Bases } from '../scenario/load.ts';
import { variablesMasker, type Mask } from '../profile/mask.ts';
import { referenceDefaults } from '../profile/target.ts';
import { concurrency } from './concurrency.ts';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../client/undici.ts';
import { rateLimit } from '../client/polite.ts';

/** Everything a test needs about its target, read once per worker process. */
export interface RunContext {
  profile: LoadedProfile;
  bases: Bases;
  /**
   * The one masking gate (src/profile/mask.ts), for a response as soon as it is read and for
   * anything that leaves the process: every secret, in any mix of escapes, and any run of 6 of it.
   */
  mask: Mask;
  /** Secret values with the variables they came from, for replay lines. */
  secrets: Record<string, { value: string; env: string }>;
  timeoutMs: number;
  /** Requests this process may have in flight at once: its share of the run's concurrency. */
  inFlight: number;
  /** How much of a response body is read (profile http.maxResponseBytes). */
  maxResponseBytes: number;
  /** Requests per second this process may send: its share of the run's cap (OCS_RPS, safety.rps), if there is one. */
  rps?: number;
}

let context: RunContext | undefined;

export function runContext(): RunContext {
  if (!context) {
    const env = referenceDefaults(process.env);
    const profile = loadProfile(env.OCS_PROFILE!, env);
    context = {
      profile,
      bases: loadBases(),
      mask: variablesMasker(secretVariables(profile)),
      secrets: secretVariables(profile),
      timeoutMs: profile.http?.timeoutMs ?? 10_000,
      inFlight: Number(env.OCS_WORKER_IN_FLIGHT) || concurrency(profile.safety, env),
      maxResponseBytes: profile.http?.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      rps: Number(env.OCS_WORKER_RPS) || rateLimit(profile.safety, env),
    };
  }
  return context;
}

/** The target's base URL: known only once the run has started (the reference binds port 0). */
export function baseUrl(): string {
  const url = process.env.OCS_BASE_URL ?? runContext().profile.baseUrl;
  if (!url) throw new Error('no target: set OCS_BASE_URL or the profile\'s baseUrl');
  return url;
}
