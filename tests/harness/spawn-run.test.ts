// spawnRun (scripts/bench/wall.ts), which the end-to-end tests, the CLI tests and the bench run
// whole conformance runs with: the output it keeps of a run that writes without end, a
// character split between two writes, and the kill at its time limit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OUTPUT_KEPT, spawnRun } from '../../scripts/bench/wall.ts';

const node = (script: string, limitMs?: number) => spawnRun(process.execPath, ['-e', script], { limitMs });

describe('spawnRun', () => {
  it('keeps the last 16 MB of each stream of a run that writes more, its end included', async () => {
    // 20 MB of lines to stdout, a little to stderr, then the line a run's summary would be.
    const run = await node(`
      const line = 'x'.repeat(1023) + '\\n';
      let left = 20 * 1024;
      const more = () => { while (left > 0) { left--; if (!process.stdout.write(line)) return process.stdout.once('drain', more); } process.stdout.write('9 passed, 0 failed\\n'); };
      process.stderr.write('warning\\n');
      more();`, 60_000);
    assert.equal(run.code, 0);
    assert.equal(run.stdout.length, OUTPUT_KEPT);
    assert.ok(run.stdout.endsWith('x\n9 passed, 0 failed\n'), run.stdout.slice(-100));
    assert.equal(run.stderr, 'warning\n');
  });

  it('keeps a character whole when the run writes its bytes apart', async () => {
    const run = await node(`const b = Buffer.from('ё𝄞'); process.stdout.write(b.subarray(0, 1)); setTimeout(() => process.stdout.write(b.subarray(1, 4)), 50); setTimeout(() => process.stdout.write(b.subarray(4)), 100);`);
    assert.equal(run.stdout, 'ё𝄞');
  });

  it('kills a run that outlives its limit, and says so', async () => {
    const run = await node('setInterval(() => {}, 1000);', 500);
    assert.equal(run.killed, true);
    assert.notEqual(run.code, 0);
  });
});
