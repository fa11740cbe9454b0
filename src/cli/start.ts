/**
 * `npm start [-- args]`, first half: takes the harness's flags out of the arguments
 * (src/cli/start-command.ts), checks the run's inputs (profile, concurrency, rate, scenarios,
 * baseline, latency threshold; a problem exits 2 naming the file and key) and clears the last
 * run's reports. It then writes, on file descriptor 3, the shell line that package.json's
 * `start` evals: Playwright Test itself, exec'd, so that no process of ours waits beside it
 * while it runs (a run's memory is Playwright's runner and its workers), and its conformance
 * reporter prints the verdict and sets the exit code, as for `ocs-conformance run`
 * (src/cli/run.ts), which does both halves in one command. Its standard output goes to the
 * terminal (package.json points it at stderr), so nothing it prints is evaluated.
 */
import { writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT } from '../contract/load.ts';
import { prepareRun } from './run.ts';
import { splitStartArgs, startCommand, StartUsageError } from './start-command.ts';

/** The line the shell evals: the run, or its exit code when it cannot be made. */
function line(): string {
  let split: ReturnType<typeof splitStartArgs>;
  try {
    split = splitStartArgs(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
  } catch (err) {
    if (!(err instanceof StartUsageError)) throw err;
    console.error(`ocs-conformance: ${err.message}`);
    return 'exit 2';
  }
  const given = { ...process.env, ...split.variables };
  // OCS_REPORTS_DIR moves every report (the project's own tests use it to run in isolation).
  if (prepareRun(given, resolve(ROOT, given.OCS_REPORTS_DIR ?? 'reports')) === 2) return 'exit 2';
  return startCommand(split.variables, split.playwright, process.env.NODE_OPTIONS ?? '');
}

writeSync(3, `${line()}\n`);
