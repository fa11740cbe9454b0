// Holds the quick tier to its rule (tests/tiers.mjs): a file outside tests/e2e/ starts no whole
// run. The test runner loads this module into each test file's process (package.json's
// `--import`); in a quick file's process it puts itself into NODE_OPTIONS, so every node process
// the file starts loads it too, and refuses, naming the file and where it belongs:
// - a process that is a whole run: `npm start`, `npm run mutation` or `bench`, Playwright's test
//   runner (what `ocs-conformance run` starts; its --help is quick), the mutation or bench script:
//   it exits 70 at once;
// - a browser started from the file's process: the spawn throws.
// Whole runs cost tens of seconds each; one landing in the quick tier would make it slow unseen.
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import { basename, relative, resolve } from 'node:path';
import { ROOT, tierOf } from './tiers.mjs';

/** Set in a quick file's process, and so in every process it starts: the file, from the root. */
export const QUICK_FILE = 'OCS_QUICK_TIER_FILE';
/** The exit code of a whole run refused: none of the harness's own (0, 1, 2). */
export const REFUSED = 70;

/** What whole run a node process's argv is, if any. */
export function wholeRunOf(argv) {
  const [script = '', ...args] = argv.slice(1);
  const name = basename(script);
  if (name === 'npm-cli.js' || name === 'npm') {
    const sub = args.filter((a) => !a.startsWith('-'));
    const run = ['run', 'run-script'].includes(sub[0]) ? sub[1] : sub[0];
    if (['start', 'mutation', 'bench'].includes(run)) return `npm ${run === 'start' ? 'start' : `run ${run}`}`;
  }
  const help = args.some((a) => a === '--help' || a === '-h');
  if (/[/\\]playwright(-core)?[/\\]cli\.js$|[/\\]@playwright[/\\]test[/\\]cli\.js$/.test(script) && args[0] === 'test' && !help) return 'Playwright\'s test runner';
  if (/[/\\]scripts[/\\](mutation|bench)\.ts$/.test(script)) return `scripts/${name}`;
  return undefined;
}

/** Whether a spawned executable is a browser. */
export const isBrowser = (command) => /chrom(e|ium)|headless_shell|firefox|webkit/i.test(basename(String(command)));

const why = (what) => `tier guard: ${process.env[QUICK_FILE]} is in the quick tier but starts ${what}; a test that starts whole runs belongs under tests/e2e/ (docs/architecture.md, The tests in tiers)`;

let guarded = false;
function guard() {
  if (guarded) return;
  guarded = true;
  const what = wholeRunOf(process.argv);
  if (what) {
    process.stderr.write(`${why(what)}\n`);
    process.exit(REFUSED);
  }
  for (const name of ['spawn', 'spawnSync', 'execFile', 'execFileSync']) {
    const original = childProcess[name];
    childProcess[name] = function guarded(command, ...rest) {
      if (isBrowser(command)) throw new Error(why(`a browser (${command})`));
      return original.call(this, command, ...rest);
    };
  }
  syncBuiltinESMExports();
}

/**
 * Guards this process and every node process it starts from now on as the quick file's (a path
 * from the root): done here for a file's own process, and by tests/tiers-group.mjs for each file of
 * a group as it starts.
 */
export function enterQuickFile(file) {
  process.env[QUICK_FILE] = file;
  const own = `--import ${import.meta.url}`;
  if (!(process.env.NODE_OPTIONS ?? '').includes(own)) process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} ${own}`.trim();
  guard();
}

const testFile = process.env.NODE_TEST_CONTEXT && process.argv[1]?.endsWith('.test.ts') ? relative(ROOT, resolve(process.argv[1])) : undefined;
if (testFile && tierOf(testFile) === 'quick') enterQuickFile(testFile);
else if (process.env[QUICK_FILE]) guard();
