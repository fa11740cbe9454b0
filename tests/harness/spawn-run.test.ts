// spawnRun (scripts/bench/wall.ts), which the end-to-end tests, the CLI tests and the bench run
// whole conformance runs with: the output it keeps of a run that writes without end, a
// character split between two writes, the kill at its time limit, and its process tree's memory.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HAS_PROC, HAS_PSS } from '../../scripts/bench/process-tree.ts';
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

  it('gives no peak memory for a run whose memory it was not asked to sample (not 0)', async () => {
    const run = await node('');
    assert.equal(run.code, 0);
    assert.equal(run.peakRssBytes, undefined);
    assert.equal(run.peakPssBytes, undefined);
  });

  it('samples the memory of the run\'s whole process tree when asked: a child\'s pages counted, as RSS and as PSS', { skip: !HAS_PROC && 'no /proc' }, async () => {
    // The run's child holds 128 MB of pages of its own (written, so resident) for a moment, says so and ends.
    const held = 128 * 2 ** 20;
    const child = `const b = Buffer.alloc(${held}).fill(1); console.log('held'); setTimeout(() => b.length, 300);`;
    const run = await spawnRun(process.execPath, ['-e', `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(child)}], { stdio: 'inherit' });`], { memory: true, limitMs: 60_000 });
    assert.equal(run.code, 0);
    assert.equal(run.stdout, 'held\n');
    const mb = (b: number | undefined): string => `${Math.round((b ?? 0) / 2 ** 20)} MB`;
    assert.ok((run.peakRssBytes ?? 0) > held, `summed RSS ${mb(run.peakRssBytes)}`);
    if (HAS_PSS) assert.ok((run.peakPssBytes ?? 0) > held, `PSS ${mb(run.peakPssBytes)}`);
    else assert.equal(run.peakPssBytes, undefined);
  });

  it('kills a run that outlives its limit, and says so', async () => {
    const run = await node('setInterval(() => {}, 1000);', 500);
    assert.equal(run.killed, true);
    assert.notEqual(run.code, 0);
  });
});
