// The project's tests in three tiers, told apart by where a file lives, so that a new file lands
// in exactly one without a list to update (docs/architecture.md, Tests):
// - runs: tests/e2e/, the tests that start whole runs (`npm start`, `ocs-conformance run`,
//   Playwright's runner, a browser, the bench);
// - mutation: tests/mutation*.test.ts, the mutation run, last and on its own (beside the runs it
//   starves on two cores), its two files side by side;
// - quick: every other test file, which starts none of them (`npm run test:quick`).
// `npm test` runs all three. The quick tier is held to its rule as it runs: tests/tier-guard.mjs
// refuses a whole run started from a quick file, naming the file and where it belongs.
// `node tests/tiers.mjs TIER…` prints the tiers' files, the runs slowest first; `npm test` runs them
// in that order (tests/tiers-run.mjs: node --test would sort them by path).
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const TIERS = ['quick', 'runs', 'mutation'];

/**
 * The runs that take longest, started first, so that the two-core machine is not left with one
 * long run going alone at the end while every short file has finished. Order only: a run not
 * named here is still in its tier, started after these.
 */
export const SLOWEST_FIRST = [
  'tests/e2e/hostile.test.ts', 'tests/e2e/deep-run.test.ts', 'tests/e2e/browser.test.ts', 'tests/e2e/modes.test.ts',
  'tests/e2e/shard.test.ts', 'tests/e2e/failing-target.test.ts', 'tests/e2e/start.test.ts', 'tests/e2e/waivers.test.ts',
  'tests/e2e/stop.test.ts', 'tests/e2e/temp-clean.test.ts',
];

/** The tier of a test file, by its path from the repository's root. */
export function tierOf(file) {
  const path = relative(ROOT, join(ROOT, file)).split(sep).join('/');
  if (/^tests\/mutation[^/]*\.test\.ts$/.test(path)) return 'mutation';
  if (path.startsWith('tests/e2e/')) return 'runs';
  return 'quick';
}

/** Every test file under tests/, from the repository's root, sorted. */
export function testFiles() {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.test.ts')) found.push(path);
    }
  };
  walk('tests');
  return found.sort();
}

/** A tier's files, the runs ordered slowest first. */
export function filesOf(tier) {
  const files = testFiles().filter((f) => tierOf(f) === tier);
  const rank = (f) => (SLOWEST_FIRST.includes(f) ? SLOWEST_FIRST.indexOf(f) : SLOWEST_FIRST.length);
  return tier === 'runs' ? files.sort((a, b) => rank(a) - rank(b)) : files;
}

/**
 * The files of `tiers` in the order they are started: the longest first, so that the two cores
 * end together. With the runs and the quick tier together (`npm test`), the quick files (run in
 * groups of about 40 s each, tests/tiers-run.mjs) come after the runs named in SLOWEST_FIRST and
 * before the shorter runs: listed after every run, the groups started last and one of them
 * ended alone, the other core idle (the first CI run of the groups).
 */
export function listed(tiers) {
  const files = tiers.flatMap(filesOf);
  if (!tiers.includes('runs') || !tiers.includes('quick')) return files;
  const slow = files.filter((f) => SLOWEST_FIRST.includes(f));
  const quick = files.filter((f) => tierOf(f) === 'quick');
  return [...slow, ...quick, ...files.filter((f) => !slow.includes(f) && !quick.includes(f))];
}

/**
 * The quick tier runs in few processes: its files in QUICK_GROUPS groups, each group one process
 * that runs its files one after another, each a suite named by its path (tests/tiers-group.mjs),
 * since a process per file spent most of the tier's CPU starting up (tsx, the contract, the
 * scenarios: about 1 s a file). A grouped file must leave the process as it found it for the files
 * after it: what it puts into process.env, a module's state, a listener, undone in an `after`.
 * A file that cannot is run alone, named here with why.
 */
export const ALONE = [
  // A stop is for the whole process (src/runner/stop.ts): each file's last tests stop its sending.
  'tests/harness/cutoffs.test.ts', 'tests/harness/stop.test.ts',
];

/** How many groups the quick files are run in: one for each core and one more, to fill the time the others wait. */
export const QUICK_GROUPS = 3;

/**
 * A quick file's time in a group, in seconds, where it is long: its CPU, its children's and its
 * waits, measured on an idle machine (2026-11-29). Each other file takes about 0.4 s. For
 * balancing the groups only: a figure out of date makes them less even, nothing else.
 */
const SECONDS = {
  'tests/cli/commands.test.ts': 15.6, 'tests/harness/transport-stall.test.ts': 12.3, 'tests/reference/cli.test.ts': 7.3,
  'tests/harness/mask-echo.test.ts': 7.3, 'tests/ci/github-actions.test.ts': 6.9, 'tests/cli/dry-run.test.ts': 6.8,
  'tests/reference/standards.test.ts': 5.7, 'tests/generators/violators.test.ts': 5.5, 'tests/harness/sequence.test.ts': 3.3,
  'tests/harness/watchdog.test.ts': 2.3, 'tests/reference/wire.test.ts': 2.1, 'tests/hostile/answers.test.ts': 2.1,
  'tests/tiers.test.ts': 2.0, 'tests/reference/faults.test.ts': 2.0, 'tests/harness/transport-connections.test.ts': 1.9,
  'tests/harness/near-misses.test.ts': 1.9, 'tests/contract/edges-values.test.ts': 1.9, 'tests/generators/forms.test.ts': 1.9,
  'tests/cli/diff.test.ts': 1.9, 'tests/harness/spawn-run.test.ts': 1.9, 'tests/harness/transport-informational.test.ts': 1.7,
};

/**
 * The quick test files of `files` (those under tests/ but ALONE) in QUICK_GROUPS groups of about
 * equal time, the longest group first, each group's files in the order given.
 */
export function quickGroups(files) {
  const grouped = files.filter((f) => f.startsWith('tests/') && tierOf(f) === 'quick' && !ALONE.includes(f));
  const seconds = (f) => SECONDS[f] ?? 0.4;
  const groups = Array.from({ length: Math.min(QUICK_GROUPS, grouped.length) }, () => ({ files: new Set(), seconds: 0 }));
  // The longest first, each to the group with the least so far.
  for (const file of [...grouped].sort((a, b) => seconds(b) - seconds(a) || (a < b ? -1 : 1))) {
    const least = groups.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    least.files.add(file);
    least.seconds += seconds(file);
  }
  return groups.sort((a, b) => b.seconds - a.seconds).map((g) => grouped.filter((f) => g.files.has(f)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((t) => !TIERS.includes(t));
  if (unknown.length || !asked.length) {
    console.error(`usage: node tests/tiers.mjs ${TIERS.join('|')}…`);
    process.exit(2);
  }
  const files = listed(asked);
  // An empty list would have the test runner look for files of its own, and find none it runs.
  if (!files.length) {
    console.error(`tests/tiers.mjs: no test file in ${asked.join(', ')}`);
    process.exit(1);
  }
  console.log(files.join(' '));
}
