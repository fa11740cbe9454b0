// The target's clock as the profile describes it (docs/target-clock.md): the reference served
// with a fixed clock on a weekday at 15:00 and at 17:00 Moscow time has the same-day rule met
// on the side each clock allows, and a reference whose clock runs ahead of this machine's by
// an offset, described in the profile, has both sides met in one run: the same-day case is
// sent before 16:00 on the target's clock and again once that clock has crossed it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReference } from '../../reference/server.ts';
import { referenceEnv, REFERENCE_PROFILE } from '../../scripts/reference-profile.ts';
import type { CutoffRow } from '../../src/report/cutoffs.ts';
import { start } from './run.ts';

const GREP = 'PCK-SAME-DAY|PCK-PRODUCE-DATE-PAST';

/** The reference profile with a `clock` section: the reference serves in Europe/Moscow. */
function profileWith(clock: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'ocs-clock-')), 'profile.yaml');
  writeFileSync(file, readFileSync(REFERENCE_PROFILE, 'utf8').replace(/^timeZone: .*$/m, (line) => `${line}\nclock: ${clock}`));
  return file;
}

/** Runs the same-day and past-date rules (no properties) against a reference with clock `now`. */
async function runAgainst(now: () => Date, clock: string, env: NodeJS.ProcessEnv = {}) {
  const reference = await startReference({ now });
  try {
    const run = await start(['--grep', GREP], { ...referenceEnv(), OCS_BASE_URL: reference.url, OCS_PROFILE: profileWith(clock), OCS_RUNS: '0', ...env }, 300_000);
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
  it('fixed on a Wednesday at 15:00: the same-day case meets the side before the cut-off, and yesterday is judged past', { timeout: 220_000 }, async () => {
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

  it('fixed on a Wednesday at 17:00: the same-day case is judged on the side after the cut-off', { timeout: 220_000 }, async () => {
    const fixed = '2026-11-25T17:00:00+03:00';
    const { world, side } = await runAgainst(() => new Date(fixed), `{ fixed: "${fixed}" }`);
    assert.deepEqual(both(side('same-day-after')), ['judged: pass', 'judged: pass'], JSON.stringify(world.cutoffs));
    assert.deepEqual(both(side('same-day-before')), ['not reached', 'not reached']);
    assert.deepEqual(both(side('past-today')), ['not reached', 'not reached']);
    assert.deepEqual(both(side('past-yesterday')), ['judged: pass', 'judged: pass']);
  });

  it('an offset that puts the target minutes before 16:00: one run meets both sides of the cut-off', { timeout: 320_000 }, async () => {
    // A Wednesday at 15:57:30 in Moscow when the reference starts, its clock running on: room
    // for a loaded machine to start the run (up to a minute and more) before 16:00 comes.
    const offsetSeconds = Math.round((Date.parse('2026-11-25T15:57:30+03:00') - Date.now()) / 1000);
    // A worker per endpoint test: the JSON and XML tests wait for the cut-off at once; with
    // fewer, one may start after the other has waited, past the cut-off (docs/target-clock.md).
    const { world, side } = await runAgainst(() => new Date(Date.now() + offsetSeconds * 1000), `{ offsetSeconds: ${offsetSeconds}, waitForCutoffSeconds: 240 }`, { OCS_WORKERS: '4' });
    assert.match(world.clock, new RegExp(`the harness's clock [+-]${Math.abs(offsetSeconds)} s in Europe/Moscow`));
    assert.deepEqual(both(side('same-day-before')), ['recorded', 'recorded'], JSON.stringify(world.cutoffs));
    assert.deepEqual(both(side('same-day-after')), ['judged: pass', 'judged: pass']);
    assert.match(side('same-day-after').json.detail, /Wed 2026-11-25 16:0\d Europe\/Moscow/);
    assert.deepEqual(both(side('past-yesterday')), ['judged: pass', 'judged: pass']);
  });
});
