// Profiles: the reference profile loads and matches the reference's fixtures; a malformed
// profile is refused with a message that names the file and the key.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse, stringify } from 'yaml';
import { loadProfile, ProfileError } from '../../src/profile/load.ts';
import { referenceProfileYaml } from '../../scripts/reference-profile.ts';
import { DUMMY_ENV, REFERENCE_PROFILE, ROOT, tempTree } from './helpers.ts';

type Doc = Record<string, any>;

/** The reference profile as data, changed by `edit`, written to a temporary file. */
function profileFile(edit: (doc: Doc) => void): string {
  const doc = parse(readFileSync(REFERENCE_PROFILE, 'utf8')) as Doc;
  edit(doc);
  return join(tempTree({ 'target.yaml': stringify(doc) }), 'target.yaml');
}

function assertRefused(file: string, env: Record<string, string>, ...fragments: string[]): void {
  assert.throws(() => loadProfile(file, env), (err: unknown) => {
    assert.ok(err instanceof ProfileError, `expected a ProfileError, got ${String(err)}`);
    assert.ok(err.message.includes(file), `the message does not name ${file}: ${err.message}`);
    for (const f of fragments) assert.ok(err.message.includes(f), `the message does not name ${f}: ${err.message}`);
    return true;
  });
}

describe('profiles/reference.yaml', () => {
  it('loads, with credentials from the environment', () => {
    const p = loadProfile(REFERENCE_PROFILE, { OCS_APPKEY: 'key-1', OCS_SESSION_ID: 'session-1' });
    assert.equal(p.file, REFERENCE_PROFILE);
    assert.deepEqual(p.secrets, { appkey: 'key-1', sessionID: 'session-1' });
    assert.equal(p.timeZone, 'Europe/Moscow');
    assert.equal(typeof p.fixtures.orders.receiverChangeable, 'string');
    assert.equal(typeof p.fixtures.orders.pickupChangeable, 'string');
  });

  it('is what scripts/reference-profile.ts writes from reference/fixtures.yaml', () => {
    assert.ok(readFileSync(REFERENCE_PROFILE, 'utf8') === referenceProfileYaml(),
      'profiles/reference.yaml drifted from reference/fixtures.yaml: run `npm run reference:profile`');
  });
});

describe('a malformed profile is refused', () => {
  it('with an unknown key, naming the key path and the key', () => {
    const file = profileFile((d) => { d.fixtures.addressBook.addressIDs = [1]; });
    assertRefused(file, DUMMY_ENV, 'fixtures.addressBook', 'addressIDs');
  });

  it('with a wrong type in fixtures.addressBook.contactIDs', () => {
    const file = profileFile((d) => { d.fixtures.addressBook.contactIDs = ['6001', 6002]; });
    assertRefused(file, DUMMY_ENV, 'fixtures.addressBook.contactIDs');
  });

  it('with contactIDs that are not a list', () => {
    const file = profileFile((d) => { d.fixtures.addressBook.contactIDs = 6001; });
    assertRefused(file, DUMMY_ENV, 'fixtures.addressBook.contactIDs');
  });

  it('without fixtures.orders.pickupChangeable', () => {
    const file = profileFile((d) => { delete d.fixtures.orders.pickupChangeable; });
    assertRefused(file, DUMMY_ENV, 'fixtures.orders', 'pickupChangeable');
  });

  it('that is not valid YAML', () => {
    const file = join(tempTree({ 'target.yaml': 'name: x\ncredentials: {appkey: [\nfixtures:\n' }), 'target.yaml');
    assertRefused(file, DUMMY_ENV, 'YAML');
  });

  it('that does not exist', () => {
    const file = join(tempTree({}), 'no-such-profile.yaml');
    assertRefused(file, DUMMY_ENV, 'ENOENT');
  });

  it('whose credential variable is not set, naming the variable', () => {
    const file = profileFile((d) => { d.credentials.sessionID.env = 'VENDOR_SESSION'; });
    assertRefused(file, { OCS_APPKEY: 'k' }, 'credentials.sessionID', 'VENDOR_SESSION');
    assertRefused(file, { OCS_APPKEY: 'k', VENDOR_SESSION: '' }, 'VENDOR_SESSION');
    assert.equal(loadProfile(file, { OCS_APPKEY: 'k', VENDOR_SESSION: 'v' }).secrets.sessionID, 'v');
  });
});

describe('profiles/example-vendor.yaml', () => {
  const file = join(ROOT, 'profiles', 'example-vendor.yaml');
  it('loads with dummy credentials', { skip: existsSync(file) ? false : 'profiles/example-vendor.yaml does not exist yet' }, () => {
    const doc = parse(readFileSync(file, 'utf8')) as Doc;
    const env = { [doc.credentials.appkey.env]: 'dummy-appkey', [doc.credentials.sessionID.env]: 'dummy-session' };
    const p = loadProfile(file, env);
    assert.deepEqual(p.secrets, { appkey: 'dummy-appkey', sessionID: 'dummy-session' });
  });
});
