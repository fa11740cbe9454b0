/**
 * `npm start [-- playwright args]`, first half: checks the run's inputs (profile, concurrency,
 * rate, scenarios, baseline; a problem exits 2 naming the file and key) and clears the last
 * run's reports. The second half is Playwright Test itself, which package.json's `start`
 * execs once this has passed: no process of ours waits beside it while it runs (a run's
 * memory is Playwright's runner and its workers), and its conformance reporter prints the
 * verdict and sets the exit code, as for `ocs-conformance run` (src/cli/run.ts), which does
 * both halves in one command.
 */
import { resolve } from 'node:path';
import { ROOT } from '../contract/load.ts';
import { prepareRun } from './run.ts';

// OCS_REPORTS_DIR moves every report (the project's own tests use it to run in isolation).
if (prepareRun(process.env, resolve(ROOT, process.env.OCS_REPORTS_DIR ?? 'reports')) === 2) process.exitCode = 2;
