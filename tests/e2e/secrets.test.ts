import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { referenceEnv } from '../../scripts/reference-profile.ts';
import { loadRules } from '../../src/contract/load.ts';
import { publicWords } from '../../src/profile/public-words.ts';
import { fragmentsOf, reportTexts } from './report-texts.ts';
import { start } from './run.ts';

describe('secrets', () => {
  it('never appear, nor 6 characters of one, in any report, attachment or log of a failing run', async () => {
    const secrets = Object.values(referenceEnv()).filter((v): v is string => !!v);
    // A fault makes every selected check fail, so every kind of evidence is written.
    const run = await start(['--grep', 'CNT-CONTACTIDS-MAX'], { OCS_BASE_URL: '', OCS_REFERENCE_FAULT: 'generated-at-iso', OCS_RUNS: '3' });
    assert.equal(run.code, 1, 'the faulty reference is not conformant');
    const texts = reportTexts(run.reports);
    assert.ok(texts.some(([where]) => /\/(data|test-results)\//.test(where)), 'the failing run wrote attachments');
    assert.ok(texts.some(([where, text]) => where.includes('html/index.html!data.zip!') && /evidence: /.test(text)), 'the evidence inside the HTML report\'s data is read');
    assert.match(readFileSync(join(run.reports, 'junit.xml'), 'utf8'), /RSP-GENERATED-AT/);
    const leaks = (text: string): string[] => fragmentsOf(secrets, text);
    for (const [where, text] of [...texts, ['the console', run.stdout + run.stderr]]) assert.deepEqual(leaks(text!), [], where);
    // The console names no request; JUnit carries each failing rule's replay line, which names the variable instead.
    assert.match(readFileSync(join(run.reports, 'junit.xml'), 'utf8'), /\$OCS_APPKEY/, 'the replay line names the variable instead');
  });

  it('that share runs with the harness\'s words leave every rule ID of summary.json, JUnit and the certificate whole, and are masked where they stand', async () => {
    // The sessionID printed TOP***ID-REQUIRED and AUTH***ID-VALID. The reference refuses
    // these credentials, so the target answers with 100002 everywhere: a quick run that fails.
    const secrets = { OCS_APPKEY: 'APPKEY-REQUIRED-7F3A', OCS_SESSION_ID: 'EVAL-SESSION-8D41B0E6' };
    const run = await start(['--grep', 'SESSIONID|APPKEY'], { OCS_BASE_URL: '', OCS_RUNS: '0', ...secrets });
    const ids = loadRules().map((r) => r.id);
    assert.deepEqual(run.summary().rules.map((r) => r.id), ids);
    const junit = readFileSync(join(run.reports, 'junit.xml'), 'utf8');
    const html = readFileSync(join(run.reports, 'conformance.html'), 'utf8');
    for (const id of ['TOP-SESSIONID-REQUIRED', 'AUTH-SESSIONID-VALID', 'TOP-APPKEY-REQUIRED', 'AUTH-APPKEY-VALID']) {
      assert.match(junit, new RegExp(`name="${id} \\[json\\] `), `${id} in junit.xml`);
      assert.ok(html.includes(`id="rule-${id}"`), `${id} in conformance.html`);
    }
    assert.doesNotMatch(junit + html + JSON.stringify(run.summary()), /\*\*\*ID-|TOP\*\*\*|AUTH\*\*\*/);
    // What is left of a secret may only be a word of the harness where it stands.
    const words = [...publicWords(), 'OCS_APPKEY', 'OCS_SESSION_ID'].sort((a, b) => b.length - a.length);
    const bare = (text: string): string => words.reduce((t, w) => t.split(w).join('\u0000'), text);
    for (const [where, text] of [...reportTexts(run.reports), ['the console', run.stdout + run.stderr]]) assert.deepEqual(fragmentsOf(Object.values(secrets), bare(text!)), [], where);
  });
});
