// Runs test files in the order given, `node tests/tiers-run.mjs CONCURRENCY FILE…`, as
// `node --test --test-concurrency=CONCURRENCY FILE…` would but for the order and the quick tier's
// groups. The order: Node 20's `node --test` sorts the files it is given by path
// (tests/e2e/browser.test.ts before tests/e2e/hostile.test.ts), so the runs listed slowest first by
// tests/tiers.mjs would start in alphabetical order, and a long run started late would end alone.
// The test runner's own API keeps the order. The groups: the quick tier's files are run a group in
// a process (tests/tiers.mjs, quickGroups; tests/tiers-group.mjs), each file a suite named by its
// path, since a process per file spent most of the tier's CPU loading the same modules again; a
// group's process is started from a module written for it under node_modules/.cache/ and removed
// at the end. Every other file runs in a process of its own. Each process has this process's Node
// options (package.json's `--import`s), and the output is the runner's TAP with its closing counts
// (`# pass N`, `# fail N`), which .ci/run reads; the exit code is 1 when a test failed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { run } from 'node:test';
import { tap } from 'node:test/reporters';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { quickGroups, ROOT } from './tiers.mjs';

/** The concurrency and the files of argv, or why they are not. */
export function parseArgs(args) {
  const [concurrency, ...files] = args;
  if (!/^[1-9][0-9]*$/.test(concurrency ?? '') || !files.length) return { error: 'usage: node tests/tiers-run.mjs CONCURRENCY FILE…' };
  return { concurrency: Number(concurrency), files };
}

/**
 * The processes to start, in order: each a file of its own, or a group of quick files (`group`),
 * run by a module written for it. The groups, the longest first, start where the first of their
 * files was listed; the other files keep their places.
 */
export function processesOf(files) {
  const groups = quickGroups(files);
  const grouped = new Set(groups.flat());
  const at = files.findIndex((f) => grouped.has(f));
  return files.flatMap((file, i) => (i === at ? groups.map((group) => ({ group })) : grouped.has(file) ? [] : [{ file }]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const parsed = parseArgs(process.argv.slice(2));
  if (parsed.error) {
    console.error(parsed.error);
    process.exit(2);
  }
  const processes = processesOf(parsed.files);
  let dir;
  if (processes.some((p) => p.group)) {
    mkdirSync(join(ROOT, 'node_modules/.cache'), { recursive: true });
    dir = mkdtempSync(join(ROOT, 'node_modules/.cache/tiers-run-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  const runner = pathToFileURL(join(ROOT, 'tests/tiers-group.mjs')).href;
  const files = processes.map((p, i) => {
    if (!p.group) return p.file;
    const entry = join(dir, `quick-group-${i + 1}.mjs`);
    writeFileSync(entry, `import { runGroup } from ${JSON.stringify(runner)};\nawait runGroup(${JSON.stringify(p.group)});\n`);
    return relative(process.cwd(), entry);
  });
  // Stopped (CI's cancel, `timeout`), the files' processes are stopped too, as node --test does.
  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      process.exitCode = 1;
      stop.abort();
    });
  }
  const stream = run({ files, concurrency: parsed.concurrency, signal: stop.signal });
  // A failing `todo` test fails nothing, as with node --test.
  stream.on('test:fail', (event) => { if (!event.todo) process.exitCode = 1; });
  stream.compose(tap).pipe(process.stdout);
}
