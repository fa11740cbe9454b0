// First: in a runner bin/launch.js started beside the check of the inputs, this waits for the
// check's plan before any of the modules below runs (src/cli/gate.ts).
import './src/cli/gate.ts';
import { readFileSync, rmSync } from 'node:fs';
import { parse } from 'yaml';
import { defineConfig } from '@playwright/test';
import { referenceDefaults } from './src/profile/target.ts';
import { handedProfile } from './src/profile/handoff.ts';
import { reporters } from './src/report/reporters.ts';
import { workerPlan } from './src/runner/concurrency.ts';
import { USER_NODE_OPTIONS, withMemoryLimits } from './src/runner/memory.ts';
import { rateLimit } from './src/client/polite.ts';
import { takeGrepFromRunner } from './src/runner/grep.ts';
import { handleStopSignals } from './src/runner/stop.ts';
import { observePhases } from './src/runner/phases.ts';

// The runner and each worker load this file first: with OCS_PHASES_FILE set, each marks its start.
observePhases();

// Without OCS_BASE_URL the run targets the embedded reference: its profile and local test
// credentials become the defaults here, before workers start, so every worker inherits them.
const targetingReference = !process.env.OCS_BASE_URL;
if (targetingReference) process.env.OCS_EMBEDDED_REFERENCE = '1';
// The embedded reference with no fault and no operating mode is the oracle itself (src/runner/oracle.ts).
const faithfulTarget = targetingReference && !process.env.OCS_REFERENCE_FAULT && !process.env.OCS_REFERENCE_MODE;
if (faithfulTarget) process.env.OCS_ORACLE_IS_TARGET = '1';
Object.assign(process.env, referenceDefaults(process.env));
// The references `ocs-conformance run` started beside its check of the inputs (bin/launch.js),
// only in the runner it started: their URLs stand in for the webServer entries below, and the
// global setup's teardown stops them (src/runner/global-setup.ts). Workers inherit the URLs.
const launched = launchedReferences();
for (const r of launched) process.env[r.variable] = r.url;
const isLaunched = (variable: string): boolean => launched.some((r) => r.variable === variable);
const reports = process.env.OCS_REPORTS_DIR ?? 'reports';
process.env.OCS_BREAKER_FILE ??= `${reports}/.transport-failures`;
process.env.OCS_BUDGET_FILE ??= `${reports}/.accepted`;
process.env.OCS_CASES_CACHE ??= `${reports}/.cases.json`;
process.env.OCS_PREFLIGHT_FILE ??= `${reports}/.preflight.json`;
process.env.OCS_QUOTED_FILE ??= `${reports}/.quoted`;
process.env.OCS_STALL_FILE ??= `${reports}/.stalls`;
process.env.OCS_PACE_FILE ??= `${reports}/.pace`;
const { safety, name } = profileSettings(process.env.OCS_PROFILE!);
process.env.OCS_TARGET_NAME ??= name;
// Workers: --workers, else OCS_WORKERS, else the profile's safety.workers, else half the
// cores (Playwright's default), never more than requests may be in flight.
const { workers, inFlight, start } = workerPlan(safety, cliFlag('-j', '--workers'));

// Only the main process decides (workers, TEST_WORKER_INDEX set, inherit its environment): a
// new run starts with a closed breaker, a full budget (of accepted requests, and for waiting on
// 429s and 503s) and its scenarios read anew (or as `ocs-conformance run` just read them to check
// them: OCS_CASES_READ names that file), each worker gets its share of the requests in
// flight (the most, and where its pace starts), and the steps inside a test see the run's --grep.
if (process.env.TEST_WORKER_INDEX === undefined) {
  const casesRead = process.env.OCS_CASES_READ;
  delete process.env.OCS_CASES_READ;
  for (const file of [process.env.OCS_BREAKER_FILE, process.env.OCS_BUDGET_FILE, process.env.OCS_CASES_CACHE, process.env.OCS_PREFLIGHT_FILE, process.env.OCS_QUOTED_FILE, process.env.OCS_STALL_FILE, process.env.OCS_PACE_FILE]) {
    if (file !== casesRead) rmSync(file, { force: true });
  }
  process.env.OCS_WORKER_IN_FLIGHT = String(inFlight);
  process.env.OCS_WORKER_START_IN_FLIGHT = String(start);
  // A cap on the request rate is shared out as the requests in flight are.
  const rps = rateLimit(safety);
  if (rps) process.env.OCS_WORKER_RPS = String(rps / workers);
  else delete process.env.OCS_WORKER_RPS;
  // The workers' limits, from the user's own options: the runner's came with its larger heap.
  process.env.NODE_OPTIONS = withMemoryLimits(process.env[USER_NODE_OPTIONS] ?? process.env.NODE_OPTIONS);
  // --grep selects steps inside the endpoint tests, which carry no tags (src/runner/grep.ts).
  const grep = cliFlag('-g', '--grep');
  if (grep !== undefined) {
    process.env.OCS_GREP = grep;
    takeGrepFromRunner();
  } else if (!process.env.OCS_GREP) delete process.env.OCS_GREP;
  // SIGTERM (a CI job's cancel or timeout, `timeout`, Kubernetes) stops the run as Ctrl-C
  // does: what was judged is kept and every report is written (docs/stopping.md).
  handleStopSignals();
}

interface ProfileSettings { safety: { workers?: number; concurrency?: number; rps?: number }; name?: string }

function profileSettings(file: string): ProfileSettings {
  try {
    // As `ocs-conformance run` checked it (src/profile/handoff.ts), else its YAML as it stands.
    const p = handedProfile<Partial<ProfileSettings>>(file) ?? parse(readFileSync(file, 'utf8')) as Partial<ProfileSettings> | null;
    return { safety: p?.safety ?? {}, name: p?.name };
  } catch {
    return { safety: {} }; // npm start has already refused a profile it cannot read, naming the key
  }
}

/**
 * OCS_LAUNCHED_REFERENCES, when this is the runner bin/launch.js started (its parent, by pid);
 * otherwise (a worker, `npx playwright test`, a variable left in a shell) it is removed.
 */
function launchedReferences(): { variable: string; url: string; pid: number }[] {
  if (process.env.TEST_WORKER_INDEX !== undefined) return [];
  try {
    const given = JSON.parse(process.env.OCS_LAUNCHED_REFERENCES ?? 'null') as { launcher: number; references: { variable: string; url: string; pid: number }[] } | null;
    if (given?.launcher === process.ppid) return given.references;
  } catch { /* not ours */ }
  delete process.env.OCS_LAUNCHED_REFERENCES;
  return [];
}

/** A reference started as a process, its URL in `variable`. */
function referenceServer(variable: string, env: Record<string, string>) {
  return {
    command: 'node --import tsx reference/cli.ts --port 0',
    wait: { stdout: new RegExp(`listening (?<${variable}>http:\\/\\/127\\.0\\.0\\.1:[0-9]+)`) },
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
    timeout: 30_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env,
  };
}

/** The value of a flag of this Playwright command line (`--grep X`, `--grep=X`, `-g X`). */
function cliFlag(short: string, long: string): string | undefined {
  const args = process.argv;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === short || args[i] === long) return args[i + 1];
    if (args[i]!.startsWith(`${long}=`)) return args[i]!.slice(long.length + 1);
  }
  return undefined;
}

export default defineConfig({
  testDir: 'suites',
  testMatch: '*.spec.ts',
  globalSetup: './src/runner/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers,
  timeout: 60_000,
  outputDir: `${reports}/test-results`,
  reporter: reporters(reports),
  // The embedded reference as the target when no OCS_BASE_URL is given; and, faithful (no fault,
  // no operating mode), the oracle that judges requests rewritten as lax readers read them
  // (src/runner/oracle.ts): a second reference beside the run, unless the target is itself the
  // faithful reference, which then answers as its own oracle (a process, about 65 MB and a start
  // of its own, spared in `npm start`). Each binds a free port and prints it; the named group
  // becomes the variable the workers read. `ocs-conformance run` starts them sooner itself (above).
  webServer: [
    ...(targetingReference && !isLaunched('OCS_BASE_URL') ? [referenceServer('OCS_BASE_URL', {})] : []),
    ...(faithfulTarget || isLaunched('OCS_ORACLE_URL') ? [] : [referenceServer('OCS_ORACLE_URL', { OCS_REFERENCE_FAULT: '', OCS_REFERENCE_MODE: '' })]),
  ],
});
