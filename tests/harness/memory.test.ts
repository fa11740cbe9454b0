// The V8 limits of a run's processes: added to NODE_OPTIONS unless the user set their own.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withMemoryLimits } from '../../src/runner/memory.ts';

describe('withMemoryLimits', () => {
  it('adds each limit the user did not set, and keeps the user\'s own', () => {
    assert.equal(withMemoryLimits(''), '--max-old-space-size=160 --max-semi-space-size=8');
    assert.equal(withMemoryLimits('--max-old-space-size=1024 --trace-warnings'), '--max-old-space-size=1024 --trace-warnings --max-semi-space-size=8');
  });

  it('gives the runner a larger heap than its workers', () => {
    assert.equal(withMemoryLimits('', 'runner'), '--max-old-space-size=192 --max-semi-space-size=8');
    assert.equal(withMemoryLimits('--max-old-space-size=64', 'runner'), '--max-old-space-size=64 --max-semi-space-size=8');
  });
});
