// Runs test files in the order given, `node tests/tiers-run.mjs CONCURRENCY FILE…`, as
// `node --test --test-concurrency=CONCURRENCY FILE…` would but for the order: Node 20's
// `node --test` sorts the files it is given by path (tests/e2e/browser.test.ts before
// tests/e2e/hostile.test.ts), so the runs listed slowest first by tests/tiers.mjs would start in
// alphabetical order, and a long run started late would end alone. The test runner's own API
// keeps the order. Each file runs in a process of its own with this process's Node options
// (package.json's `--import`s), and the output is the runner's TAP with its closing counts
// (`# pass N`, `# fail N`), which .ci/run reads; the exit code is 1 when a test failed.
import { run } from 'node:test';
import { tap } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';

/** The concurrency and the files of argv, or why they are not. */
export function parseArgs(args) {
  const [concurrency, ...files] = args;
  if (!/^[1-9][0-9]*$/.test(concurrency ?? '') || !files.length) return { error: 'usage: node tests/tiers-run.mjs CONCURRENCY FILE…' };
  return { concurrency: Number(concurrency), files };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const parsed = parseArgs(process.argv.slice(2));
  if (parsed.error) {
    console.error(parsed.error);
    process.exit(2);
  }
  // Stopped (CI's cancel, `timeout`), the files' processes are stopped too, as node --test does.
  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      process.exitCode = 1;
      stop.abort();
    });
  }
  const stream = run({ files: parsed.files, concurrency: parsed.concurrency, signal: stop.signal });
  stream.on('test:fail', () => { process.exitCode = 1; });
  stream.compose(tap).pipe(process.stdout);
}
