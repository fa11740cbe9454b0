/**
 * `npm start [-- playwright args]`: one conformance run (src/cli/run.ts) configured by the
 * environment (OCS_BASE_URL, OCS_PROFILE, OCS_RUNS, …), the arguments passed on to
 * Playwright Test as they are. `ocs-conformance run` (src/cli/main.ts) calls the same code.
 */
import { resolve } from 'node:path';
import { ROOT } from '../contract/load.ts';
import { runSuite } from './run.ts';

// OCS_REPORTS_DIR moves every report (the project's own tests use it to run in isolation).
process.exitCode = await runSuite({
  playwrightArgs: process.argv.slice(2),
  env: process.env,
  reportsDir: resolve(ROOT, process.env.OCS_REPORTS_DIR ?? 'reports'),
});
