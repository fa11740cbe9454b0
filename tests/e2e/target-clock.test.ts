// The target's clock as the profile describes it (docs/target-clock.md): the reference served
// with a fixed clock on a weekday at 15:00 and at 17:00 Moscow time has the same-day rule met
// on the side each clock allows, and a profile whose clock disagrees with the reference's has
// the clock rules judged failed in both formats. The wait across 16:00 on a moving clock is
// tested on mocked timers (tests/harness/cutoffs.test.ts), not here on the real clock.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { startReference } from '../../reference/server.ts';
import { referenceEnv, REFERENCE_PROFILE } from '../../scripts/reference-profile.ts';
import type { CutoffRow } from '../../src/report/cutoffs.ts';
import { start } from './run.ts';

const GREP = 'PCK-SAME-DAY|PCK-PRODUCE-DATE-PAST';

/** The reference profile with a `clock` section: the reference serves in Europe/Moscow. */
function profileWith(clock: string): string {
  const file = join(tempDir('ocs-clock-'), 'profile.yaml');
  writeFileSync(file, readFileSync(REFERENCE_PROFILE, 'utf8').replace(/^timeZone: .*$/m, (line) => `${line}\nclock: ${clock}`));
  return file;
}

/** Each test's time limit; the run it spawns is killed well within it, so the test reports what the run printed. */
const TEST_TIMEOUT = 220_000;
const RUN_LIMIT = 180_000;

/** Runs the same-day and past-date rules (no properties) against a reference with clock `now`. */
async function runAgainst(now: () => Date, clock: string) {
  const reference = await startReference({ now });
  try {
    const run = await start(['--grep', GREP], { ...referenceEnv(), OCS_BASE_URL: reference.url, OCS_PROFILE: profileWith(clock), OCS_RUNS: '0' }, RUN_LIMIT);
    const world = run.summary().targetWorld;
    assert.ok(world, run.stdout.slice(-1500));
    const side = (name: CutoffRow['side']): CutoffRow => world.cutoffs.find((c) => c.side === name)!;
    return { run, world, side, html: readFileSync(join(run.reports, 'conformance.html'), 'utf8') };
  } finally {
    await reference.close();
  }
}

const both = (row: CutoffRow): string[] => [row.json.status + (row.json.verdict ? `: ${row.json.verdict}` : ''), row.xml.status + (row.xml.verdict ? `: ${row.xml.verdict}` : '')];

describe('the target\'s clock', () => {
  it('fixed on a Wednesday at 15:00: the same-day case meets the side before the cut-off, and yesterday is judged past', { timeout: TEST_TIMEOUT }, async () => {
    const fixed = '2026-11-25T15:00:00+03:00';
    const { run, world, side, html } = await runAgainst(() => new Date(fixed), `{ fixed: "${fixed}" }`);
    assert.match(world.clock, /fixed at 2026-11-25T15:00:00\+03:00 in Europe\/Moscow/);
    assert.deepEqual(both(side('same-day-before')), ['recorded', 'recorded'], JSON.stringify(world.cutoffs));
    assert.match(side('same-day-before').json.detail, /HTTP 200 \(accepted\), at Wed 2026-11-25 15:00 Europe\/Moscow/);
    assert.deepEqual(both(side('same-day-after')), ['not reached', 'not reached']);
    assert.match(side('same-day-after').json.detail, /other side \(Wed 2026-11-25 15:00 Europe\/Moscow\)/);
    assert.deepEqual(both(side('past-yesterday')), ['judged: pass', 'judged: pass']);
    assert.match(html, /id="cutoffs"[\s\S]*not reached/);
    assert.equal(run.code, 2, 'a --grep run is partial');
  });

  it('fixed on a Wednesday at 17:00: the same-day case is judged on the side after the cut-off', { timeout: TEST_TIMEOUT }, async () => {
    const fixed = '2026-11-25T17:00:00+03:00';
    const { world, side } = await runAgainst(() => new Date(fixed), `{ fixed: "${fixed}" }`);
    assert.deepEqual(both(side('same-day-after')), ['judged: pass', 'judged: pass'], JSON.stringify(world.cutoffs));
    assert.deepEqual(both(side('same-day-before')), ['not reached', 'not reached']);
    assert.deepEqual(both(side('past-yesterday')), ['judged: pass', 'judged: pass']);
  });

  it('a profile clock a day and two hours ahead of the target\'s: the after side and yesterday are judged failed, as warnings', { timeout: TEST_TIMEOUT }, async () => {
    // The reference stands at Wednesday 15:00; the profile says Thursday 17:00. The harness
    // sends "today" (Thursday, the reference's tomorrow) as on the after side of 16:00, and
    // "yesterday" (Wednesday, the reference's today before 16:00): the reference accepts both.
    const { run, world, side, html } = await runAgainst(() => new Date('2026-11-25T15:00:00+03:00'), '{ fixed: "2026-11-26T17:00:00+03:00" }');
    assert.deepEqual(both(side('same-day-after')), ['judged: fail', 'judged: fail'], JSON.stringify(world.cutoffs));
    assert.match(side('same-day-after').xml.detail, /^1 check failed at Thu 2026-11-26 17:00 Europe\/Moscow$/);
    assert.deepEqual(both(side('past-yesterday')), ['judged: fail', 'judged: fail']);
    assert.deepEqual(both(side('same-day-before')), ['not reached', 'not reached']);
    const summary = run.summary();
    const rule = (id: string) => summary.rules.find((r) => r.id === id)!;
    for (const id of ['PCK-SAME-DAY', 'PCK-PRODUCE-DATE-PAST']) {
      assert.deepEqual([rule(id).level, rule(id).json, rule(id).xml], ['SHOULD', 'fail', 'fail'], id);
    }
    assert.ok(summary.warnings >= 2, `a failed SHOULD is a warning in each format's test: ${summary.warnings}`);
    // A SHOULD failure never fails the certificate; what does is the profile's clock itself, 23 hours
    // from every stamp the reference writes, which no time zone reads as the response time.
    const failedMusts = summary.rules.filter((r) => r.level === 'MUST' && (r.json === 'fail' || r.xml === 'fail')).map((r) => r.id);
    assert.deepEqual(failedMusts, ['RSP-GENERATED-AT-PLAUSIBLE']);
    // The certificate's row for the after side shows the failure in both columns, in the failure's colour.
    const row = /<tr><td><code>PCK-SAME-DAY<\/code><\/td><td>same-day handover ordered at or after 16:00[\s\S]*?<\/tr>/.exec(html)?.[0] ?? '';
    assert.equal(row.match(/color:#cf222e">judged: fail<\/strong>/g)?.length, 2, row || html.slice(html.indexOf('id="cutoffs"'), html.indexOf('id="cutoffs"') + 2000));
    assert.equal(run.code, 1, 'a failed MUST makes even a partial run NOT CONFORMANT');
  });
});
