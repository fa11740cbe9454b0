// Joins the blob reports of a sharded run (`npm start -- --shard=i/n --reporter=blob`) into
// the same reports a single run writes: npx playwright merge-reports --config playwright.merge.config.ts <dir>
const reports = process.env.OCS_REPORTS_DIR ?? 'reports';

export default {
  testDir: 'suites',
  reporter: [
    ['line'],
    ['html', { outputFolder: `${reports}/html`, open: 'never' }],
    ['junit', { outputFile: `${reports}/junit.xml` }],
    ['./src/report/conformance-reporter.ts', { outputDir: reports }],
  ],
};
