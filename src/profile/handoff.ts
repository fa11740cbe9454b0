/**
 * The profile `ocs-conformance run` checked, handed to the run's processes in the file
 * CHECKED_PROFILE names (src/profile/load.ts readProfile, src/cli/run.ts). Apart, with nothing
 * but Node's modules, so that playwright.config.ts can read its few settings from it in the
 * runner and every worker without parsing the profile's YAML again (issue 44).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * Names the file in which `ocs-conformance run` hands its run's processes the profile it checked
 * (src/cli/run.ts): the file, the hash of the text it was read from and the profile as
 * readProfile returns it, which holds no secret (the credentials are the names of variables).
 * Playwright's runner and every worker take it from there rather than check the same text again
 * (its YAML, the schema, the fixtures' world: about 0.18 s of CPU in each process, before its
 * first request); a profile edited since, or another file, is read and checked as ever.
 */
export const CHECKED_PROFILE = 'OCS_PROFILE_CHECKED';

export interface CheckedProfile<P> { file: string; sha256: string; profile: P }

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The profile handed over in the file CHECKED_PROFILE names, if it was read from this text (`hash`) of `file`. */
export function checkedBefore<P>(file: string, hash: string): CheckedProfile<P> | undefined {
  const handoff = process.env[CHECKED_PROFILE];
  if (!handoff) return undefined;
  try {
    const given = JSON.parse(readFileSync(handoff, 'utf8')) as CheckedProfile<P>;
    return given.file === file && given.sha256 === hash ? given : undefined;
  } catch {
    return undefined;
  }
}

/** The checked profile handed over for `file` as it reads now; undefined without one (another file, an edit since, no hand-off, no file). */
export function handedProfile<P>(file: string): P | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  return checkedBefore<P>(file, sha256(text))?.profile;
}
