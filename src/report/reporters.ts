import type { ReporterDescription } from '@playwright/test';

/**
 * The reports every run writes into `dir`, whether one run or the merge of a sharded one
 * (playwright.config.ts and playwright.merge.config.ts both use this list).
 */
export function reporters(dir: string, console: 'dot' | 'line'): ReporterDescription[] {
  return [
    [console],
    ['html', { outputFolder: `${dir}/html`, open: 'never' }],
    ['junit', { outputFile: `${dir}/junit.xml` }],
    ['./src/report/conformance-reporter.ts', { outputDir: dir }],
  ];
}
