/**
 * One conformance run, `ocs-conformance run` (which `npm start` is): checks the inputs
 * (profile, concurrency, scenarios, baseline), then plans Playwright Test's run (against the
 * embedded reference unless OCS_BASE_URL names a target), which prints where the reports are,
 * the verdict and a final `N passed, N failed, N errored, N skipped` line.
 * Exit 0 when the target is conformant (and nothing regressed against the baseline), 1 when
 * it is not, 2 when the run could not be made: a bad profile or scenario, an unreadable
 * baseline, or a target that answered none of the preflight's requests.
 */
import { rmSync, writeSync } from 'node:fs';
import { join, sep } from 'node:path';
import { createRequire } from 'node:module';
import { ROOT } from '../contract/load.ts';
import { CHECKED_PROFILE, keepCheckedProfile, loadProfile, ProfileError } from '../profile/load.ts';
import { readWaivers } from '../profile/waivers.ts';
import { keepCases, keptScenarios, ScenarioError, withEntries, type LoadedCase } from '../scenario/load.ts';
import { runFixtures } from '../scenario/each.ts';
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

/**
 * The run's inputs, checked before Playwright starts: the profile, its waivers and --waivers FILE,
 * the concurrency, every scenario, the baseline and the latency threshold. The cases come back as
 * the run's processes would read them (src/scenario/load.ts casesOfRun), so that none reads them again.
 */
function checkedInputs(given: NodeJS.ProcessEnv): { env: NodeJS.ProcessEnv; cases: LoadedCase[] } {
  const env = referenceDefaults(given);
  const profile = loadProfile(env.OCS_PROFILE!, env);
  readWaivers(env.OCS_PROFILE!, env.OCS_WAIVERS || undefined);
  concurrency(profile.safety, env);
  rateLimit(profile.safety, env);
  const scenarios = keptScenarios((globalThis as { ocsCompiled?: string }).ocsCompiled);
  withEntries(scenarios, profile.fixtures);
  if (env.OCS_BASELINE) readSummaryFile(env.OCS_BASELINE);
  runLatencyThreshold(env);
  return { env: { ...env, OCS_TARGET_NAME: env.OCS_TARGET_NAME ?? profile.name }, cases: withEntries(scenarios, runFixtures(env)) };
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
  let cases: LoadedCase[];
  try {
    ({ env, cases } = checkedInputs(given));
  } catch (err) {
    if (err instanceof ProfileError || err instanceof ScenarioError || err instanceof TargetError || err instanceof RangeError || err instanceof SummaryFileError
      || err instanceof LatencyThresholdError) {
      console.error(`ocs-conformance: ${err.message.split('\n').join('; ')}`);
      return 2;
    }
    throw err;
  }
  for (const stale of ['summary.json', 'conformance.html', 'html', 'junit.xml']) rmSync(join(reportsDir, stale), { recursive: true, force: true });
  // The cases just read are the run's: playwright.config.ts keeps the file OCS_CASES_READ names.
  const casesFile = env.OCS_CASES_CACHE ?? join(reportsDir, '.cases.json');
  keepCases(casesFile, cases);
  // So is the profile just checked (src/profile/load.ts): the runner and the workers take it as it is.
  const profileFile = join(reportsDir, '.profile.json');
  keepCheckedProfile(env.OCS_PROFILE!, profileFile);
  return { ...env, OCS_CASES_CACHE: casesFile, OCS_CASES_READ: casesFile, [CHECKED_PROFILE]: profileFile };
}

/** What runs the suite once the inputs are checked: Playwright's runner, as bin/launch.js starts it. */
export interface RunPlan { command: string; args: string[]; cwd: string; env: NodeJS.ProcessEnv; summaryFile: string }

/**
 * Checks the inputs, then hands bin/launch.js the run to start (on the file descriptor
 * OCS_RUN_PLAN names): Playwright's runner, whose conformance reporter writes the reports, prints
 * the verdict and the closing `N passed, N failed, N errored, N skipped` line, and sets the exit
 * code (src/report/conformance-reporter.ts). The launcher waits for it with nothing of the
 * harness loaded: this process, which loaded the profile, the scenarios and the compiler to
 * check them, ends first.
 */
export function runSuite({ playwrightArgs, env: given, reportsDir }: RunRequest): number {
  const fd = Number(process.env.OCS_RUN_PLAN);
  if (!Number.isInteger(fd) || fd < 3) throw new Error('ocs-conformance run is started through bin/ocs-conformance.js, which starts the run it plans');
  const env = prepareRun(given, reportsDir);
  if (env === 2) return 2;
  // An unreachable target is found by the preflight of src/runner/global-setup.ts, so that
  // Playwright still writes every report: each check is then an error, sent nowhere.
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const withTsx = withTsxWhenInstalled({ ...env, ...CACHE_ENV, OCS_REPORTS_DIR: reportsDir });
  delete withTsx.OCS_RUN_PLAN;
  const user = withTsx.NODE_OPTIONS ?? '';
  const plan: RunPlan = {
    command: process.execPath, args: [cli, 'test', ...playwrightArgs], cwd: ROOT,
    env: { ...withTsx, NODE_OPTIONS: withMemoryLimits(user, 'runner'), [USER_NODE_OPTIONS]: user },
    summaryFile: join(reportsDir, 'summary.json'),
  };
  writeSync(fd, JSON.stringify(plan));
  return 0;
}
