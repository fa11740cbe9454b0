// The bench's baseline section (scripts/bench/baseline.ts): another commit's files in a temporary
// directory, with this checkout's packages but a cache of its own, gone when the bench ends; a
// commit the clone lacks is a clear failure, not a run of nothing.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '../../src/contract/load.ts';
import { checkout } from '../../scripts/bench/baseline.ts';
import { removeTemp } from '../../scripts/bench/leftovers.ts';
import { BenchFailure } from '../../scripts/bench/wall.ts';

describe('the bench\'s baseline checkout', () => {
  it('writes the commit\'s files, links this checkout\'s packages, keeps its own cache, and is removed at the end', () => {
    const dir = checkout('HEAD');
    let removed = false;
    try {
      const committed = execFileSync('git', ['show', 'HEAD:package.json'], { cwd: ROOT, encoding: 'utf8' });
      assert.equal(readFileSync(join(dir, 'package.json'), 'utf8'), committed);
      assert.ok(existsSync(join(dir, 'playwright.config.ts')));
      assert.ok(lstatSync(join(dir, 'node_modules', 'undici')).isSymbolicLink());
      assert.equal(realpathSync(join(dir, 'node_modules', 'undici')), realpathSync(join(ROOT, 'node_modules', 'undici')));
      const cache = lstatSync(join(dir, 'node_modules', '.cache'));
      assert.ok(cache.isDirectory() && !cache.isSymbolicLink(), 'the baseline\'s cache is its own');
      // Nothing of the checkout's own changed: its index still matches HEAD where it did.
      assert.equal(execFileSync('git', ['diff', '--cached', '--name-only', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).includes('package.json'), false);
    } finally {
      // Removed as the bench's end removes it: it was made by tempDir (scripts/bench/leftovers.ts).
      removed = removeTemp(dir);
    }
    assert.ok(removed, 'the directory is one the bench removes when it ends');
    assert.equal(existsSync(dir), false, 'the temporary directory is gone');
  });

  it('fails clearly on a commit this clone does not have', () => {
    assert.throws(() => checkout('0123456789abcdef0123456789abcdef01234567'), (err: unknown) =>
      err instanceof BenchFailure && /not in this clone/.test(err.message));
  });
});
