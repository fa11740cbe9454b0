// The embedded reference's default runs without properties (OCS_RUNS=0), each made once in a test
// file's process, on first use, and read by every test there that asserts it: the conformant run
// is asserted by npm start's test and opened in the browser, the run of one rule typed in docs/ by
// the command's test and opened as the incomplete certificate. A run is made for what it shows, not
// once per test that reads it (docs/architecture.md, The tests in tiers).
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Summary } from '../../src/report/summary.ts';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { ROOT, spawnRun, start, type StartRun } from './run.ts';

/** The rule of the partial run: its cases and properties, in every endpoint it applies to. */
export const PARTIAL_GREP = 'CNT-CONTACTIDS-MAX';
/** A fault every response shows: RSP-GENERATED-AT fails in both formats, PARTIAL_GREP's rule stays whole. */
export const FAULT = 'generated-at-iso';

/** `make`, made on the first call and the same promise after. */
const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
};

/** `npm start` against the embedded reference. */
export const conformantRun = once(() => start([], { OCS_BASE_URL: '', OCS_RUNS: '0' }));

/** `npm start` against the embedded reference with FAULT. */
export const failingRun = once(() => start([], { OCS_BASE_URL: '', OCS_RUNS: '0', OCS_REFERENCE_FAULT: FAULT }));

/** `npm start` against the embedded reference with a fault of HTTP alone (issue 43): every rule of the service passes, two of RFC 9112 fail. */
export const httpOnlyRun = once(() => start([], { OCS_BASE_URL: '', OCS_RUNS: '0', OCS_REFERENCE_FAULT: 'absolute-form-404' }));

/**
 * `npm start -- --grep PARTIAL_GREP --report-dir DIR` typed in docs/, DIR relative to it, as a user
 * calls it there: npm's echo of the script and the command's own first line are printed (no
 * --silent), and the reports go where the relative path says, not under the package root.
 */
export const partialRun = once(async (): Promise<StartRun> => {
  const typedIn = join(ROOT, 'docs');
  const reports = tempDir('ocs-start-');
  const run = await spawnRun('npm', ['start', '--', '--grep', PARTIAL_GREP, '--report-dir', relative(typedIn, reports)], { cwd: typedIn, env: { OCS_BASE_URL: '', OCS_RUNS: '0', OCS_REPORTS_DIR: '' } });
  return { ...run, reports, summary: () => JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as Summary };
});
