// The profile `ocs-conformance run` checked is handed to the run's processes (OCS_PROFILE_CHECKED,
// src/profile/load.ts): taken as it was handed while the file's text is the one it was read from,
// read and checked anew once the text changed, and written without a secret.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { parse, stringify } from 'yaml';
import { CHECKED_PROFILE, keepCheckedProfile, loadProfile, ProfileError, readProfile } from '../../src/profile/load.ts';
import { handedProfile } from '../../src/profile/handoff.ts';
import { DUMMY_ENV, REFERENCE_PROFILE, tempTree } from './helpers.ts';

const referenceText = readFileSync(REFERENCE_PROFILE, 'utf8');

describe('the checked profile handed to the run', () => {
  afterEach(() => { delete process.env[CHECKED_PROFILE]; });

  it('is the profile readProfile gives, without the secrets, and is taken while the text is unchanged', () => {
    const dir = tempTree({ 'target.yaml': referenceText });
    const file = join(dir, 'target.yaml');
    const out = join(dir, 'reports', '.profile.json');
    keepCheckedProfile(file, out);
    const handed = JSON.parse(readFileSync(out, 'utf8')) as { file: string; profile: Record<string, unknown> };
    assert.equal(handed.file, file);
    assert.deepEqual(handed.profile, readProfile(file));
    for (const secret of Object.values(DUMMY_ENV)) assert.ok(!readFileSync(out, 'utf8').includes(secret));
    // What is handed is what the run's processes take: a mark put in it comes back.
    handed.profile.name = 'handed over';
    writeFileSync(out, JSON.stringify(handed));
    process.env[CHECKED_PROFILE] = out;
    const other = join(tempTree({ 'target.yaml': referenceText }), 'target.yaml');
    assert.notEqual(readProfile(other).name, 'handed over', 'another file is read itself');
    assert.equal(loadProfile(file, DUMMY_ENV).name, 'handed over');
  });

  it('is not taken once the file was edited: the edit is checked, and a bad one refused naming the key', () => {
    const dir = tempTree({ 'target.yaml': referenceText });
    const file = join(dir, 'target.yaml');
    const out = join(dir, '.profile.json');
    keepCheckedProfile(file, out);
    process.env[CHECKED_PROFILE] = out;
    const doc = parse(referenceText) as Record<string, unknown>;
    writeFileSync(file, stringify({ ...doc, surprise: 1 }));
    assert.throws(() => loadProfile(file, DUMMY_ENV), (err: unknown) => err instanceof ProfileError && err.message.includes(file) && err.message.includes('surprise'));
    writeFileSync(file, stringify({ ...doc, name: 'edited' }));
    assert.equal(loadProfile(file, DUMMY_ENV).name, 'edited');
  });

  it('gives playwright.config.ts the profile handed for the file as it reads now, and nothing for another file, an edit or no hand-off', () => {
    const dir = tempTree({ 'target.yaml': referenceText });
    const file = join(dir, 'target.yaml');
    const out = join(dir, '.profile.json');
    keepCheckedProfile(file, out);
    assert.equal(handedProfile(file), undefined, 'no hand-off named');
    process.env[CHECKED_PROFILE] = out;
    assert.deepEqual(handedProfile(file), readProfile(file));
    assert.equal(handedProfile(join(tempTree({ 'target.yaml': referenceText }), 'target.yaml')), undefined, 'another file');
    assert.equal(handedProfile(join(dir, 'missing.yaml')), undefined, 'no file');
    writeFileSync(file, `${referenceText}\n# edited\n`);
    assert.equal(handedProfile(file), undefined, 'an edited text');
  });
});
