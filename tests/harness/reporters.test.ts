// src/report/reporters.ts: Playwright ends reporters one after the other, in the list's order.
// The verdict's reports come first, so they are on disk whatever becomes of the HTML report
// (a failing deep run's HTML report once ran Playwright's runner out of heap, and took them
// with it); the console then names the HTML report, written next.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { reporters } from '../../src/report/reporters.ts';
import { closingLines } from '../../src/report/console.ts';
import type { Summary } from '../../src/report/summary.ts';

describe('reporters', () => {
  it('ends the conformance reporter before the HTML one', () => {
    const list = reporters('out');
    assert.deepEqual(list.map(([name]) => name), ['./src/report/conformance-reporter.ts', 'html']);
    assert.deepEqual(list[0]![1], { outputDir: 'out', htmlNext: true });
    assert.deepEqual(list[1]![1], { outputFolder: 'out/html', open: 'never' });
  });

  it('names the HTML report to come, and only the other reports on disk', () => {
    const dir = tempDir('ocs-closing-');
    writeFileSync(join(dir, 'summary.json'), '{}');
    const s = { counts: { pass: 3, fail: 1, skip: 0, error: 1 } } as Summary;
    assert.deepEqual(closingLines(s, dir, true), [`Reports: ${join(dir, 'html/index.html')}, ${join(dir, 'summary.json')}`, '3 passed, 1 failed, 1 errored, 0 skipped']);
    assert.deepEqual(closingLines(s, dir), [`Reports: ${join(dir, 'summary.json')}`, '3 passed, 1 failed, 1 errored, 0 skipped']);
  });
});
