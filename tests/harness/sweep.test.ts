// The last pass of the masking gate over a report directory: every file Playwright writes of its
// own (the HTML report's page and the zip of data inside it, html/data/, test-results/, a blob
// report's zip with its base64 attachments) is masked in place and still reads as what it was.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { FRAGMENT, MASK, masker } from '../../src/profile/mask.ts';
import { runSecrets, sweep } from '../../src/report/sweep.ts';
import { loadProfile } from '../../src/profile/load.ts';
import { referenceEnv } from '../../src/profile/reference.ts';
import { ROOT } from '../../src/contract/load.ts';
import { removeTemp, tempDir as madeTemp } from '../../scripts/bench/leftovers.ts';

// This file's own directories only: the quick tier runs other files in this process (tests/tiers.mjs).
const made: string[] = [];
const tempDir = (prefix: string): string => {
  const dir = madeTemp(prefix);
  made.push(dir);
  return dir;
};
after(() => { for (const dir of made) removeTemp(dir); });

const appkey = 'Zq7&Lm"x9/Vt+4Rw<p>e';
const sessionID = "sess'Ab\\Cd/Ef+Gh=Ij";
const mask = masker({ appkey, sessionID });
/** The issue's leaks: `&` escaped and `"` not, and the sessionID JSON-escaped. */
const echoed = `Zq7&amp;Lm"x9/Vt+4Rw&lt;p&gt;e and ${JSON.stringify(sessionID)}`;
const fragments = [appkey, sessionID].flatMap((s) => Array.from({ length: s.length - FRAGMENT + 1 }, (_, i) => s.slice(i, i + FRAGMENT)));
const leaks = (text: string): string[] => fragments.filter((f) => text.includes(f));
const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');

function write(dir: string, path: string, data: string | Uint8Array): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), data);
}

describe('sweep', () => {
  it('masks every file of a report directory in place, zips and base64 included, and leaves each readable', () => {
    const dir = tempDir('ocs-sweep-');
    const report = JSON.stringify({ tests: [{ title: 'RSP-X [xml] a case', error: `Received: ${echoed}` }] });
    const page = `<!doctype html><p>${echoed}</p><template id="playwrightReportBase64">data:application/zip;base64,${Buffer.from(zipSync({ 'report.json': strToU8(report) })).toString('base64')}</template>`;
    write(dir, 'html/index.html', page);
    write(dir, 'html/data/0a1b.md', `# Error details\n\n\`\`\`\n${echoed}\n\`\`\`\n`);
    write(dir, 'test-results/change_receiver-xml/error-context.md', echoed);
    const line = JSON.stringify({ method: 'onTestEnd', params: { attachments: [{ name: 'evidence: RSP-X', contentType: 'text/plain', base64: Buffer.from(echoed).toString('base64') }], title: echoed } });
    write(dir, 'blob/report-1.zip', zipSync({ 'report.jsonl': strToU8(`${line}\n`), 'resources/ab.txt': strToU8(echoed) }));
    write(dir, 'summary.json', `${JSON.stringify({ note: echoed }, null, 2)}\n`);
    const binary = Uint8Array.from([0xff, 0xfe, ...Buffer.from(appkey)]);
    write(dir, 'screenshot.bin', binary);

    assert.equal(sweep(dir, mask), 5, 'every file but the binary changed');

    const html = readFileSync(join(dir, 'html/index.html'), 'utf8');
    const data = /base64,([^<]*)<\/template>/.exec(html)![1]!;
    const inner = text(unzipSync(Buffer.from(data, 'base64'))['report.json']!);
    assert.deepEqual(leaks(html), []);
    assert.deepEqual(leaks(inner), []);
    assert.equal(JSON.parse(inner).tests[0].error, `Received: ${MASK} and "${MASK}"`, 'the report\'s data is still JSON, masked');
    for (const f of ['html/data/0a1b.md', 'test-results/change_receiver-xml/error-context.md']) assert.deepEqual(leaks(readFileSync(join(dir, f), 'utf8')), [], f);
    const blob = unzipSync(readFileSync(join(dir, 'blob/report-1.zip')));
    const jsonl = JSON.parse(text(blob['report.jsonl']!).trim());
    assert.equal(Buffer.from(jsonl.params.attachments[0].base64, 'base64').toString('utf8'), `${MASK} and "${MASK}"`);
    assert.deepEqual(leaks(text(blob['report.jsonl']!)), []);
    assert.deepEqual(leaks(text(blob['resources/ab.txt']!)), []);
    assert.deepEqual(JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')), { note: `${MASK} and "${MASK}"` });
    assert.deepEqual(readFileSync(join(dir, 'screenshot.bin')), Buffer.from(binary), 'bytes that are not text are left alone');
  });

  it('changes nothing where no secret stands, and a missing directory is no error', () => {
    const dir = tempDir('ocs-sweep-');
    write(dir, 'junit.xml', '<testsuites name="ocs-conformance"/>');
    assert.equal(sweep(dir, mask), 0);
    assert.equal(sweep(join(dir, 'none'), mask), 0);
  });
});

describe('the run\'s secrets for the masking gate', () => {
  it('are read from the profile and environment even where its TLS files are not there (a machine merging shards): the gate never masks nothing for want of a key file', () => {
    const dir = tempDir('ocs-secrets-');
    const file = join(dir, 'with-tls.yaml');
    writeFileSync(file, `${readFileSync(join(ROOT, 'profiles', 'reference.yaml'), 'utf8')}\ntls:\n  ca: absent/ca.crt\n  cert: absent/client.crt\n  key: absent/client.key\n`);
    const env: Record<string, string> = { ...referenceEnv(), OCS_PROFILE: file };
    const secrets = runSecrets(env);
    const values = Object.values(secrets).map((s) => s.value);
    for (const secret of [env.OCS_APPKEY!, env.OCS_SESSION_ID!]) assert.ok(values.includes(secret), `${secret} is among the secrets masked`);
    assert.throws(() => loadProfile(file, env), /tls/, 'a run itself still refuses the missing files, naming the key');
  });
});
