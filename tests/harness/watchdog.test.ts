// src/runner/watchdog.ts: a test's time limit that follows its answers. Each step forward sets
// the limit to the time spent so far plus the idle allowance; no step forward leaves it be.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { idleLimitMs, timeLimitFollowing } from '../../src/runner/watchdog.ts';

describe('a time limit that follows the answers', () => {
  it('is set at once, moved on while answers come, and left where it is when none came', async () => {
    const limits: number[] = [];
    let answers = 0;
    const stop = timeLimitFollowing((ms) => limits.push(ms), () => answers, 5_000);
    try {
      assert.equal(limits.length, 1);
      assert.ok(limits[0]! >= 5_000 && limits[0]! < 5_100, String(limits[0]));
      answers++;
      await sleep(1_200);
      assert.equal(limits.length, 2, 'an answer came: the limit moved');
      assert.ok(limits[1]! >= 6_000, `${limits[1]} ms: the time spent and the idle allowance`);
      await sleep(1_200);
      assert.equal(limits.length, 2, 'no answer since: the limit stays, and runs out idle ms after the last');
    } finally {
      stop();
    }
  });

  it('allows longer than anything the harness waits on by design: two request limits, the longest Retry-After, the same-day wait', () => {
    assert.equal(idleLimitMs(10_000), 60_000 + 20_000 + 30_000);
    assert.equal(idleLimitMs(10_000, 120), 60_000 + 20_000 + 30_000 + 120_000);
  });
});
