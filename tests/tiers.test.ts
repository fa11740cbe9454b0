// The test tiers (tests/tiers.mjs): every test file in exactly one, by where it lives; `npm test`
// runs them all and `npm run test:quick` the quick one, its files a group to a process
// (tests/tiers-group.mjs); and the quick tier's guard
// (tests/tier-guard.mjs) refuses each kind of whole run a quick file could start, while letting
// the quick commands through.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, it } from 'node:test';
import { ALONE, filesOf, listed, QUICK_GROUPS, quickGroups, ROOT, SLOWEST_FIRST, testFiles, tierOf, TIERS } from './tiers.mjs';
import { processesOf } from './tiers-run.mjs';
import { isBrowser, QUICK_FILE, REFUSED, wholeRunOf } from './tier-guard.mjs';

const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const GUARD = new URL('./tier-guard.mjs', import.meta.url).href;
const playwrightCli = createRequire(import.meta.url).resolve('@playwright/test/cli');

/** Runs a command as a process started by the quick file tests/x.test.ts: the guard loaded, through NODE_OPTIONS. */
const asQuickFile = (command: string, args: string[]) => spawnSync(command, args, {
  cwd: ROOT, encoding: 'utf8', timeout: 60_000,
  env: { ...process.env, [QUICK_FILE]: 'tests/harness/x.test.ts', NODE_OPTIONS: `--import ${GUARD}` },
});

/** What a module imports of the repository's own (static, re-exported and dynamic imports of a relative path), from the root. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found = [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.\.?\/[^'"]+)['"]/g)].map((m) => relative(ROOT, resolve(dirname(join(ROOT, file)), m[1]!)).split(sep).join('/'));
  return found.filter((f) => existsSync(join(ROOT, f)));
}

/** Every module of the repository's own a file reaches through its imports, itself included; the imports read once for every file asked about. */
function reachedFrom(): (file: string) => Set<string> {
  const edges = new Map<string, string[]>();
  return (file) => {
    const seen = new Set([file]);
    for (const f of seen) {
      if (!edges.has(f)) edges.set(f, importsOf(f));
      for (const next of edges.get(f)!) seen.add(next);
    }
    return seen;
  };
}

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
    // The first two tiers in the order listed (tests/tiers-run.mjs), which node --test would sort,
    // three at a time: on two cores, the time one process waits (timeouts, a stalled target) another's.
    // Then the mutation tier's two files side by side, on their own.
    assert.match(scripts.test!, /--import \.\/tests\/tier-guard\.mjs tests\/tiers-run\.mjs 3 \$first && node --import tsx --test --test-concurrency=2 \$last$/);
    // The quick tier's groups and its files alone, all at once: two cores, and the time one waits (a file's timeouts) another's.
    assert.match(scripts['test:quick']!, /&& quick=\$\(node tests\/tiers\.mjs quick\) && node --import tsx --import \.\/tests\/tier-guard\.mjs tests\/tiers-run\.mjs 4 \$quick$/);
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

  it('runs the quick files in QUICK_GROUPS groups, each file in one but those ALONE, in the order given; no other file is grouped', () => {
    const quick = filesOf('quick');
    const groups = quickGroups(quick);
    assert.equal(groups.length, QUICK_GROUPS);
    assert.ok(ALONE.every((f) => quick.includes(f)), 'each file alone is a quick file');
    assert.deepEqual([...groups.flat(), ...ALONE].sort(), quick, 'each quick file in one group or alone, none twice');
    for (const group of groups) {
      assert.ok(group.length > 10, `${group.length} files in a group`);
      assert.deepEqual(group, quick.filter((f) => group.includes(f)), 'a group\'s files in the order given');
    }
    assert.deepEqual(quickGroups([...filesOf('runs'), ...filesOf('mutation'), join(tmpdir(), 'x.test.ts')]), [], 'the runs, the mutation run and a file outside tests/ each in a process of its own');
    // As npm test lists them: the runs keep their order; the groups, longest first, start where the first quick file was.
    const runs = filesOf('runs');
    const processes = processesOf([...runs, ...quick]);
    assert.deepEqual(processes.slice(0, runs.length), runs.map((file) => ({ file })));
    const first = quick.findIndex((f) => !ALONE.includes(f));
    assert.deepEqual(processes.slice(runs.length), quick.flatMap((f, i): ({ file: string } | { group: string[] })[] => (i === first ? groups.map((group) => ({ group })) : ALONE.includes(f) ? [{ file: f }] : [])));
  });

  it('lists npm test\'s files the longest first: the runs of SLOWEST_FIRST, then the quick files (their groups), then the other runs', () => {
    const runs = filesOf('runs');
    const quick = filesOf('quick');
    const both = listed(['runs', 'quick']);
    assert.deepEqual([...both].sort(), [...runs, ...quick].sort(), 'every file of both tiers, once');
    const slow = runs.filter((f) => SLOWEST_FIRST.includes(f));
    assert.ok(slow.length > 0 && slow.length < runs.length, 'some runs are named slowest, some not');
    assert.deepEqual(both, [...slow, ...quick, ...runs.filter((f) => !slow.includes(f))]);
    assert.deepEqual(listed(['quick']), quick);
    assert.deepEqual(listed(['mutation']), filesOf('mutation'));
  });

  it('runs a group in one process (tests/tiers-group.mjs): each file a suite named by its path, after the one before it has ended; a failing test fails, counted', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ocs-tiers-group-'));
    try {
      const [one, two] = [join(dir, 'one.test.mjs'), join(dir, 'two.test.mjs')];
      // one's top-level hook is its suite's: it has run when two starts.
      writeFileSync(one, `import assert from 'node:assert/strict';\nimport { after, describe, it } from 'node:test';\ndescribe('one', () => { it('is the file the guard names', () => assert.equal(process.env.${QUICK_FILE}, ${JSON.stringify(one)})); });\nafter(() => { process.env.OCS_TIERS_GROUP_ONE = 'ended'; });\n`);
      writeFileSync(two, `import assert from 'node:assert/strict';\nimport { it } from 'node:test';\nit('fails', () => assert.equal(1, 2));\nit('starts after one has ended', () => assert.equal(process.env.OCS_TIERS_GROUP_ONE, 'ended'));\nit('is the file the guard names', () => assert.equal(process.env.${QUICK_FILE}, ${JSON.stringify(two)}));\n`);
      const entry = join(dir, 'group.mjs');
      writeFileSync(entry, `import { runGroup } from ${JSON.stringify(new URL('./tiers-group.mjs', import.meta.url).href)};\nawait runGroup(${JSON.stringify([one, two])});\n`);
      const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_TEST_CONTEXT'));
      const r = spawnSync(process.execPath, ['--test', '--test-reporter=tap', entry], { cwd: ROOT, encoding: 'utf8', env, timeout: 60_000 });
      assert.equal(r.status, 1, r.stdout + r.stderr);
      const suites = r.stdout.split(/^ *# Subtest: /m).slice(1);
      assert.deepEqual(suites.map((s) => s.split('\n')[0]), [one, 'one', 'is the file the guard names', two, 'fails', 'starts after one has ended', 'is the file the guard names']);
      const ofTwo = r.stdout.slice(r.stdout.indexOf(`# Subtest: ${two}`));
      assert.match(ofTwo, /^ {4}not ok 1 - fails$/m, 'the failing test, in its file\'s suite');
      assert.match(ofTwo, /^ {4}ok 2 - starts after one has ended$/m);
      assert.match(ofTwo, /^ {4}ok 3 - is the file the guard names$/m);
      assert.match(ofTwo, /^not ok 2 - .*two\.test\.mjs$/m, 'its file failed');
      assert.match(r.stdout, /^# tests 4$/m);
      assert.match(r.stdout, /^# pass 3$/m);
      assert.match(r.stdout, /^# fail 1$/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('counts a grouped file that throws as it loads as a failed test, which .ci/run adds up (not a cancelled one)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ocs-tiers-group-'));
    try {
      const broken = join(dir, 'broken.test.mjs');
      writeFileSync(broken, `import { it } from 'node:test';\nit('declared before the throw', () => {});\nthrow new Error('broken as it loads');\n`);
      const entry = join(dir, 'group.mjs');
      writeFileSync(entry, `import { runGroup } from ${JSON.stringify(new URL('./tiers-group.mjs', import.meta.url).href)};\nawait runGroup(${JSON.stringify([broken])});\n`);
      const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_TEST_CONTEXT'));
      const r = spawnSync(process.execPath, ['--test', '--test-reporter=tap', entry], { cwd: ROOT, encoding: 'utf8', env, timeout: 60_000 });
      assert.equal(r.status, 1, r.stdout + r.stderr);
      assert.match(r.stdout, /not ok \d+ - loads$/m);
      assert.match(r.stdout, /broken as it loads/);
      assert.match(r.stdout, /^# fail [1-9]\d*$/m, r.stdout);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('no quick file imports tests/e2e/run.ts, directly or through what it imports: its after() would empty every temporary directory of the file\'s group', () => {
    const reached = reachedFrom();
    // The walk follows what it should: an end-to-end file reaches it, and a quick file reaches spawnRun through its helper.
    assert.ok(reached('tests/e2e/hostile.test.ts').has('tests/e2e/run.ts'));
    assert.ok(reached('tests/cli/commands.test.ts').has('tests/cli/helpers.ts') && reached('tests/cli/commands.test.ts').has('scripts/bench/wall.ts'));
    const importing = filesOf('quick').filter((f) => reached(f).has('tests/e2e/run.ts'));
    assert.deepEqual(importing, [], 'a quick file imports spawnRun from scripts/bench/wall.ts');
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
