import { rmSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { referenceDefaults } from './src/cli/target.ts';

// Without OCS_BASE_URL the run targets the embedded reference: its profile and local test
// credentials become the defaults here, before workers start, so every worker inherits them.
const targetingReference = !process.env.OCS_BASE_URL;
Object.assign(process.env, referenceDefaults(process.env));
const reports = process.env.OCS_REPORTS_DIR ?? 'reports';
process.env.OCS_BREAKER_FILE ??= `${reports}/.transport-failures`;
// A new run starts with a closed breaker; workers (TEST_WORKER_INDEX set) must not reset it.
if (process.env.TEST_WORKER_INDEX === undefined) rmSync(process.env.OCS_BREAKER_FILE, { force: true });

export default defineConfig({
  testDir: 'suites',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.OCS_WORKERS ? Number(process.env.OCS_WORKERS) : undefined,
  timeout: 60_000,
  outputDir: `${reports}/test-results`,
  reporter: [
    [process.env.CI ? 'dot' : 'line'],
    ['html', { outputFolder: `${reports}/html`, open: 'never' }],
    ['junit', { outputFile: `${reports}/junit.xml` }],
    ['./src/report/conformance-reporter.ts', { outputDir: reports }],
  ],
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
