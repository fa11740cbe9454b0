// `npm start` against the reference served over https by a certificate of a test CA
// (tests/tls/, see tests/harness/tls.test.ts), asking every client for a certificate of that CA,
// configured in the profile and the environment alone (no NODE_EXTRA_CA_CERTS): without the
// client certificate the run ends INCOMPLETE with the TLS reason and the keys to set; with the
// profile's (PKCS#12, its passphrase in a variable) it is CONFORMANT, and no report holds the
// key or the passphrase. Lean: no generated runs, one rule for the run that cannot be made.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse, stringify } from 'yaml';
import { startChildReference, type ChildReference } from '../../scripts/bench/child-reference.ts';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { referenceEnv, REFERENCE_PROFILE } from '../../src/profile/reference.ts';
import { reportTexts } from './report-texts.ts';
import { lastLine, ROOT, start } from './run.ts';

const TLS_DIR = join(ROOT, 'tests', 'tls');
const PASSPHRASE = 'ocs-test-passphrase';

/** The reference's profile with a tls key, in a file of its own; the certificates named by absolute path. */
function profileWith(tls: Record<string, unknown>): string {
  const file = join(tempDir('ocs-tls-profile-'), 'profile.yaml');
  writeFileSync(file, stringify({ ...parse(readFileSync(REFERENCE_PROFILE, 'utf8')) as object, tls }));
  return file;
}

describe('npm start against the reference over https, asking for a client certificate', () => {
  let ref: ChildReference;
  before(async () => {
    ref = await startChildReference(['--tls-cert', join(TLS_DIR, 'server.crt'), '--tls-key', join(TLS_DIR, 'server.key'), '--tls-ca', join(TLS_DIR, 'ca.crt')]);
  });
  after(() => ref?.close());

  const trusted = { ca: join(TLS_DIR, 'ca.crt'), servername: 'ocs-reference.test' };
  const env = (profile: string): NodeJS.ProcessEnv => ({ ...referenceEnv(), OCS_BASE_URL: ref.url, OCS_PROFILE: profile, OCS_RUNS: '0', OCS_TLS_PASSPHRASE: PASSPHRASE });

  it('without a client certificate ends INCOMPLETE with the TLS reason and the profile keys to set', async () => {
    const run = await start(['--grep', 'CNT-CONTACTIDS-MAX'], env(profileWith(trusted)));
    const context = `${run.stdout.slice(-1500)}\n${run.stderr.slice(-800)}`;
    assert.equal(run.code, 2, context);
    assert.match(run.stdout, /^Conformance: INCOMPLETE/m, context);
    assert.match(lastLine(run.stderr), /^ocs-conformance: the run could not be made: https:\/\/127\.0\.0\.1:\d+ did not answer the preflight: transport: TLS: tlsv13 alert certificate required \(ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED\); the target asks for a client certificate: set the profile's tls\.cert and tls\.key \(PEM files\) or tls\.pfx/, context);
    const { counts } = run.summary();
    assert.deepEqual({ pass: counts.pass, fail: counts.fail }, { pass: 0, fail: 0 }, JSON.stringify(counts));
    assert.ok(counts.error > 0);
  });

  it('with the profile\'s client certificate is CONFORMANT, and no report holds the key or its passphrase', async () => {
    const run = await start([], env(profileWith({ ...trusted, pfx: join(TLS_DIR, 'client.p12'), passphrase: { env: 'OCS_TLS_PASSPHRASE' } })));
    assert.equal(run.code, 0, `${run.stdout.slice(-1500)}\n${run.stderr.slice(-800)}`);
    assert.match(run.stdout, /^Conformance: CONFORMANT$/m);
    assert.match(lastLine(run.stdout), /^\d+ passed, 0 failed, 0 errored, \d+ skipped$/);
    const key = readFileSync(join(TLS_DIR, 'client.key'), 'utf8').replace(/-----[^-]+-----|\s/g, '');
    for (const [where, text] of reportTexts(run.reports)) {
      assert.ok(!text.includes(PASSPHRASE) && !text.includes(key.slice(0, 40)) && !/PRIVATE KEY/.test(text), where);
    }
  });
});
