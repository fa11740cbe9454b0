import { readFileSync, rmSync } from 'node:fs';
import { parse } from 'yaml';
import { defineConfig } from '@playwright/test';
import { referenceDefaults } from './src/cli/target.ts';
import { reporters } from './src/report/reporters.ts';

// Without OCS_BASE_URL the run targets the embedded reference: its profile and local test
// credentials become the defaults here, before workers start, so every worker inherits them.
const targetingReference = !process.env.OCS_BASE_URL;
if (targetingReference) process.env.OCS_EMBEDDED_REFERENCE = '1';
Object.assign(process.env, referenceDefaults(process.env));
const reports = process.env.OCS_REPORTS_DIR ?? 'reports';
process.env.OCS_BREAKER_FILE ??= `${reports}/.transport-failures`;
process.env.OCS_BUDGET_FILE ??= `${reports}/.accepted`;
// A new run starts with a closed breaker and a full budget; workers (TEST_WORKER_INDEX set)
// must not reset them.
if (process.env.TEST_WORKER_INDEX === undefined) {
  for (const file of [process.env.OCS_BREAKER_FILE, process.env.OCS_BUDGET_FILE]) rmSync(file, { force: true });
}
// Concurrency against the target: OCS_WORKERS, else the profile's safety.workers, else
// Playwright's default (half the cores).
const workers = process.env.OCS_WORKERS ? Number(process.env.OCS_WORKERS) : profileWorkers(process.env.OCS_PROFILE!);

function profileWorkers(file: string): number | undefined {
  try {
    return (parse(readFileSync(file, 'utf8')) as { safety?: { workers?: number } } | null)?.safety?.workers;
  } catch {
    return undefined; // npm start has already refused a profile it cannot read, naming the key
  }
}

export default defineConfig({
  testDir: 'suites',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers,
  timeout: 60_000,
  outputDir: `${reports}/test-results`,
  reporter: reporters(reports, process.env.CI ? 'dot' : 'line'),
  webServer: targetingReference
    ? {
        command: 'node --import tsx reference/cli.ts --port 0',
        // The reference binds a free port and prints it; the named group becomes OCS_BASE_URL.
        wait: { stdout: /listening (?<OCS_BASE_URL>http:\/\/127\.0\.0\.1:[0-9]+)/ },
        gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
        timeout: 30_000,
        stdout: 'ignore',
        stderr: 'pipe',
      }
    : undefined,
});
