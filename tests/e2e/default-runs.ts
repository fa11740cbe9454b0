// The default runs without properties (OCS_RUNS=0), each made once in a test file's process, on
// first use, and read by every test there that asserts it: the conformant run is asserted by npm
// start's test and opened in the browser, the run of one rule typed in docs/ by the command's test
// and opened as the incomplete certificate, the run failing in HTTP alone by the verdict by layer's
// test and opened too, and the failing run, made by `ocs-conformance run` with the command's own
// conformant run as its baseline, by the command's tests and opened as the failing certificate. A
// run is made for what it shows, not once per test that reads it (docs/architecture.md, The tests
// in tiers).
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { referenceEnv } from '../../src/profile/reference.ts';
import type { Summary } from '../../src/report/summary.ts';
import { startChildReference } from '../../scripts/bench/child-reference.ts';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { BIN } from '../cli/helpers.ts';
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

/** A run of `ocs-conformance run` itself, its reports in `reports`. */
const command = async (args: string[], reports: string, env: NodeJS.ProcessEnv): Promise<StartRun> => {
  const run = await spawnRun(process.execPath, [BIN, 'run', ...args, '--report-dir', reports], { env });
  return { ...run, reports, summary: () => JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as Summary };
};

/**
 * `ocs-conformance run` against a started reference, named by --base-url and --profile, with seed
 * 7; the credentials stay in the environment, as the profile says. The reference runs in a process
 * of its own, as `npm run reference` starts it, so that the other runs this file makes at the same
 * time never hold up its answers; it is stopped once the run ends: the tests read the run's reports
 * and the reference's address.
 */
export const commandRun = once(async (): Promise<StartRun & { baseUrl: string }> => {
  const reference = await startChildReference();
  try {
    const run = await command(['--base-url', reference.url, '--profile', 'profiles/reference.yaml', '--runs', '0', '--seed', '7'], tempDir('ocs-cli-run-'), { ...referenceEnv(), OCS_BASE_URL: '', OCS_PROFILE: '' });
    return { ...run, baseUrl: reference.url };
  } finally {
    await reference.close();
  }
});

/**
 * `ocs-conformance run` against the embedded reference (no --base-url) with FAULT, one worker, and
 * commandRun's summary as its baseline, compared in latency by `--latency-threshold p99:3x,100ms`.
 */
export const failingRun = once(async (): Promise<StartRun> => {
  const baseline = join((await commandRun()).reports, 'summary.json');
  return command(['--runs', '0', '--workers', '1', '--baseline', baseline, '--latency-threshold', 'p99:3x,100ms'], tempDir('ocs-cli-faulty-'), { OCS_BASE_URL: '', OCS_PROFILE: '', OCS_REFERENCE_FAULT: FAULT });
});

/** `npm start` against the embedded reference with a fault of HTTP alone (issue 43): every rule of the service passes, two of RFC 9112 fail (the verdict by layer). */
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
