/**
 * One conformance run, shared by `npm start` and `ocs-conformance run`: checks the inputs
 * (profile, concurrency, scenarios, baseline), runs Playwright Test (against the embedded
 * reference unless OCS_BASE_URL names a target), then prints where the reports are, the
 * verdict and a final `N passed, N failed, N skipped` line.
 * Exit 0 when the target is conformant (and nothing regressed against the baseline), 1 when
 * it is not, 2 when the run could not be made: a bad profile or scenario, an unreadable
 * baseline, or a target that answered none of the preflight's requests.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, sep } from 'node:path';
import { createRequire } from 'node:module';
import { ROOT } from '../contract/load.ts';
import { loadProfile, ProfileError } from '../profile/load.ts';
import { readWaivers } from '../profile/waivers.ts';
import { loadAllCases, ScenarioError } from '../scenario/load.ts';
import { readSummaryFile, SummaryFileError } from '../report/compare.ts';
import { LatencyThresholdError, runLatencyThreshold } from '../report/latency-baseline.ts';
import { referenceDefaults, TargetError } from '../profile/target.ts';
import { concurrency } from '../runner/concurrency.ts';
import { USER_NODE_OPTIONS, withMemoryLimits } from '../runner/memory.ts';
import { CACHE_ENV } from '../runner/caches.ts';
import { rateLimit } from '../client/polite.ts';

export interface RunRequest {
  /** Arguments for `playwright test` (`--grep X`, `--shard=1/2`, `--workers N`, …). */
  playwrightArgs: string[];
  /** The run's environment: process.env with the command's flags applied. */
  env: NodeJS.ProcessEnv;
  /** Where every report is written (absolute). */
  reportsDir: string;
}

/** The run's inputs, checked before Playwright starts: the profile, its waivers and --waivers FILE, the concurrency, every scenario, the baseline and the latency threshold. */
function checkedInputs(given: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env = referenceDefaults(given);
  const profile = loadProfile(env.OCS_PROFILE!, env);
  readWaivers(env.OCS_PROFILE!, env.OCS_WAIVERS || undefined);
  concurrency(profile.safety, env);
  rateLimit(profile.safety, env);
  loadAllCases(undefined, profile.fixtures);
  if (env.OCS_BASELINE) readSummaryFile(env.OCS_BASELINE);
  runLatencyThreshold(env);
  return { ...env, OCS_TARGET_NAME: env.OCS_TARGET_NAME ?? profile.name };
}

/**
 * Playwright compiles TypeScript itself, but not under node_modules: installed as a package
 * (`npm install -g`), the harness's config, suites and reference would not load. There, every
 * Node process of the run (Playwright, its workers, the embedded reference) loads tsx first.
 * A clone keeps Playwright's own compilation, as `npm start` always had.
 */
function withTsxWhenInstalled(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (!ROOT.split(sep).includes('node_modules')) return env;
  const tsx = import.meta.resolve('tsx');
  return { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --import "${tsx}"`.trim() };
}

/**
 * Checks the run's inputs and clears the last run's reports. A problem is printed as one line
 * naming the file and key; the exit code 2 is returned then, the run's environment otherwise.
 */
export function prepareRun(given: NodeJS.ProcessEnv, reportsDir: string): NodeJS.ProcessEnv | 2 {
  let env: NodeJS.ProcessEnv;
  try {
    env = checkedInputs(given);
  } catch (err) {
    if (err instanceof ProfileError || err instanceof ScenarioError || err instanceof TargetError || err instanceof RangeError || err instanceof SummaryFileError
      || err instanceof LatencyThresholdError) {
      console.error(`ocs-conformance: ${err.message.split('\n').join('; ')}`);
      return 2;
    }
    throw err;
  }
  for (const stale of ['summary.json', 'conformance.html', 'html', 'junit.xml']) rmSync(join(reportsDir, stale), { recursive: true, force: true });
  return env;
}

/**
 * Checks the inputs, then runs Playwright Test, whose conformance reporter writes the reports,
 * prints the verdict and the closing `N passed, N failed, N skipped` line, and sets the exit
 * code (src/report/conformance-reporter.ts), so that `npm start`, which execs Playwright
 * itself once the inputs are checked, ends the same way.
 */
export async function runSuite({ playwrightArgs, env: given, reportsDir }: RunRequest): Promise<number> {
  const env = prepareRun(given, reportsDir);
  if (env === 2) return 2;
  const summaryFile = join(reportsDir, 'summary.json');
  // An unreachable target is found by the preflight of src/runner/global-setup.ts, so that
  // Playwright still writes every report: each check is then an error, sent nowhere.
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const withTsx = withTsxWhenInstalled({ ...env, ...CACHE_ENV, OCS_REPORTS_DIR: reportsDir });
  const user = withTsx.NODE_OPTIONS ?? '';
  const pw = await playwright(cli, playwrightArgs, { ...withTsx, NODE_OPTIONS: withMemoryLimits(user, 'runner'), [USER_NODE_OPTIONS]: user });
  if (!existsSync(summaryFile)) {
    console.error(`ocs-conformance: the run ended (${pw.signal ?? `exit ${pw.status}`}) without writing ${summaryFile}: no test ran`);
    return 2;
  }
  return pw.status ?? 2;
}

/** The signals that stop a run from outside (docs/stopping.md). */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Runs Playwright Test and waits for it to end. A SIGTERM or SIGINT sent to this command is
 * passed on to Playwright's runner, which stops the run and still writes every report
 * (src/runner/stop.ts); this command stays until it has.
 */
function playwright(cli: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; signal: NodeJS.Signals | null }> {
  const child = spawn(process.execPath, [cli, 'test', ...args], { cwd: ROOT, env, stdio: 'inherit' });
  const forward = (signal: NodeJS.Signals): void => { child.kill(signal); };
  for (const s of STOP_SIGNALS) process.on(s, forward);
  return new Promise((resolve) => {
    child.on('close', (status, signal) => {
      for (const s of STOP_SIGNALS) process.off(s, forward);
      resolve({ status, signal });
    });
  });
}
