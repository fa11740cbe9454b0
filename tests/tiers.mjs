// The project's tests in three tiers, told apart by where a file lives, so that a new file lands
// in exactly one without a list to update (docs/architecture.md, Tests):
// - runs: tests/e2e/, the tests that start whole runs (`npm start`, `ocs-conformance run`,
//   Playwright's runner, a browser, the bench);
// - mutation: tests/mutation*.test.ts, the mutation run, last and alone (beside the runs it starves
//   on two cores);
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
const SLOWEST_FIRST = [
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((t) => !TIERS.includes(t));
  if (unknown.length || !asked.length) {
    console.error(`usage: node tests/tiers.mjs ${TIERS.join('|')}…`);
    process.exit(2);
  }
  const files = asked.flatMap(filesOf);
  // An empty list would have the test runner look for files of its own, and find none it runs.
  if (!files.length) {
    console.error(`tests/tiers.mjs: no test file in ${asked.join(', ')}`);
    process.exit(1);
  }
  console.log(files.join(' '));
}
