// Shared pieces of the harness's unit tests: the reference profile (as it is, or changed and
// loaded or refused), temporary directories, the repository root, and the values of a request
// a target looks up.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadErrors, ROOT } from '../../src/contract/load.ts';
import { loadProfile, ProfileError, type LoadedProfile } from '../../src/profile/load.ts';
import type { UnknownKind } from '../../src/profile/unknowns.ts';
import { parse, stringify } from 'yaml';

export { ROOT };

import { REFERENCE_PROFILE } from '../../scripts/reference-profile.ts';
import { tempDir } from '../../scripts/bench/leftovers.ts';

export { REFERENCE_PROFILE };

/** Dummy credentials, the reference profile's further identity's included: the unit tests never reach a target. */
export const DUMMY_ENV = { OCS_APPKEY: 'dummy-appkey', OCS_SESSION_ID: 'dummy-session', OCS_SESSION_ID_2: 'dummy-session-2', OCS_APPKEY_2: 'dummy-appkey-2' };

/** Section 7's English meaning of a documented number, as a stub error entry carries it where the reference profile says (errors.0.message: RSP-ERROR-MEANING). */
export const meaningOf = (code: number): { message?: string } => {
  const e = loadErrors().find((x) => x.code === code);
  return e ? { message: e.meaning } : {};
};

export function referenceProfile(): LoadedProfile {
  return loadProfile(REFERENCE_PROFILE, DUMMY_ENV);
}

/**
 * A fresh temporary directory holding the given files (paths relative to it), removed
 * when the test file ends.
 */
export function tempTree(files: Record<string, string>): string {
  const dir = tempDir('ocs-harness-');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

type Doc = Record<string, unknown>;

/** The reference profile with `change` made to its document, loaded from a target.yaml of its own. */
export function changedProfile(change: (doc: Doc) => void): LoadedProfile {
  const doc = parse(readFileSync(REFERENCE_PROFILE, 'utf8')) as Doc;
  change(doc);
  return loadProfile(join(tempTree({ 'target.yaml': stringify(doc) }), 'target.yaml'), DUMMY_ENV);
}

/** The reference profile with `change` made is refused by a ProfileError that names target.yaml and a key, and says `message`. */
export function refusedProfile(change: (doc: Doc) => void, message: RegExp): void {
  assert.throws(() => changedProfile(change), (err) => err instanceof ProfileError && /target\.yaml: key /.test(err.message) && message.test(err.message));
}

/** The request fields each kind is sent in (spec 2.2, 2.3, 2.6, 2.7), by name, wherever they stand. */
const FIELD_KINDS: Readonly<Record<string, UnknownKind>> = {
  counteragentID: 'counteragentIDs', contactIDs: 'contactIDs', phoneIDs: 'phoneIDs', addressID: 'addressIDs', form: 'forms', street: 'streets',
};

/** Every value a request carries in a field of a kind, with its kind and path: what a look-up of the target reads. */
export function valuesByKind(request: unknown, path = ''): { kind: UnknownKind; path: string; value: unknown }[] {
  if (Array.isArray(request)) return request.flatMap((x, i) => valuesByKind(x, `${path}.${i}`));
  if (request === null || typeof request !== 'object') return [];
  return Object.entries(request).flatMap(([key, v]) => {
    const at = path ? `${path}.${key}` : key;
    const kind = FIELD_KINDS[key];
    if (!kind) return valuesByKind(v, at);
    return (Array.isArray(v) ? v.map((x, i) => ({ path: `${at}.${i}`, value: x as unknown })) : [{ path: at, value: v }]).map((x) => ({ kind, ...x }));
  });
}
