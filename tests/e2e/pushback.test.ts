// Issue 33: a target that keeps shedding past the run's budget for waiting ends the run
// INCOMPLETE, never NOT CONFORMANT: every check an error, one console line saying what the target
// sustained and the profile keys that declare it, every report written. The hostile target answers
// 503 to everything (tests/hostile/server.ts '5xx'); the profile gives a 2 s budget.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { startReference } from '../../reference/server.ts';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { referenceEnv, REFERENCE_PROFILE } from '../../scripts/reference-profile.ts';
import { hostile } from '../hostile/server.ts';
import { start } from './run.ts';

const BUDGET_SECONDS = 2;
/** A guard against a run that never ends, not a timing claim. */
const LIMIT_MS = 240_000;

let reference: Awaited<ReturnType<typeof startReference>>;
before(async () => { reference = await startReference(); });
after(() => reference.close());

/** The reference's profile with a short budget for waiting, in a file of its own. */
function profileWithBudget(seconds: number): string {
  const p = parse(readFileSync(REFERENCE_PROFILE, 'utf8')) as { safety?: Record<string, unknown> };
  p.safety = { ...p.safety, waitBudgetSeconds: seconds };
  const file = join(tempDir('ocs-profile-'), 'budget.yaml');
  writeFileSync(file, stringify(p));
  return file;
}

describe('a target that answers 503 to everything', () => {
  it('ends the run INCOMPLETE once the budget for waiting is spent: every check an error, none a failure, and one line naming what it sustained', async () => {
    const target = await hostile('5xx', reference.url);
    try {
      const run = await start([], { ...referenceEnv(), OCS_BASE_URL: target.url, OCS_PROFILE: profileWithBudget(BUDGET_SECONDS), OCS_RUNS: '0', OCS_WORKERS: '1' }, LIMIT_MS);
      const tail = `${run.stdout.slice(-1500)}\n${run.stderr.slice(-800)}`;
      assert.ok(!run.killed, tail);
      assert.equal(run.code, 2, tail);
      const summary = run.summary();
      assert.equal(summary.verdict, 'incomplete');
      assert.equal(summary.counts.fail, 0, 'a 503 is never a failure');
      assert.ok(summary.counts.error > 0);
      assert.match(summary.pace?.spent ?? '', new RegExp(`the run's budget for waiting \\(safety\\.waitBudgetSeconds: ${BUDGET_SECONDS} s\\); it sustained [\\d.]+ requests/s with at most \\d+ in flight: declare them in safety\\.rps and safety\\.concurrency`));
      assert.equal(run.stdout.split('\n').filter((l) => l.startsWith('Pace: ')).length, 1, tail);
      assert.ok(target.seen() < 200, `${target.seen()} requests reached a target that only ever said "not now"`);
    } finally {
      await target.close();
    }
  });
});
