import type { ReporterDescription } from '@playwright/test';

/**
 * The reports every run writes into `dir`, whether one run or the merge of a sharded one
 * (playwright.config.ts and playwright.merge.config.ts both use this list). The conformance
 * reporter is the console too (a line per endpoint, then the verdict), and writes junit.xml
 * a test case per rule and format: Playwright's line reporter printed every tag of a test, and
 * its JUnit had a test case per endpoint.
 */
export function reporters(dir: string): ReporterDescription[] {
  // Playwright ends its reporters one after the other, in this order: the verdict's reports
  // are written first, so they stand even if the HTML report, built last and the largest by
  // far (30 MB of JSON in a failing deep run), cannot be.
  return [
    ['./src/report/conformance-reporter.ts', { outputDir: dir, htmlNext: true }],
    ['html', { outputFolder: `${dir}/html`, open: 'never' }],
  ];
}
