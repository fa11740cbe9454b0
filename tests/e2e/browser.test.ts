// The certificate as a person sees it: the Chromium `npm ci` installs (or OCS_CHROMIUM's),
// driven by Playwright with `executablePath`, opens conformance.html of a run against a
// faulty reference, reads the verdict and the matrix, follows the failing rule to its
// evidence in Playwright's report, and saves screenshots. The page is one self-contained
// file, small at any OCS_RUNS.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { loadRules } from '../../src/contract/load.ts';
import { findChromium } from './chromium.ts';
import { ROOT, start } from './run.ts';

/** The fault breaks RSP-GENERATED-AT on every response, in both formats; CNT-CONTACTIDS-MAX stays whole. */
const FAULT = 'generated-at-iso';
const FAILING = 'RSP-GENERATED-AT';
const PASSING = 'CNT-CONTACTIDS-MAX';

/** Where the screenshots go: `reports/screenshots/` of the checkout unless OCS_SCREENSHOT_DIR says otherwise. */
const SHOTS = process.env.OCS_SCREENSHOT_DIR ?? join(ROOT, 'reports', 'screenshots');

const MB = 1024 * 1024;
const DEFAULT_RUNS = 25;

/** A rule's JSON and XML cells in the matrix, found by the header's column names. */
async function matrixCells(page: Page, id: string): Promise<{ json: string; xml: string }> {
  const headers = (await page.locator('#matrix thead th').allInnerTexts()).map((h) => h.trim());
  const json = headers.indexOf('JSON');
  const xml = headers.indexOf('XML');
  assert.ok(json >= 0 && xml >= 0, `the matrix has JSON and XML columns (headers: ${headers.join(', ')})`);
  const row = page.locator('#matrix tbody tr').filter({ has: page.locator('td code', { hasText: new RegExp(`^${id}$`) }) });
  assert.equal(await row.count(), 1, `one matrix row for ${id}`);
  const cells = (await row.locator('td').allInnerTexts()).map((c) => c.trim());
  return { json: cells[json]!, xml: cells[xml]! };
}

const isPng = (path: string): boolean => readFileSync(path).subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

describe('the certificate in a real browser', () => {
  it('findChromium fails where npm installs no Chromium, saying so and naming OCS_CHROMIUM', () => {
    for (const [platform, arch] of [['darwin', 'arm64'], ['win32', 'x64'], ['linux', 'arm64']]) {
      assert.throws(() => findChromium({}, platform, arch), new RegExp(`Linux x64 only, and this is ${platform} ${arch}.*set OCS_CHROMIUM`));
    }
  });

  it('OCS_CHROMIUM overrides the installed Chromium, on any platform, and must name an executable file', () => {
    assert.deepEqual(findChromium({ OCS_CHROMIUM: process.execPath }, 'darwin', 'arm64'), { executablePath: process.execPath });
    assert.throws(() => findChromium({ OCS_CHROMIUM: '/nonexistent/chromium' }), /OCS_CHROMIUM=\/nonexistent\/chromium is not an executable file/);
  });

  it(`shows ${FAULT}'s run NOT CONFORMANT, ${FAILING} failing in both formats, leading to its evidence`, { timeout: 360_000 }, async (t) => {
    // First, so a machine without a Chromium fails here with the reason, before the run.
    const { executablePath, env } = findChromium();
    const run = await start([], { OCS_BASE_URL: '', OCS_REFERENCE_FAULT: FAULT });
    assert.equal(run.code, 1, `the faulty reference is not conformant:\n${run.stdout.slice(-1500)}\n${run.stderr.slice(-1500)}`);
    const certificate = join(run.reports, 'conformance.html');
    mkdirSync(SHOTS, { recursive: true });

    const browser = await chromium.launch({ executablePath, env });
    t.diagnostic(`Chromium ${browser.version()}: ${executablePath}`);
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const requested: string[] = [];
      page.on('request', (r) => requested.push(r.url()));
      const url = pathToFileURL(certificate).href;
      await page.goto(url);

      // The verdict, as shown.
      const verdict = page.getByText('NOT CONFORMANT', { exact: true });
      assert.equal(await verdict.count(), 1, 'the verdict NOT CONFORMANT is on the page once');
      assert.equal(await verdict.isVisible(), true);
      assert.equal(await page.getByText('CONFORMANT', { exact: true }).count(), 0, 'no CONFORMANT verdict beside it');

      // The matrix: one row per catalog rule; the fault's rule fails in both formats, another passes in both.
      assert.equal(await page.locator('#matrix tbody tr').count(), loadRules().filter((r) => r.level !== 'INFO').length, 'a row per MUST and SHOULD rule');
      assert.equal(await page.locator('#open-points-table tbody tr').count(), loadRules().filter((r) => r.level === 'INFO' && r.family !== 'safety').length, 'a line per open point, with what the target did');
      assert.match(await page.locator('#open-points-table tbody tr', { hasText: 'INFO-RECEIVER-PHONE-PLUS' }).innerText(), /HTTP 200 \(accepted\)/);
      assert.equal(await page.locator('#safety-probes tbody tr').count(), loadRules().filter((r) => r.family === 'safety').length, 'the safety probes in their own section');
      assert.match(await page.locator('#safety-probes tbody tr', { hasText: 'SAFE-LARGE-BODY' }).innerText(), /HTTP 400: the target refused it/, 'what the target did with the probe');
      assert.deepEqual(await matrixCells(page, FAILING), { json: 'fail', xml: 'fail' });
      assert.deepEqual(await matrixCells(page, PASSING), { json: 'pass', xml: 'pass' });

      // The failing rule is listed with where it was seen, and the passing one is not.
      const failing = page.locator('h2', { hasText: 'Failing rules' }).locator('xpath=following-sibling::ul[1]/li');
      const item = failing.filter({ hasText: FAILING });
      assert.equal(await item.count(), 1, `the Failing rules list names ${FAILING}`);
      assert.match(await item.innerText(), /JSON fail, XML fail/);
      assert.equal(await failing.filter({ hasText: PASSING }).count(), 0, `${PASSING} is not listed as failing`);
      const seenIn = await item.locator('em').allInnerTexts();
      assert.ok(seenIn.length > 0, 'the failing rule says where it was seen');
      const [testTitle, stepTitle] = seenIn[0]!.split(' › ');
      assert.ok(testTitle && stepTitle, `"${seenIn[0]}" is "<test> › <step>"`);

      // Self-contained: no element loads anything, the styles import nothing, and opening the
      // page requested nothing but the page itself.
      const external = await page.evaluate(() => [
        ...[...document.querySelectorAll('script[src], link, img, iframe, object, embed, video, audio, source, [srcset]')].map((e) => e.outerHTML.slice(0, 160)),
        ...[...document.querySelectorAll('[src], [href]')].filter((e) => /^(https?:)?\/\//i.test(e.getAttribute('src') ?? e.getAttribute('href') ?? '')).map((e) => e.outerHTML.slice(0, 160)),
        ...[...document.querySelectorAll('style, [style]')].flatMap((e) => ((e.textContent ?? '') + (e.getAttribute('style') ?? '')).match(/url\(|@import/g) ?? []),
      ]);
      assert.deepEqual(external, [], 'the certificate loads no asset');
      assert.deepEqual(requested, [url], 'opening the certificate requests nothing else');

      // Size: the page is a rule × format matrix and a bounded failing-rules list, so it does not
      // grow with OCS_RUNS; even if it grew in proportion (1000 runs / the default 25), it would
      // stay under 20 MB.
      const bytes = statSync(certificate).size;
      t.diagnostic(`conformance.html: ${bytes} bytes`);
      assert.ok(bytes < 20 * MB, `conformance.html is ${bytes} bytes`);
      assert.ok(bytes * (1000 / DEFAULT_RUNS) < 20 * MB, `conformance.html is ${bytes} bytes: ×${1000 / DEFAULT_RUNS} would pass 20 MB`);

      const certificateShot = join(SHOTS, 'conformance.png');
      await page.screenshot({ path: certificateShot, fullPage: true });
      assert.ok(isPng(certificateShot));
      t.diagnostic(`screenshot: ${certificateShot}`);
      console.log(`screenshot of the certificate: ${certificateShot}`);

      // Follow the certificate's link to Playwright's report, open the test the rule was seen
      // in, and find the evidence attached to the step named there.
      await page.locator('a[href="html/index.html"]').first().click();
      await page.waitForURL(/\/html\/index\.html/);
      await page.getByRole('link', { name: testTitle, exact: true }).first().click();
      const attachment = page.locator('summary', { hasText: `evidence: ${stepTitle}` });
      await attachment.waitFor({ timeout: 30_000 });
      // Steps are grouped by rule (the step's first rule ID): open the group to see the step.
      await page.getByText(stepTitle.split(' ')[0]!, { exact: true }).first().click();
      assert.ok((await page.getByText(stepTitle, { exact: true }).count()) >= 1, `the step "${stepTitle}" is in the report`);
      await attachment.click();
      const evidence = await attachment.locator('xpath=..').locator('.attachment-body').innerText();
      assert.match(evidence, new RegExp(`${FAILING} \\(MUST\\)`), 'the evidence names the rule');
      assert.match(evidence, /── request[\s\S]*── response/, 'the evidence holds the exchange');
      assert.match(evidence, /generated_at\W+\d{4}-\d\d-\d\dT\d\d:\d\d/, 'and shows the ISO generated_at the fault writes');
      await attachment.evaluate((e) => e.scrollIntoView({ block: 'start' }));
      const evidenceShot = join(SHOTS, 'evidence.png');
      await page.screenshot({ path: evidenceShot });
      assert.ok(isPng(evidenceShot));
      t.diagnostic(`screenshot: ${evidenceShot}`);
      console.log(`screenshot of the evidence in Playwright's report: ${evidenceShot}`);
    } finally {
      await browser.close();
    }
  });
});
