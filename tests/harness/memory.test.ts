// The V8 limits of a run's processes: added to NODE_OPTIONS unless the user set their own, and
// the same in package.json's `start`, which execs Playwright's runner with them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { USER_NODE_OPTIONS, withMemoryLimits } from '../../src/runner/memory.ts';
import { startCommand } from '../../src/cli/start-command.ts';
import { CACHE_ENV } from '../../src/runner/caches.ts';

describe('withMemoryLimits', () => {
  it('adds each limit the user did not set, and keeps the user\'s own', () => {
    assert.equal(withMemoryLimits(''), '--max-old-space-size=128 --max-semi-space-size=8');
    assert.equal(withMemoryLimits('--max-old-space-size=1024 --trace-warnings'), '--max-old-space-size=1024 --trace-warnings --max-semi-space-size=8');
  });

  it('gives the runner a larger heap than its workers', () => {
    assert.equal(withMemoryLimits('', 'runner'), '--max-old-space-size=192 --max-semi-space-size=8');
    assert.equal(withMemoryLimits('--max-old-space-size=64', 'runner'), '--max-old-space-size=64 --max-semi-space-size=8');
  });

  it('is what npm start gives Playwright\'s runner, the user\'s NODE_OPTIONS after it so they win, and kept aside for the workers', () => {
    const start = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts.start!;
    // npm echoes the script as a line of `npm start`'s console (`> node --import tsx …`): it stays under 200 characters.
    assert.ok(`> ${start}`.length <= 200, `npm start's echoed command is ${start.length + 2} characters`);
    // It evals the line src/cli/start.ts writes: Playwright's runner, exec'd with the limits; exit 2 when it wrote none (it crashed).
    assert.match(start, /l="\$\(TSX_DISABLE_CACHE=1 node --import tsx src\/cli\/start\.ts "\$@" 3>&1 1>&2\)"; eval "\$\{l:-exit 2\}"/);
    const caches = Object.entries(CACHE_ENV).map(([k, v]) => `${k}='${v}'`).join(' ');
    assert.equal(startCommand({}, [], '--trace-warnings'), `${caches} ${USER_NODE_OPTIONS}='--trace-warnings' NODE_OPTIONS='--trace-warnings ${withMemoryLimits('', 'runner')}' exec playwright test`);
  });
});
