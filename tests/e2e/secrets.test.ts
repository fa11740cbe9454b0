import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { referenceEnv } from '../../scripts/reference-profile.ts';
import { start } from './run.ts';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('secrets', () => {
  it('never appear in any report, attachment or log of a failing run', async () => {
    const secrets = Object.values(referenceEnv());
    // A fault makes every selected check fail, so every kind of evidence is written.
    const run = await start(['--grep', 'CNT-CONTACTIDS-MAX'], { OCS_BASE_URL: '', OCS_REFERENCE_FAULT: 'generated-at-iso', OCS_RUNS: '3' });
    assert.equal(run.code, 1, 'the faulty reference is not conformant');
    const files = filesUnder(run.reports);
    const attachments = files.filter((f) => /\/(data|test-results)\//.test(f));
    assert.ok(attachments.length > 0, 'the failing run wrote attachments');
    assert.match(readFileSync(join(run.reports, 'junit.xml'), 'utf8'), /RSP-GENERATED-AT/);
    for (const file of files) {
      const text = readFileSync(file, 'latin1');
      for (const secret of secrets) assert.ok(!text.includes(secret), `${file} holds a secret`);
    }
    for (const secret of secrets) assert.ok(!run.stdout.includes(secret) && !run.stderr.includes(secret), 'the console log holds a secret');
    // The console names no request; JUnit carries each failing rule's replay line, which names the variable instead.
    assert.match(readFileSync(join(run.reports, 'junit.xml'), 'utf8'), /\$OCS_APPKEY/, 'the replay line names the variable instead');
  });
});
