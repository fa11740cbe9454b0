// Joins the blob reports of a sharded run (`npx playwright test --shard=i/n --reporter=blob`) into
// the same reports a single run writes: npx playwright merge-reports --config playwright.merge.config.ts <dir>
import { reporters } from './src/report/reporters.ts';

export default {
  testDir: 'suites',
  reporter: reporters(process.env.OCS_REPORTS_DIR ?? 'reports'),
};
