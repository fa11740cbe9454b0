// Profiles: the reference profile loads and matches the reference's fixtures; a malformed
// profile is refused with a message that names the file and the key.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse, stringify } from 'yaml';
import { loadProfile, ProfileError } from '../../src/profile/load.ts';
import { profileTemplate } from '../../src/cli/init.ts';
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
    const p = loadProfile(REFERENCE_PROFILE, { OCS_APPKEY: 'appkey-1', OCS_SESSION_ID: 'session-1', OCS_SESSION_ID_2: 'session-2', OCS_APPKEY_2: 'appkey-2' });
    assert.equal(p.file, REFERENCE_PROFILE);
    assert.deepEqual(p.secrets, { appkey: 'appkey-1', sessionID: 'session-1', 'identities.0.sessionID': 'session-2', 'identities.0.appkey': 'appkey-2' });
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
    assertRefused(file, { OCS_APPKEY: 'dummy-appkey' }, 'credentials.sessionID', 'VENDOR_SESSION');
    assertRefused(file, { OCS_APPKEY: 'dummy-appkey', VENDOR_SESSION: '' }, 'VENDOR_SESSION');
    assert.equal(loadProfile(file, { ...DUMMY_ENV, VENDOR_SESSION: 'vendor-session' }).secrets.sessionID, 'vendor-session');
  });
});

describe('a secret shorter than 8 characters', () => {
  it('is refused, naming the key and the variable, instead of being masked inside other words', () => {
    assertRefused(REFERENCE_PROFILE, { ...DUMMY_ENV, OCS_APPKEY: 'k' }, 'credentials.appkey', 'OCS_APPKEY', 'at least 8');
    assertRefused(REFERENCE_PROFILE, { ...DUMMY_ENV, OCS_SESSION_ID: 'seven-7' }, 'credentials.sessionID', 'OCS_SESSION_ID');
    assert.equal(loadProfile(REFERENCE_PROFILE, { ...DUMMY_ENV, OCS_APPKEY: 'eight-88' }).secrets.appkey, 'eight-88');
  });

  it('is not asked for with placeholders (a dry run): an unset variable reads as a marked placeholder', () => {
    const p = loadProfile(REFERENCE_PROFILE, {}, { placeholders: true });
    assert.equal(p.secrets.appkey, '<placeholder: OCS_APPKEY not set>');
  });
});

describe('list fixtures (docs/profile-values.md)', () => {
  const individual = { form: '0xab91feea8b5b0ba511e1bb8e84dd7412', document: { type: 'passport', serial: '4510', number: '123456' } };
  const address = { search: 'Москва, ул. Льва Толстого, д. 16' };

  it('read one entry as a list of one, so older profiles keep working', () => {
    const file = profileFile((d) => { d.fixtures.counteragents.individual = individual; d.fixtures.juridicalAddress = address; });
    const f = loadProfile(file, DUMMY_ENV).fixtures as Doc;
    assert.deepEqual(f.counteragents.individual, [individual]);
    assert.deepEqual(f.juridicalAddress, [address]);
  });

  it('take a list, an individual without serial included', () => {
    const noSerial = { form: individual.form, document: { type: 'passport', number: 'N1234567' } };
    const file = profileFile((d) => { d.fixtures.counteragents.individual = [individual, noSerial]; });
    assert.deepEqual((loadProfile(file, DUMMY_ENV).fixtures as Doc).counteragents.individual, [individual, noSerial]);
  });

  it('refuse an empty list, naming the key', () => {
    const file = profileFile((d) => { d.fixtures.counteragents.legal = []; });
    assertRefused(file, DUMMY_ENV, 'fixtures.counteragents.legal');
  });
});

/** Every key path profile.schema.json accepts, array items and one-or-list forms walked through. */
function schemaKeys(node: Doc, defs: Doc, path: string[] = []): string[] {
  if (node.$ref) return schemaKeys(defs[String(node.$ref).replace('#/$defs/', '')], defs, path);
  if (node.oneOf) return [...new Set((node.oneOf as Doc[]).flatMap((n) => schemaKeys(n, defs, path)))];
  if (node.items) return schemaKeys(node.items, defs, path);
  return Object.entries((node.properties ?? {}) as Doc).flatMap(([k, child]) => [[...path, k].join('.'), ...schemaKeys(child as Doc, defs, [...path, k])]);
}

/** The key paths a profile's text names: set, or in a commented-out `# key: value` line of a schema key, under its parent. */
function namedKeys(text: string, keys: string[]): Set<string> {
  const names = new Set(keys.map((k) => k.split('.').at(-1)!));
  const uncommented = text.replace(/^(\s*)# ([A-Za-z]+)(: .*)$/gm, (line, indent: string, key: string, rest: string) => (names.has(key) ? `${indent}${key}${rest}` : line));
  const out = new Set<string>();
  const walk = (v: unknown, path: string[]): void => {
    if (Array.isArray(v)) v.forEach((x) => walk(x, path));
    else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) { out.add([...path, k].join('.')); walk(x, [...path, k]); }
  };
  walk(parse(uncommented), []);
  return out;
}

describe('profiles/example-vendor.yaml and the init template', () => {
  const file = join(ROOT, 'profiles', 'example-vendor.yaml');
  const schema = JSON.parse(readFileSync(join(ROOT, 'contract', 'schemas', 'profile.schema.json'), 'utf8')) as Doc;
  const keys = schemaKeys(schema, schema.$defs);

  it('loads with dummy credentials named as profiles/reference.yaml names them', { skip: existsSync(file) ? false : 'profiles/example-vendor.yaml does not exist yet' }, () => {
    const doc = parse(readFileSync(file, 'utf8')) as Doc;
    const reference = parse(readFileSync(REFERENCE_PROFILE, 'utf8')) as Doc;
    assert.deepEqual(doc.credentials, reference.credentials);
    const p = loadProfile(file, DUMMY_ENV);
    assert.deepEqual(p.secrets, { appkey: 'dummy-appkey', sessionID: 'dummy-session' });
  });

  for (const [what, text] of [['the example', () => readFileSync(file, 'utf8')], ['the init template', profileTemplate]] as const) {
    it(`${what} names every key of contract/schemas/profile.schema.json`, () => {
      const named = namedKeys(text(), keys);
      assert.deepEqual(keys.filter((k) => !named.has(k)), [], 'keys of the schema the profile does not name');
    });
  }

  it('gives CLADR street codes of 17 digits', () => {
    const codes = [...readFileSync(file, 'utf8').matchAll(/street: "([^"]*)"/g)].map((m) => m[1]!);
    assert.ok(codes.length > 0);
    for (const code of codes) assert.match(code, /^[0-9]{17}$/);
  });
});
