import { referenceEnv, REFERENCE_PROFILE } from './reference.ts';

export { REFERENCE_PROFILE };

export class TargetError extends Error {}

/**
 * The environment of a run. With no OCS_BASE_URL the run targets the embedded reference:
 * its profile and its (non-secret, local) test credentials become the defaults. With
 * OCS_BASE_URL, OCS_PROFILE must name the target's profile.
 */
export function referenceDefaults(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (env.OCS_BASE_URL) {
    if (!env.OCS_PROFILE) throw new TargetError('OCS_BASE_URL is set, so OCS_PROFILE must name the target\'s profile (see profiles/example-vendor.yaml)');
    return env;
  }
  return { ...referenceEnv(), ...env, OCS_PROFILE: env.OCS_PROFILE || REFERENCE_PROFILE };
}
