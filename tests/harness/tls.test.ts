// The profile's tls keys (src/profile/tls.ts) reach every way the harness connects: undici's
// pool, node:http's framings (src/client/node-send.ts) and the messages HTTP forbids
// (src/client/messages.ts), against the reference served over https by a certificate of a test
// CA that asks every client for a certificate of that CA. A certificate problem is a
// TransportError (an `error`) that names the profile key to set. The files in tests/tls/ were
// made once with openssl (`openssl ca` with -startdate and -enddate: valid 2000 to 2100, EC
// P-256): a test CA, a server certificate naming ocs-reference.test only (so the profile's
// tls.servername is needed) and a client certificate, both issued by it, client.p12 holding the
// client's with the passphrase below. The CA's key was not kept: nothing needs another
// certificate of it. The tests need nothing but Node.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { startReference } from '../../reference/server.ts';
import type { TlsMaterial } from '../../src/client/tls.ts';
import { TransportError, type WireRequest } from '../../src/client/transport.ts';
import { undiciTransport } from '../../src/client/undici.ts';
import { ROOT } from '../../src/contract/load.ts';
import { loadProfile, ProfileError, secretVariables } from '../../src/profile/load.ts';
import { variablesMasker } from '../../src/profile/mask.ts';
import { runSecrets } from '../../src/report/sweep.ts';
import { DUMMY_ENV } from './helpers.ts';
import { loadTls, type TlsKeys } from '../../src/profile/tls.ts';

const TLS_DIR = join(ROOT, 'tests', 'tls');
const PASSPHRASE = 'ocs-test-passphrase';
const file = (name: string): Buffer => readFileSync(join(TLS_DIR, name));
const PROFILE = join(TLS_DIR, 'profile.yaml'); // never read: the files are named relative to its folder
const fail = (problem: string): never => { throw new ProfileError(problem); };
const material = (keys: TlsKeys, env: NodeJS.ProcessEnv = {}): TlsMaterial | undefined => loadTls(PROFILE, keys, env, false, fail);
const options = (keys: TlsKeys, env?: NodeJS.ProcessEnv) => material(keys, env)!.options();

const TRUSTED = { ca: 'ca.crt', servername: 'ocs-reference.test' };
const PEM = { ...TRUSTED, cert: 'client.crt', key: 'client.key' };

describe('TLS from the profile, against the reference asking for a client certificate', () => {
  let ref: Awaited<ReturnType<typeof startReference>>;
  before(async () => {
    ref = await startReference({ tls: { cert: file('server.crt'), key: file('server.key'), ca: file('ca.crt') } });
  });
  after(() => ref.close());

  const request = (extra: Partial<WireRequest> = {}): WireRequest => ({
    method: 'POST', url: `${ref.url}/v3/orders/change_receiver.json`, headers: { 'content-type': 'application/json' }, body: '{}', ...extra,
  });
  // One request down each way the harness connects: undici, node:http's framings, a message HTTP forbids.
  const ways: [string, Partial<WireRequest>][] = [['undici', {}], ['node:http (HTTP/1.0)', { framing: 'http10' }], ['a message (two Host lines)', { message: 'two-hosts' }]];

  for (const [way, extra] of ways) {
    it(`connects with the client certificate, as PEM or PKCS#12, over ${way}`, async () => {
      for (const tls of [options(PEM), options({ ...TRUSTED, pfx: 'client.p12', passphrase: { env: 'PASS' } }, { PASS: PASSPHRASE })]) {
        const transport = undiciTransport(5_000, undefined, undefined, tls);
        try {
          const res = await transport.send(request(extra));
          assert.equal(res.status, 400, res.body);
        } finally {
          await transport.close();
        }
      }
    });

    it(`without a client certificate, over ${way}, errs with the TLS reason and the keys to set`, async () => {
      const transport = undiciTransport(5_000, undefined, undefined, options(TRUSTED));
      try {
        await assert.rejects(transport.send(request(extra)), (err: Error) => {
          assert.ok(err instanceof TransportError, String(err));
          assert.match(err.message, /^TLS: tlsv13 alert certificate required \(ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED\); the target asks for a client certificate: set the profile's tls\.cert and tls\.key/);
          return true;
        });
      } finally {
        await transport.close();
      }
    });
  }

  it('says a client certificate the target closes the connection on may be refused, naming tls.cert and tls.pfx', async () => {
    // A self-signed certificate, not of the CA the reference asks for: Node's server closes the connection without an alert.
    const selfSigned = (name: string): Buffer => readFileSync(join(ROOT, 'tests', 'https', name));
    const transport = undiciTransport(5_000, undefined, undefined, { ...options(TRUSTED), cert: selfSigned('self-signed.crt'), key: selfSigned('self-signed.key') });
    try {
      await assert.rejects(transport.send(request()), (err: Error) => err instanceof TransportError
        && /^other side closed .*; the target closed the TLS connection before answering: if it checks client certificates, it may refuse the one of the profile's tls\.cert or tls\.pfx/.test(err.message));
    } finally {
      await transport.close();
    }
  });

  it('names tls.ca when the target\'s CA is not trusted, and tls.servername when the certificate does not name the host', async () => {
    for (const [tls, key] of [[undefined, /set the profile's tls\.ca/], [options({ ca: 'ca.crt' }), /set the profile's tls\.servername/]] as const) {
      const transport = undiciTransport(5_000, undefined, undefined, tls);
      try {
        await assert.rejects(transport.send(request()), (err: Error) => err instanceof TransportError && /^TLS: /.test(err.message) && key.test(err.message));
      } finally {
        await transport.close();
      }
    }
  });
});

describe('the profile\'s tls keys as loaded', () => {
  it('refuses, naming the key, a missing file, a wrong or missing passphrase, a key not of its certificate, and pfx with cert', () => {
    const refused = (keys: TlsKeys, pattern: RegExp, env: NodeJS.ProcessEnv = {}): void => assert.throws(() => material(keys, env), (e: Error) => e instanceof ProfileError && pattern.test(e.message));
    refused({ ca: 'none.crt' }, /key tls\.ca: cannot read .*none\.crt \(ENOENT\)/);
    refused({ pfx: 'client.p12', passphrase: { env: 'PASS' } }, /key tls\.pfx \(with tls\.passphrase\): Node cannot use the files for TLS/, { PASS: 'not-the-passphrase' });
    refused({ pfx: 'client.p12', passphrase: { env: 'PASS' } }, /key tls\.passphrase: environment variable PASS is not set/);
    refused({ cert: 'client.crt', key: 'server.key' }, /key tls\.cert and tls\.key: Node cannot use the files for TLS: key values mismatch/);
    refused({ pfx: 'client.p12', cert: 'client.crt', key: 'client.key' }, /key tls: give cert and key \(PEM\) or pfx \(PKCS#12\), not both/);
  });

  it('never shows the files\' contents or the passphrase, printed or as JSON', () => {
    const loaded = material(PEM)!;
    const pfx = material({ ...TRUSTED, pfx: 'client.p12', passphrase: { env: 'PASS' } }, { PASS: PASSPHRASE })!;
    const shown = [JSON.stringify({ loaded, pfx }), inspect({ loaded, pfx }, { depth: 9, showHidden: true })].join('\n');
    assert.doesNotMatch(shown, /PRIVATE KEY|BEGIN|ocs-test-passphrase/);
    assert.match(shown, /TLS material of the profile keys tls\.ca, tls\.servername, tls\.cert, tls\.key/);
  });

  it('reads the files relative to the profile\'s folder', () => {
    const dir = tempDir('ocs-tls-');
    writeFileSync(join(dir, 'ca.pem'), file('ca.crt'));
    assert.deepEqual(loadTls(join(dir, 'p.yaml'), { ca: 'ca.pem' }, {}, false, fail)!.options().ca, file('ca.crt'));
  });
});

describe('the client key\'s passphrase among the run\'s secrets', () => {
  it('is masked as every secret is, without the key files being read, and only when long enough to mask', () => {
    const dir = tempDir('ocs-tls-');
    const profile = join(dir, 'target.yaml');
    writeFileSync(profile, `${readFileSync(join(ROOT, 'profiles', 'reference.yaml'), 'utf8')}\ntls:\n  pfx: absent.p12\n  passphrase: { env: OCS_TLS_PASS }\n`);
    const env = { ...DUMMY_ENV, OCS_PROFILE: profile, OCS_TLS_PASS: PASSPHRASE };
    assert.deepEqual(runSecrets(env)['tls.passphrase'], { value: PASSPHRASE, env: 'OCS_TLS_PASS' });
    assert.equal(variablesMasker(runSecrets(env))(`bad decrypt with ${PASSPHRASE}`).includes(PASSPHRASE), false);
    assert.equal(runSecrets({ ...env, OCS_TLS_PASS: 'short' })['tls.passphrase'], undefined, 'a passphrase too short to mask would cut words');
    assert.equal(secretVariables(loadProfile(profile, env, { tls: false }))['tls.passphrase']?.env, 'OCS_TLS_PASS');
  });
});
