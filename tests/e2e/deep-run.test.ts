// A deep run's shard on the embedded reference: the slices of OCS_RUNS=1000 run in workers held
// to the run's memory limits (src/runner/memory.ts). A worker that keeps more per drawn value
// than those limits allow dies mid-run (it once kept fast-check's shrink context of every value
// sent ahead and ran out of heap in the first slice); here every check of the shard is judged.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { start } from './run.ts';

describe('a deep run', () => {
  it('judges every check of one shard of OCS_RUNS=1000, no worker running out of memory', async () => {
    const run = await start(['--shard=1/8'], { OCS_BASE_URL: '', OCS_RUNS: '1000', OCS_SEED: '20261124' });
    const tail = `${run.stdout.slice(-1500)}\n${run.stderr.slice(-1500)}`;
    assert.doesNotMatch(run.stderr, /heap out of memory|worker process exited unexpectedly/, tail);
    const { counts, verdict } = run.summary();
    assert.ok(counts.pass > 0, tail);
    assert.deepEqual({ fail: counts.fail, error: counts.error }, { fail: 0, error: 0 }, tail);
    // One shard of eight is a partial run: INCOMPLETE, exit 2, never NOT CONFORMANT.
    assert.equal(verdict, 'incomplete');
    assert.equal(run.code, 2, tail);
  });
});
