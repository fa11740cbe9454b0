// Shared pieces of the harness's unit tests: the reference profile, temporary directories,
// and the repository root.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after } from 'node:test';
import { ROOT } from '../../src/contract/load.ts';
import { loadProfile, type LoadedProfile } from '../../src/profile/load.ts';

export { ROOT };

import { REFERENCE_PROFILE } from '../../scripts/reference-profile.ts';

export { REFERENCE_PROFILE };

/** Dummy credentials: the unit tests never reach a target. */
export const DUMMY_ENV = { OCS_APPKEY: 'dummy-appkey', OCS_SESSION_ID: 'dummy-session' };

export function referenceProfile(): LoadedProfile {
  return loadProfile(REFERENCE_PROFILE, DUMMY_ENV);
}

/**
 * A fresh temporary directory holding the given files (paths relative to it), removed
 * when the test file ends.
 */
export function tempTree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'ocs-harness-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
