import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { referenceEnv } from '../../scripts/reference-profile.ts';
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
});
