// The test tiers (tests/tiers.mjs): every test file in exactly one, by where it lives; `npm test`
// runs them all and `npm run test:quick` the quick one; and the quick tier's guard
// (tests/tier-guard.mjs) refuses each kind of whole run a quick file could start, while letting
// the quick commands through.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { filesOf, ROOT, testFiles, tierOf, TIERS } from './tiers.mjs';
import { isBrowser, QUICK_FILE, REFUSED, wholeRunOf } from './tier-guard.mjs';

const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const GUARD = new URL('./tier-guard.mjs', import.meta.url).href;
const playwrightCli = createRequire(import.meta.url).resolve('@playwright/test/cli');

/** Runs a command as a process started by the quick file tests/x.test.ts: the guard loaded, through NODE_OPTIONS. */
const asQuickFile = (command: string, args: string[]) => spawnSync(command, args, {
  cwd: ROOT, encoding: 'utf8', timeout: 60_000,
  env: { ...process.env, [QUICK_FILE]: 'tests/harness/x.test.ts', NODE_OPTIONS: `--import ${GUARD}` },
});

describe('the test tiers', () => {
  it('put each test file in exactly one tier, by its place: tests/e2e/ the runs, tests/mutation*.test.ts the mutation run, the rest quick', () => {
    assert.equal(tierOf('tests/e2e/start.test.ts'), 'runs');
    assert.equal(tierOf('tests/e2e/new/later.test.ts'), 'runs');
    assert.equal(tierOf('tests/mutation.test.ts'), 'mutation');
    assert.equal(tierOf('tests/mutation-repeat.test.ts'), 'mutation');
    assert.equal(tierOf('tests/harness/mutation-words.test.ts'), 'quick');
    assert.equal(tierOf('tests/harness/checks.test.ts'), 'quick');
    const all = testFiles();
    assert.ok(all.length > 80, `${all.length} test files`);
    const tiered = TIERS.flatMap((t) => filesOf(t));
    assert.deepEqual([...tiered].sort(), all, 'each file in one tier, none twice, none left out');
    assert.ok(all.includes('tests/tiers.test.ts') && tierOf('tests/tiers.test.ts') === 'quick');
  });

  it('npm test runs every tier, the runs slowest first; npm run test:quick the quick tier, guarded', () => {
    // Each list is made before any test runs, in the && chain: a listing that fails stops the script.
    assert.match(scripts.test!, /&& first=\$\(node tests\/tiers\.mjs runs quick\) && last=\$\(node tests\/tiers\.mjs mutation\) && /);
    // The first two tiers in the order listed (tests/tiers-run.mjs), which node --test would sort.
    assert.match(scripts.test!, /--import \.\/tests\/tier-guard\.mjs tests\/tiers-run\.mjs 2 \$first && node --import tsx --test --test-concurrency=1 \$last$/);
    assert.match(scripts['test:quick']!, /&& quick=\$\(node tests\/tiers\.mjs quick\) && node --import tsx --import \.\/tests\/tier-guard\.mjs --test --test-concurrency=2 \$quick$/);
    assert.equal(filesOf('runs')[0], 'tests/e2e/hostile.test.ts', 'the longest run starts first');
    const listed = spawnSync(process.execPath, [join(ROOT, 'tests/tiers.mjs'), 'quick'], { cwd: ROOT, encoding: 'utf8' });
    assert.deepEqual(listed.stdout.trim().split(' '), filesOf('quick'));
    const unknown = spawnSync(process.execPath, [join(ROOT, 'tests/tiers.mjs'), 'slow'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(unknown.status, 2, 'an unknown tier fails the listing, and so the script');
  });

  it('runs the files in the order given (tests/tiers-run.mjs), where node --test sorts them, with the closing counts and the exit code of a failure', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ocs-tiers-run-'));
    try {
      const log = join(dir, 'order.log');
      // Named against the alphabet: z first, then a; one at a time, so the order of their starts is the order run.
      for (const [name, body] of [['z', ''], ['a', 'throw new Error(\'a failed\');']]) {
        writeFileSync(join(dir, `${name}.test.mjs`), `import { test } from 'node:test'; import { appendFileSync } from 'node:fs'; test('${name}', () => { appendFileSync(${JSON.stringify(log)}, '${name}'); ${body} });\n`);
      }
      // As package.json starts it: not inside a test file's process (whose NODE_TEST_CONTEXT would make the runner a test file's).
      const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_TEST_CONTEXT'));
      const r = spawnSync(process.execPath, [join(ROOT, 'tests/tiers-run.mjs'), '1', join(dir, 'z.test.mjs'), join(dir, 'a.test.mjs')], { cwd: ROOT, encoding: 'utf8', env, timeout: 60_000 });
      assert.equal(readFileSync(log, 'utf8'), 'za', 'z ran before a');
      assert.equal(r.status, 1, r.stdout + r.stderr);
      assert.match(r.stdout, /^# pass 1$/m);
      assert.match(r.stdout, /^# fail 1$/m);
      const usage = spawnSync(process.execPath, [join(ROOT, 'tests/tiers-run.mjs'), 'two', join(dir, 'z.test.mjs')], { cwd: ROOT, encoding: 'utf8' });
      assert.equal(usage.status, 2);
      assert.match(usage.stderr, /^usage: node tests\/tiers-run\.mjs CONCURRENCY FILE…/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('no quick file imports the mutation run, which judges every fault in its own process', () => {
    const importing = filesOf('quick').filter((f) => /from '[./]*scripts\/mutation\/run\.ts'/.test(readFileSync(join(ROOT, f), 'utf8')));
    assert.deepEqual(importing, []);
  });
});

describe('the quick tier\'s guard', () => {
  it('tells a whole run from a quick command by its argv', () => {
    const node = '/usr/bin/node';
    assert.equal(wholeRunOf([node, '/usr/lib/node_modules/npm/bin/npm-cli.js', 'start', '--silent', '--', '--grep', 'X']), 'npm start');
    assert.equal(wholeRunOf([node, '/usr/lib/node_modules/npm/bin/npm-cli.js', 'run', 'mutation', '--', '--fault', 'x']), 'npm run mutation');
    assert.equal(wholeRunOf([node, '/usr/lib/node_modules/npm/bin/npm-cli.js', 'run', 'typecheck']), undefined);
    assert.equal(wholeRunOf([node, playwrightCli, 'test', '--grep', 'X']), 'Playwright\'s test runner');
    assert.equal(wholeRunOf([node, '/r/node_modules/playwright/cli.js', 'test']), 'Playwright\'s test runner');
    assert.equal(wholeRunOf([node, playwrightCli, 'merge-reports', 'all']), undefined);
    assert.equal(wholeRunOf([node, playwrightCli, 'test', '--help']), undefined, 'the help of Playwright\'s test command, which the docs check reads');
    assert.equal(wholeRunOf([node, '/r/scripts/mutation.ts', '--fault', 'x']), 'scripts/mutation.ts');
    assert.equal(wholeRunOf([node, '/r/bin/ocs-conformance.js', 'rules']), undefined);
    assert.ok(isBrowser('/r/node_modules/.cache/ocs-conformance/chromium') && isBrowser('/usr/bin/google-chrome') && !isBrowser(node));
  });

  it('refuses npm start and Playwright\'s test runner in a quick file\'s processes, exit 70 naming the file and tests/e2e/', () => {
    for (const [command, args] of [['npm', ['start', '--silent']], [process.execPath, [playwrightCli, 'test', '--list']]] as const) {
      const r = asQuickFile(command, [...args]);
      assert.equal(r.status, REFUSED, `${command} ${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, /tier guard: tests\/harness\/x\.test\.ts is in the quick tier but starts .*belongs under tests\/e2e\//);
    }
  });

  it('refuses a browser started from a quick file\'s process, however child_process is imported', () => {
    const r = asQuickFile(process.execPath, ['--input-type=module', '-e', 'import { spawn } from "node:child_process"; try { spawn("/nonexistent/chromium"); } catch (e) { console.log(e.message); }']);
    assert.match(r.stdout, /tier guard: tests\/harness\/x\.test\.ts is in the quick tier but starts a browser \(\/nonexistent\/chromium\)/);
  });

  it('lets the quick commands through: the command\'s subcommands, npm\'s other scripts, Playwright\'s other commands', () => {
    for (const [command, args] of [[process.execPath, [join(ROOT, 'bin/ocs-conformance.js'), '--version']], [process.execPath, [playwrightCli, '--version']]] as const) {
      const r = asQuickFile(command, [...args]);
      assert.equal(r.status, 0, `${command} ${args.join(' ')}: ${r.stderr}`);
    }
  });
});
