// The certificate as a person sees it, on screen and on paper: the Chromium `npm ci` installs
// (or OCS_CHROMIUM's), driven by Playwright with `executablePath`, opens conformance.html of a
// conformant, a failing, an HTTP-only failing, a waived and an incomplete run and checks that nothing runs off a
// 1280-pixel window, that the verdict and the grid are on the first 800 pixels, that every
// tile has the colour of its rule's outcome in summary.json, and that the page printed on A4
// loses nothing at the right edge. It follows the failing rule to its evidence in Playwright's
// report, and saves a screenshot and the PDF of each state for people to look at.
// The runs are the default runs (tests/e2e/default-runs.ts), made once here:
// the other tests that read the same runs (what npm start's conformant run prints and writes, the
// run typed in docs/, the verdict by layer of the run failing in HTTP alone, and `ocs-conformance
// run`'s own: its conformant run against a started reference, and the failing run judged against
// it as its baseline, diffed both ways) are in this file too, so no run is made twice for the
// tests' sake.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { validator } from '../../src/contract/ajv.ts';
import { FORMATS, type Format } from '../../src/contract/load.ts';
import { referenceEnv } from '../../src/profile/reference.ts';
import type { Summary } from '../../src/report/summary.ts';
import { applyWaivers } from '../../src/report/waivers.ts';
import { writeReports } from '../../src/report/write.ts';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { BIN, cli, cliRun } from '../cli/helpers.ts';
import { findChromium } from './chromium.ts';
import { commandRun, conformantRun, failingRun, httpOnlyRun, PARTIAL_GREP, partialRun } from './default-runs.ts';
import { expectedOutcome, MAX_ROW_PX, overflowing, tallRows } from './page-checks.ts';
import { lastLine, ROOT, type StartRun } from './run.ts';

/** The default runs' fault (tests/e2e/default-runs.ts) breaks RSP-GENERATED-AT on every response, in both formats; the partial run's rule stays whole. */
const FAILING = 'RSP-GENERATED-AT';
const PASSING = PARTIAL_GREP;

const sha256 = (file: string) => createHash('sha256').update(readFileSync(join(ROOT, file))).digest('hex');
const readSummary = (dir: string) => JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary;
const version = (file: string) => (JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as { version: string }).version;

function assertSchemaValid(summary: Summary): void {
  const validate = validator('summary.schema.json');
  assert.ok(validate(summary), JSON.stringify(validate.errors, null, 2));
}

/** Where the screenshots and PDFs go: `reports/screenshots/` of the checkout unless OCS_SCREENSHOT_DIR says otherwise. */
const SHOTS = process.env.OCS_SCREENSHOT_DIR ?? join(ROOT, 'reports', 'screenshots');

const MB = 1024 * 1024;
const WIDTH = 1280;
const FIRST_SCREEN = 800;
/** A4, 210 mm at 96 CSS pixels to the inch, less the stylesheet's 12 mm margins: the width a printed page lays out in. */
const A4_POINTS = 595.92;
const PRINTED_PX = Math.floor(((210 - 2 * 12) / 25.4) * 96);

interface State { name: string; verdict: string; dir: string; run?: StartRun }

/**
 * The waived state: the conformant run's summary with PASSING failed in both formats, as a
 * target that breaks one rule and nothing else would leave it, and a waiver for it; its
 * certificate written from that (the page is made from summary data alone).
 */
function waivedFrom(conformant: StartRun): string {
  const summary = conformant.summary();
  const row = summary.rules.find((r) => r.id === PASSING)!;
  Object.assign(row, { json: 'fail', xml: 'fail', seenIn: [`change_receiver [json] › ${PASSING} four contact IDs are rejected`] });
  summary.verdict = 'not-conformant';
  applyWaivers(summary, [{ rule: PASSING, reason: 'the sandbox caps the address book at three', source: 'tests/e2e/browser.test.ts' }], summary.generatedAt.slice(0, 10), false);
  const dir = tempDir('ocs-waived-');
  writeReports(summary, dir);
  return dir;
}

describe('the certificate in a real browser', () => {
  describe('five runs: conformant, failing, failing in HTTP alone, waived and incomplete', { timeout: 360_000 }, () => {
    const states: State[] = [];
    let browser: Browser | undefined;

    before(async () => {
      // First, so a machine without a Chromium fails here with the reason, before the runs.
      const { executablePath, env } = findChromium();
      // Without properties: the certificate's states, not a deep run, are what is looked at.
      const [conformant, failing, partial, httpOnly] = await Promise.all([conformantRun(), failingRun(), partialRun(), httpOnlyRun()]);
      for (const [run, code] of [[conformant, 0], [failing, 1], [partial, 2], [httpOnly, 1]] as const) assert.equal(run.code, code, `${run.stdout.slice(-1500)}\n${run.stderr.slice(-1500)}`);
      states.push(
        { name: 'conformant', verdict: 'CONFORMANT', dir: conformant.reports, run: conformant },
        { name: 'failing', verdict: 'NOT CONFORMANT', dir: failing.reports, run: failing },
        // The longest head a verdict has: the layer line at its longest and two probable causes.
        { name: 'HTTP-only', verdict: 'NOT CONFORMANT', dir: httpOnly.reports, run: httpOnly },
        { name: 'waived', verdict: 'CONFORMANT WITH WAIVERS', dir: waivedFrom(conformant) },
        { name: 'incomplete', verdict: 'INCOMPLETE', dir: partial.reports, run: partial },
      );
      mkdirSync(SHOTS, { recursive: true });
      browser = await chromium.launch({ executablePath, env });
    });
    after(() => browser?.close());

    for (const name of ['conformant', 'failing', 'HTTP-only', 'waived', 'incomplete']) {
      it(`shows the ${name} run's verdict and grid on the first screen, nothing wider than the window, each tile in its outcome's colour, and prints whole`, async (t) => {
        const state = states.find((s) => s.name === name)!;
        const summary = JSON.parse(readFileSync(join(state.dir, 'summary.json'), 'utf8')) as Summary;
        const certificate = join(state.dir, 'conformance.html');
        const page = await browser!.newPage({ viewport: { width: WIDTH, height: FIRST_SCREEN } });
        const requested: string[] = [];
        page.on('request', (r) => requested.push(r.url()));
        try {
          const url = pathToFileURL(certificate).href;
          await page.goto(url);
          assert.equal(await page.locator('#verdict').innerText(), state.verdict);
          assert.deepEqual(await overflowing(page, WIDTH), [], `nothing runs off a ${WIDTH}-pixel window`);
          assert.deepEqual(await tallRows(page), [], `no row is taller than ${MAX_ROW_PX} pixels until its evidence is opened`);
          const probes = summary.rules.filter((r) => r.family === 'safety').length;
          assert.ok(probes > 0 && await page.locator('#safety-probes tbody tr').count() === probes, `the ${probes} safety probes have a row each`);
          for (const id of ['#verdict', '#grid']) {
            const box = (await page.locator(id).boundingBox())!;
            assert.ok(box.y + box.height <= FIRST_SCREEN, `${id} ends at ${box.y + box.height}, past the first ${FIRST_SCREEN} pixels`);
          }

          // Each tile: its rule and format once, in the legend's colour of the outcome summary.json gives it.
          const legend = new Map(await page.locator('.legend .key').evaluateAll((keys) => keys.map((k) => [k.getAttribute('data-outcome')!, getComputedStyle(k.querySelector('.t')!).backgroundColor] as [string, string])));
          assert.equal(new Set(legend.values()).size, legend.size, 'every outcome has a colour of its own');
          const tiles = await page.locator('#grid .tiles a.t').evaluateAll((as) => as.map((a) => ({ rule: a.getAttribute('data-rule')!, format: a.getAttribute('data-format')!, colour: getComputedStyle(a).backgroundColor, href: a.getAttribute('href')! })));
          assert.deepEqual(tiles.map((x) => `${x.rule} ${x.format}`).sort(), summary.rules.flatMap((r) => FORMATS.map((f) => `${r.id} ${f}`)).sort());
          const rows = new Map(summary.rules.map((r) => [r.id, r]));
          const wrong = tiles.filter((x) => x.colour !== legend.get(expectedOutcome(rows.get(x.rule)!, x.format as Format)));
          assert.deepEqual(wrong.map((x) => `${x.rule} [${x.format}] ${x.colour}, summary.json: ${expectedOutcome(rows.get(x.rule)!, x.format as Format)}`), []);
          const targets = await page.evaluate((hrefs) => hrefs.filter((h) => !document.getElementById(h.slice(1))), tiles.map((x) => x.href));
          assert.deepEqual(targets, [], 'every tile leads to its rule\'s row');
          await page.screenshot({ path: join(SHOTS, `certificate-${name}.png`) });

          // On paper: laid out in an A4 page's width, nothing reaches past it, and the PDF is A4.
          await page.emulateMedia({ media: 'print' });
          await page.setViewportSize({ width: PRINTED_PX, height: FIRST_SCREEN });
          assert.deepEqual(await overflowing(page, PRINTED_PX), [], `nothing runs past the printed page's ${PRINTED_PX} pixels`);
          const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
          const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'));
          assert.ok(box && Math.abs(Number(box[1]) - A4_POINTS) < 1, `the PDF's pages are A4 wide (${box?.[1]} points)`);
          writeFileSync(join(SHOTS, `certificate-${name}.pdf`), pdf);
          t.diagnostic(`${name}: ${statSync(certificate).size} bytes; ${pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length} printed pages; ${join(SHOTS, `certificate-${name}.png`)}`);

          // Self-contained: no element loads anything, the styles import nothing, and opening the
          // page requested nothing but the page itself.
          const external = await page.evaluate(() => [
            ...[...document.querySelectorAll('script[src], link, img, iframe, object, embed, video, audio, source, [srcset]')].map((e) => e.outerHTML.slice(0, 160)),
            ...[...document.querySelectorAll('style, [style]')].flatMap((e) => ((e.textContent ?? '') + (e.getAttribute('style') ?? '')).match(/url\(|@import/g) ?? []),
          ]);
          assert.deepEqual(external, [], 'the certificate loads no asset');
          assert.deepEqual(requested, [url], 'opening the certificate requests nothing else');
          // Bounded by the catalog (a row per rule, three places per failing rule), whatever OCS_RUNS.
          assert.ok(statSync(certificate).size < 1 * MB, `conformance.html is ${statSync(certificate).size} bytes`);
        } finally {
          await page.close();
        }
      });
    }

    it(`leads from ${FAILING}, failing in both formats, to its evidence in Playwright's report`, async () => {
      const failing = states.find((s) => s.name === 'failing')!;
      const page = await browser!.newPage({ viewport: { width: WIDTH, height: 900 } });
      try {
        await page.goto(pathToFileURL(join(failing.dir, 'conformance.html')).href);
        assert.deepEqual(await page.locator(`#grid a.t[data-rule="${FAILING}"]`).evaluateAll((as) => as.map((a) => a.getAttribute('data-outcome'))), ['fail', 'fail']);
        assert.deepEqual(await page.locator(`#grid a.t[data-rule="${PASSING}"]`).evaluateAll((as) => as.map((a) => a.getAttribute('data-outcome'))), ['pass', 'pass']);
        const item = page.locator('#failing li').filter({ hasText: FAILING });
        assert.match(await item.innerText(), /JSON fail, XML fail/);
        const [testTitle, stepTitle] = (await item.locator('em').first().innerText()).split(' › ');
        assert.ok(testTitle && stepTitle, 'the failing rule says where it was seen: <test> › <step>');
        // The open points lead with the choice, in words; the answers themselves are one click away.
        const phone = page.locator('#rule-INFO-RECEIVER-PHONE-PLUS td').nth(2);
        assert.match(await phone.locator('.chosen').innerText(), /^accepts a receiver phone number with a leading plus$/);
        await phone.locator('summary').click();
        assert.match(await phone.locator('.evidence').first().innerText(), /HTTP 200 \(accepted\)/);

        await page.locator('a[href="html/index.html"]').first().click();
        await page.waitForURL(/\/html\/index\.html/);
        await page.getByRole('link', { name: testTitle, exact: true }).first().click();
        const attachment = page.locator('summary', { hasText: `evidence: ${stepTitle}` });
        await attachment.waitFor({ timeout: 30_000 });
        // Steps are grouped by rule (the step's first rule ID): open the group to see the step.
        await page.getByText(stepTitle.split(' ')[0]!, { exact: true }).first().click();
        await attachment.click();
        const evidence = await attachment.locator('xpath=..').locator('.attachment-body').innerText();
        assert.match(evidence, new RegExp(`${FAILING} \\(MUST\\)`), 'the evidence names the rule');
        assert.match(evidence, /── request[\s\S]*── response/, 'the evidence holds the exchange');
        assert.match(evidence, /generated_at\W+\d{4}-\d\d-\d\dT\d\d:\d\d/, 'and shows the ISO generated_at the fault writes');
        await attachment.evaluate((e) => e.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: join(SHOTS, 'evidence.png') });
      } finally {
        await page.close();
      }
    });
  });
});

describe('npm start', () => {
  it('finds the embedded reference conformant, every MUST rule passing in both formats', async () => {
    const run = await conformantRun();
    assert.equal(run.code, 0, run.stdout.slice(-2000) + run.stderr.slice(-2000));
    const summary = run.summary();
    assert.equal(summary.verdict, 'conformant');
    assert.equal(summary.counts.fail + summary.counts.error, 0);
    const notPassing = summary.rules.filter((r) => r.level === 'MUST' && (r.json !== 'pass' || r.xml !== 'pass'));
    assert.deepEqual(notPassing, []);
    // A skip here is a check the spec's world leaves nothing to send for (a time zone with no offset change).
    assert.match(lastLine(run.stdout), /^[0-9]+ passed, 0 failed, 0 errored, [0-9]+ skipped$/);
    for (const file of ['conformance.html', 'html/index.html', 'junit.xml']) assert.ok(existsSync(join(run.reports, file)), file);
    // A quiet console: a line per endpoint, then the verdict; no tag lists.
    const lines = run.stdout.trim().split('\n');
    assert.ok(lines.length < 20, `${lines.length} lines:\n${run.stdout}`);
    assert.deepEqual(lines.filter((l) => l.length > 200), [], 'no console line over 200 characters');
    assert.doesNotMatch(run.stdout, /@[A-Z]+-[A-Z]/, 'no rule tags');
    // Nothing passes on an INFO rule: each is recorded, with what the target did.
    const info = summary.rules.filter((r) => r.level === 'INFO' && r.family !== 'safety');
    assert.ok(info.length > 0 && info.every((r) => r.json !== 'pass' && r.xml !== 'pass' && r.recorded), JSON.stringify(info.map((r) => [r.id, r.json, r.xml])));
    const certificate = readFileSync(join(run.reports, 'conformance.html'), 'utf8');
    assert.match(certificate, /What the target does where the spec is open/);
    for (const r of info) assert.ok(certificate.includes(`<code>${r.id}</code>`), r.id);
  });
});

describe('npm start is the command itself', () => {
  it('takes the command\'s flags after --, a relative --report-dir read from where it was typed, and prints its own line first', async () => {
    // Typed in docs/: the reports go where that directory's relative path says, not under the package root.
    const run = await partialRun();
    assert.equal(run.code, 2, `a --grep run is partial\n${run.stdout.slice(-1500)}${run.stderr.slice(-800)}`);
    assert.ok(existsSync(join(run.reports, 'summary.json')), 'the reports are where --report-dir said');
    // npm's echo of the script, then the harness's own first line.
    const lines = run.stdout.split('\n').filter((l) => l.trim());
    assert.match(lines[1]!, /^> node bin\/ocs-conformance\.js run --grep CNT-CONTACTIDS-MAX --report-dir /);
    assert.match(lines[2]!, /^Running 4 endpoint tests against the embedded reference$/);
  });
});

// The verdict by layer, end to end (issue 43): a target that fails only the absolute form of
// RFC 9112 (the reference with fault absolute-form-404: 404 in JSON on either path) is NOT
// CONFORMANT, exit 1, blamed on the absolute form's rules alone, never on the service's status and
// format rules, and every report says that every rule of the service passed and HTTP failed. Two
// rules of RFC 9112 3.2.2 judge the absolute form (HTTP-ABSOLUTE-FORM, and since issue 42
// HTTP-ABSOLUTE-FORM-HOST: the form beside a Host naming another host), and a server that routes
// no absolute form fails both; HTTP-ABSOLUTE-FORM is the probable cause.
const ABSOLUTE_FORM = ['HTTP-ABSOLUTE-FORM', 'HTTP-ABSOLUTE-FORM-HOST'];

describe('a target that fails only HTTP', () => {
  it('is told that every rule of the service passed, which standard rule fails and why, and exits 1', async () => {
    const run = await httpOnlyRun();
    assert.equal(run.code, 1, run.stdout.slice(-2000));
    const summary = run.summary();
    assert.equal(summary.verdict, 'not-conformant');
    assert.deepEqual(summary.rules.filter((r) => r.json === 'fail' || r.xml === 'fail').map((r) => r.id), ABSOLUTE_FORM, 'not RSP-HTTP-STATUS, not RSP-FORMAT-FOLLOWS-PATH');
    assert.deepEqual(summary.layers!.map((l) => [l.layer, l.verdict, l.failing]), [['service', 'pass', []], ['HTTP', 'fail', ABSOLUTE_FORM], ['JSON', 'pass', []], ['XML', 'pass', []]]);
    const out = run.stdout;
    assert.match(out, /^Probable cause: HTTP-ABSOLUTE-FORM \(MUST\) fails on (\d+) of \1 checks in JSON and (\d+) of \2 checks in XML, the only rule failing in \d+ of them$/m);
    assert.match(out, /^Service rules \(the spec's own\): every one passed \(\d+ MUST rules\)$/m);
    assert.match(out, /^Standards beneath: HTTP 2 of \d+ MUST rules failing \(HTTP-ABSOLUTE-FORM, HTTP-ABSOLUTE-FORM-HOST\); JSON passed \(1 MUST rule\); XML passed \(1 MUST rule\)$/m);
    assert.match(out, /^Every rule of the service passed; what fails is HTTP \(RFC 9110, RFC 9112\) beneath it/m);
    assert.match(out, /^Conformance: NOT-CONFORMANT \(MUST rules failing: HTTP-ABSOLUTE-FORM, HTTP-ABSOLUTE-FORM-HOST\)$/m);
    const junit = readFileSync(join(run.reports, 'junit.xml'), 'utf8');
    assert.match(junit, /<property name="layer service" value="pass: passed \(\d+ MUST rules\)"\/>/);
    assert.match(junit, /<property name="layer HTTP" value="fail: 2 of \d+ MUST rules failing \(HTTP-ABSOLUTE-FORM, HTTP-ABSOLUTE-FORM-HOST\)"\/>/);
    assert.match(junit, /RSP-HTTP-STATUS[^<]*, blamed on HTTP-ABSOLUTE-FORM alone/, 'the failure names what else its answer broke');
    assert.match(readFileSync(join(run.reports, 'conformance.html'), 'utf8'), /<p id="layers">Service rules \(the spec&#39;s own\): every one passed/);
  });
});

describe('ocs-conformance run', () => {
  // The default runs (tests/e2e/default-runs.ts): the command's own run against a started reference,
  // then the embedded reference with a fault every response shows, that run as its baseline.
  let conformant: StartRun & { baseUrl: string };
  let faulty: StartRun;
  let conformantDir: string;
  let faultyDir: string;

  before(async () => {
    [conformant, faulty] = await Promise.all([commandRun(), failingRun()]);
    [conformantDir, faultyDir] = [conformant.reports, faulty.reports];
  });

  it('exits 0 against a started conformant reference, named by --base-url and --profile', () => {
    assert.equal(conformant.code, 0, conformant.stdout.slice(-2000) + conformant.stderr.slice(-2000));
    const summary = readSummary(conformantDir);
    assert.equal(summary.verdict, 'conformant');
    assert.equal(summary.target.baseUrl, conformant.baseUrl);
    assert.match(conformant.stdout.trim().split('\n').at(-1)!, /^[0-9]+ passed, 0 failed, 0 errored, [0-9]+ skipped$/);
  });

  it('records what the certificate was measured with, in summary.json and the HTML', () => {
    const { provenance: p } = readSummary(conformantDir);
    assert.ok(p);
    assert.deepEqual(p.harness, { name: 'ocs-conformance', version: version('package.json') });
    assert.equal(p.catalog.sha256, sha256('contract/rules.yaml'));
    assert.deepEqual(p.profile, { name: 'Embedded reference service', file: 'profiles/reference.yaml', sha256: sha256('profiles/reference.yaml') });
    assert.deepEqual(p.target, { baseUrl: conformant.baseUrl, embeddedReference: false });
    assert.equal(p.seed, 7);
    assert.equal(p.runsPerProperty, 0);
    assert.equal(p.shard, null);
    assert.equal(p.node, process.version);
    assert.equal(p.playwright, version('node_modules/@playwright/test/package.json'));
    assert.ok(Date.parse(p.startedAt) <= Date.parse(readSummary(conformantDir).generatedAt));
    const html = readFileSync(join(conformantDir, 'conformance.html'), 'utf8');
    const table = html.slice(html.indexOf('<h2 id="provenance">Measured with</h2>'));
    for (const text of [p.catalog.sha256, p.profile!.sha256, `<th>Seed</th><td>7</td>`, `<th>Runs per property</th><td>0</td>`, `<th>Node</th><td>${process.version}</td>`]) assert.ok(table.includes(text), text);
    assert.ok(!JSON.stringify(readSummary(conformantDir)).includes(referenceEnv().OCS_APPKEY!), 'the appkey reached summary.json');
  });

  it('exits 1 with a reference fault, leading with the probable cause, then the failing rules and the regressions since the baseline', () => {
    assert.equal(faulty.code, 1, faulty.stdout.slice(-2000) + faulty.stderr.slice(-2000));
    const summary = readSummary(faultyDir);
    assert.equal(summary.verdict, 'not-conformant');
    const causes = summary.probableCauses.filter((c) => c.rule === 'RSP-GENERATED-AT');
    // Formats come in the order of their failed checks, most first: which leads depends on the suite's counts.
    assert.deepEqual(causes.map((c) => c.format).sort(), ['json', 'xml']);
    for (const c of causes) assert.ok(c.judged > 10 && c.failed === c.judged, JSON.stringify(c));
    const out = faulty.stdout;
    const explains = causes.reduce((n, c) => n + (c.explains ?? 0), 0);
    assert.equal(explains, causes.reduce((n, c) => n + c.failed, 0), 'every check it fails, it fails alone');
    const cause = `Probable cause: RSP-GENERATED-AT (MUST) fails on ${causes.map((c) => `${c.failed} of ${c.judged} checks in ${c.format.toUpperCase()}`).join(' and ')}, the only rule failing in ${explains} of them`;
    const changed = out.indexOf('Changed since baseline');
    assert.ok(out.includes(cause), out.slice(-3000));
    assert.ok(out.indexOf(cause) < changed && changed < out.indexOf('Conformance: NOT-CONFORMANT'));
    assert.match(out.slice(changed), /^ {2}regressed: RSP-GENERATED-AT \[json\] \(MUST\): pass → fail$/m);
    assert.match(faulty.stderr, /^ocs-conformance: [0-9]+ regression\(s\) since the baseline /m);
    const html = readFileSync(join(faultyDir, 'conformance.html'), 'utf8');
    const at = (text: string) => { const i = html.indexOf(text); assert.ok(i >= 0, text); return i; };
    // As the console and the README have it: the probable cause, what to fix first, then what changed.
    assert.ok(at(`${cause}.`) < at('<h2>Failing rules</h2>') && at('<h2>Failing rules</h2>') < at('Changed since baseline'));
    assert.ok(at('Changed since baseline') < at('Regressions ('));
  });

  it('puts the changes since the baseline in summary.json, and records the fault and the workers', () => {
    const { baseline, provenance: p } = readSummary(faultyDir);
    assert.ok(baseline);
    assert.equal(baseline.file, join(conformantDir, 'summary.json'));
    assert.equal(baseline.verdict, 'conformant');
    const regressed = baseline.regressions.map((c) => `${c.rule} [${c.format}]`);
    assert.ok(regressed.includes('RSP-GENERATED-AT [json]') && regressed.includes('RSP-GENERATED-AT [xml]'), regressed.join(', '));
    assert.deepEqual(baseline.fixes, []);
    assert.deepEqual(p!.target, { baseUrl: p!.target.baseUrl, embeddedReference: true, referenceFault: 'generated-at-iso' });
    assert.equal(p!.seed, 'random per property');
    assert.equal(p!.workers, 1);
  });

  it('keeps each endpoint\'s latency in summary.json, and compares it with the baseline by --latency-threshold', () => {
    for (const d of [conformantDir, faultyDir]) {
      const latency = readSummary(d).latency ?? [];
      assert.deepEqual(latency.map((e) => `${e.operation} ${e.format}`).sort(), ['change_pickup json', 'change_pickup xml', 'change_receiver json', 'change_receiver xml']);
      for (const e of latency) {
        const { count, whole } = e.answers!;
        assert.ok(count >= 20 && whole.median <= whole.p95 && whole.p95 <= whole.p99 && whole.p99 <= whole.max, JSON.stringify(e.answers));
      }
      assert.match(readFileSync(join(d, 'conformance.html'), 'utf8'), /<table id="latency-table"/);
    }
    const { latency } = readSummary(faultyDir).baseline!;
    assert.deepEqual([latency!.threshold, latency!.compared], [{ quantile: 'p99', ratio: 3, ms: 100 }, 4]);
  });

  it('exits 2 on a --latency-threshold it cannot read, before running anything', async () => {
    const dir = tempDir('ocs-cli-run-');
    const r = await cliRun(process.execPath, [BIN, 'run', '--latency-threshold', 'fast', '--report-dir', join(dir, 'none')], { env: { OCS_BASE_URL: '', OCS_PROFILE: '' } });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^ocs-conformance: --latency-threshold: expected off, /);
    assert.ok(!existsSync(join(dir, 'none', 'summary.json')));
  });

  it('writes summary.json files that contract/schemas/summary.schema.json validates', () => {
    assertSchemaValid(readSummary(conformantDir));
    assertSchemaValid(readSummary(faultyDir));
  });

  it('diff of the two runs exits 1 and names the fault\'s rule; the other way round exits 0', () => {
    const forward = cli(['diff', join(conformantDir, 'summary.json'), join(faultyDir, 'summary.json')]);
    assert.equal(forward.code, 1, forward.stderr);
    assert.match(forward.stdout, /^ {2}regressed: RSP-GENERATED-AT \[json\] \(MUST\): pass → fail$/m);
    assert.match(forward.stdout, /^ {2}regressed: RSP-GENERATED-AT \[xml\] \(MUST\): pass → fail$/m);
    assert.match(forward.stdout, /^Verdict: conformant → not-conformant$/m);
    // Latency apart: one run sent from one worker, the other from several, on a machine shared with other tests.
    const back = cli(['diff', '--latency-threshold', 'off', join(faultyDir, 'summary.json'), join(conformantDir, 'summary.json')]);
    assert.equal(back.code, 0, back.stderr);
    assert.match(back.stdout, /: 0 regressed, [0-9]+ fixed/);
    assert.match(back.stdout, /^ {2}fixed: RSP-GENERATED-AT \[json\] \(MUST\): fail → pass$/m);
  });
});
