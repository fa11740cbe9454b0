// The sides of the clock cut-offs (docs/target-clock.md): what the certificate shows for each
// side in each format (src/report/cutoffs.ts), and the same-day case that waits for a moving
// target clock to pass 16:00 and its margin (src/runner/case.ts acrossCutoff), on mocked
// timers and a fake target, so no test waits for the real clock.
import assert from 'node:assert/strict';
import { after, describe, it, mock } from 'node:test';
import { setImmediate as turn } from 'node:timers/promises';
import { cell, targetWorld } from '../../src/report/cutoffs.ts';
import type { Summary, TestOutcome } from '../../src/report/summary.ts';
import { runCase, type CaseResult } from '../../src/runner/case.ts';
import { stopSending } from '../../src/runner/stop.ts';
import { NotSent, TransportError, type Transport, type WireRequest } from '../../src/client/transport.ts';
import { FORMATS } from '../../src/contract/load.ts';
import { loadBases, type LoadedCase } from '../../src/scenario/load.ts';
import type { RunContext } from '../../src/runner/context.ts';
import { clockOf, type ClockSpec, type LocalTime } from '../../src/time/clock.ts';
import { referenceProfile, REFERENCE_PROFILE } from './helpers.ts';

type Found = TestOutcome['findings'][number];
const summary = (over: Partial<Pick<Summary, 'skips' | 'rules'>> = {}): Pick<Summary, 'skips' | 'rules'> => ({ skips: [], rules: [], ...over });
const CLOCK_15 = 'Wed 2026-11-25 15:00 Europe/Moscow';
const CLOCK_17 = 'Wed 2026-11-25 17:00 Europe/Moscow';
const AT_15 = `the target's clock read ${CLOCK_15}`;
const AT_17 = `the target's clock read ${CLOCK_17}`;
const before: Found = { rule: 'PCK-SAME-DAY', format: 'json', verdict: 'pass', side: 'same-day-before', clock: CLOCK_15, note: `Not judged: ${AT_15}, a weekday before 16:00, where terminal hours and dimension limits (not shown) decide. Recorded: HTTP 200 (accepted)` };

describe('a side of a cut-off in the certificate', () => {
  it('is judged pass, or fail when any check on it failed, with the clock readings', () => {
    const pass: Found = { rule: 'PCK-PRODUCE-DATE-PAST', format: 'json', verdict: 'pass', side: 'past-yesterday', clock: CLOCK_17, note: AT_17 };
    assert.deepEqual(cell('past-yesterday', 'PCK-PRODUCE-DATE-PAST', 'json', [pass], summary()), { status: 'judged', verdict: 'pass', detail: '1 check at Wed 2026-11-25 17:00 Europe/Moscow' });
    const fail: Found = { ...pass, verdict: 'fail' };
    assert.deepEqual(cell('past-yesterday', 'PCK-PRODUCE-DATE-PAST', 'json', [pass, fail], summary()), { status: 'judged', verdict: 'fail', detail: '1 check failed at Wed 2026-11-25 17:00 Europe/Moscow' });
    assert.equal(cell('past-yesterday', 'PCK-PRODUCE-DATE-PAST', 'xml', [pass, fail], summary()).status, 'not reached', 'the other format is its own');
  });

  it('is recorded on the before side of 16:00, with the answer kept', () => {
    assert.deepEqual(cell('same-day-before', 'PCK-SAME-DAY', 'json', [before], summary()), { status: 'recorded', detail: 'HTTP 200 (accepted), at Wed 2026-11-25 15:00 Europe/Moscow' });
  });

  it('is an error when a check meant for it errored, whether or not its side was known', () => {
    const tagged: Found = { rule: 'PCK-SAME-DAY', format: 'json', verdict: 'error', side: 'same-day-after' };
    const shown = cell('same-day-after', 'PCK-SAME-DAY', 'json', [before, tagged], summary());
    assert.equal(shown.status, 'error');
    assert.match(shown.detail, /^1 check errored \(a transport fault/);
    assert.equal(cell('same-day-before', 'PCK-SAME-DAY', 'json', [before, tagged], summary()).status, 'recorded', 'the side met before the error stands');
    const untagged: Found = { rule: 'PCK-SAME-DAY', format: 'json', verdict: 'error' };
    assert.equal(cell('same-day-before', 'PCK-SAME-DAY', 'json', [untagged], summary()).status, 'error', 'an error before the side was known');
    assert.equal(cell('same-day-after', 'PCK-SAME-DAY', 'json', [untagged], summary()).status, 'error');
  });

  it('is not reached: the other side met, a check skipped on it, the rule skipped or not run', () => {
    assert.deepEqual(cell('same-day-after', 'PCK-SAME-DAY', 'json', [before], summary()), { status: 'not reached', detail: 'every check met the target\'s clock on the other side (Wed 2026-11-25 15:00 Europe/Moscow)' });
    const margin: Found = { rule: 'PCK-SAME-DAY', format: 'json', verdict: 'skip', side: 'same-day-after', note: 'Not judged: within 60 s after 16:00' };
    assert.deepEqual(cell('same-day-after', 'PCK-SAME-DAY', 'json', [margin], summary()), { status: 'not reached', detail: 'Not judged: within 60 s after 16:00' });
    const skips = [{ rules: ['PCK-SAME-DAY'], reason: 'no timeZone' }] as unknown as Summary['skips'];
    assert.deepEqual(cell('same-day-after', 'PCK-SAME-DAY', 'json', [], summary({ skips })), { status: 'not reached', detail: 'skipped: no timeZone' });
    const rules = [{ id: 'PCK-SAME-DAY', json: 'untested', xml: 'pass' }] as unknown as Summary['rules'];
    assert.match(cell('same-day-after', 'PCK-SAME-DAY', 'json', [], summary({ rules })).detail, /^not run/);
    assert.deepEqual(cell('same-day-after', 'PCK-SAME-DAY', 'xml', [], summary({ rules })), { status: 'not reached', detail: 'no check met this side' });
  });

  it('targetWorld: a row per side of each cut-off, each format judged on its own findings', () => {
    const failed: Found = { rule: 'PCK-SAME-DAY', format: 'xml', verdict: 'fail', side: 'same-day-after', clock: CLOCK_17, note: AT_17 };
    const outcomes = [{ verdict: 'pass', warning: true, findings: [before, failed, { rule: 'RSP-PICKUP-SUCCESS', format: 'json', verdict: 'pass' }] }] as TestOutcome[];
    const world = targetWorld(outcomes, summary(), REFERENCE_PROFILE)!;
    assert.deepEqual(world.cutoffs.map((r) => r.side), ['same-day-before', 'same-day-after', 'past-yesterday']);
    const after = world.cutoffs[1]!;
    assert.deepEqual([after.json.status, after.xml.status, after.xml.verdict], ['not reached', 'judged', 'fail']);
    assert.equal(world.cutoffs[0]!.json.status, 'recorded');
    assert.equal(targetWorld(outcomes, summary(), undefined), undefined, 'a merge without the profile');
  });
});

// A same-day case on a moving target clock, against a fake target that refuses a same-day date from 16:00.
const SAME_DAY = { name: 'a produce_date of today follows the same-day rule', file: 'tests', index: 0, operation: 'change_pickup', family: 'same-day', formats: ['json', 'xml'], rules: ['PCK-SAME-DAY'], set: { produce_date: { $date: 'today' } }, expect: 'same-day' } as unknown as LoadedCase;

// The past-date cut-off's case (suites/change_pickup/dates.yaml).
const PAST_DATE = { ...SAME_DAY, name: 'a produce_date of yesterday is rejected', family: 'dates', rules: ['PCK-PRODUCE-DATE-PAST'], set: { produce_date: { $date: 'yesterday' } }, expect: 'past-date' } as unknown as LoadedCase;

function context(clock: ClockSpec | undefined, timeZone: string | null = 'Europe/Moscow'): RunContext {
  const profile = { ...referenceProfile(), clock, timeZone: timeZone ?? undefined };
  return { profile, bases: loadBases() } as unknown as RunContext;
}

/**
 * A target that answers 200 before 16:00 Moscow time and 400 from then, on the (mocked) clock
 * less `lagSeconds` (a clock a little behind the profile's); what it was sent, and when.
 */
/** Moscow's clock, as the fake target reads it. */
const moscow = clockOf({ timeZone: 'Europe/Moscow' });

function fakeTarget(lagSeconds = 0): { transport: Transport; sent: { request: WireRequest; at: LocalTime }[] } {
  const sent: { request: WireRequest; at: LocalTime }[] = [];
  return {
    sent,
    transport: {
      async send(request) {
        const at = moscow.local(new Date());
        sent.push({ request, at });
        const accepted = moscow.local(new Date(Date.now() - lagSeconds * 1000)).minutes < 16 * 60;
        const status = accepted ? 200 : 400;
        if (request.url.endsWith('.xml')) {
          const body = `<?xml version="1.0" encoding="UTF-8"?><response><metadata><status>${status}</status></metadata>${accepted ? '<data></data>' : '<errors><code>620012</code></errors>'}</response>`;
          return { status, headers: { 'content-type': 'application/xml' }, body, ms: 1 };
        }
        return { status, headers: { 'content-type': 'application/json' }, body: accepted ? '{"metadata":{"status":200},"data":{}}' : '{"metadata":{"status":400},"errors":[{"code":620012}]}', ms: 1 };
      },
    },
  };
}

/** Lets the case run on until it waits on a timer (the mocked ones do not fire by themselves). */
async function settle(): Promise<void> {
  for (let i = 0; i < 50; i++) await turn();
}

/** Each finding of `rule` in a case's result, as `side: verdict`. */
const sidesOf = (rule: string) => (r: CaseResult): string[] => (r.kind === 'judged' ? r.findings.filter((f) => f.rule === rule).map((f) => `${f.side}: ${f.verdict}`) : [r.reason]);
const sameDay = sidesOf('PCK-SAME-DAY');
const pastDate = sidesOf('PCK-PRODUCE-DATE-PAST');

describe('a same-day case on a moving target clock', () => {
  after(() => mock.timers.reset());
  const start = (iso: string): void => {
    mock.timers.reset();
    mock.timers.enable({ apis: ['setTimeout', 'Date'], now: Date.parse(iso) });
  };

  for (const format of FORMATS) {
    it(`${format}: is sent before 16:00, waits until a second past 16:00 and its margin, and is sent again with the same today`, async () => {
      start('2026-11-25T15:59:30+03:00');
      const { transport, sent } = fakeTarget();
      const pending = runCase(SAME_DAY, format, context({ waitForCutoffSeconds: 120 }), transport, 'http://target.test');
      await settle();
      assert.equal(sent.length, 1);
      mock.timers.tick(90_000);
      await settle();
      assert.equal(sent.length, 1, 'at 16:01:00, still within reach of a clock a second behind');
      mock.timers.tick(1_000);
      const result = await pending;
      assert.equal(sent.length, 2);
      assert.deepEqual(sent.map((s) => `${s.at.minutes}:${s.at.seconds}`), [`${15 * 60 + 59}:30`, `${16 * 60 + 1}:1`]);
      assert.deepEqual(sent.map((s) => /"produce_date":"([^"]+)"|<produce_date>([^<]+)</.exec(s.request.body)?.slice(1).find(Boolean)), ['2026-11-25', '2026-11-25']);
      assert.deepEqual(sameDay(result), ['same-day-before: pass', 'same-day-after: pass']);
    });

    it(`${format}: sent within the margin after 16:00, is not judged then (a target clock 30 s behind accepts it), and is sent again past it`, async () => {
      start('2026-11-25T16:00:20+03:00');
      const { transport, sent } = fakeTarget(30);
      const pending = runCase(SAME_DAY, format, context({ waitForCutoffSeconds: 120 }), transport, 'http://target.test');
      await settle();
      mock.timers.tick(41_000);
      const result = await pending;
      assert.equal(sent.length, 2);
      assert.deepEqual(sameDay(result), ['same-day-after: skip', 'same-day-after: pass']);
      assert.match(result.kind === 'judged' ? result.findings.find((f) => f.rule === 'PCK-SAME-DAY' && f.verdict === 'skip')?.note ?? '' : '', /16:00 Europe\/Moscow, within 60 s after 16:00, so a clock a little behind still reads before it\. Recorded: HTTP 200/);
    });
  }

  it('does not wait beyond waitForCutoffSeconds, nor on a fixed clock', async () => {
    start('2026-11-25T15:59:30+03:00');
    const { transport, sent } = fakeTarget();
    assert.deepEqual(sameDay(await runCase(SAME_DAY, 'json', context({ waitForCutoffSeconds: 90 }), transport, 'http://target.test')), ['same-day-before: pass'], '91 s away');
    assert.deepEqual(sameDay(await runCase(SAME_DAY, 'json', context({ fixed: '2026-11-25T15:59:30+03:00', waitForCutoffSeconds: 120 }), transport, 'http://target.test')), ['same-day-before: pass']);
    assert.equal(sent.length, 2);
  });

  for (const format of FORMATS) {
    it(`${format}: that errors names the side it was sent on; without a timeZone, or held back unsent, none`, async () => {
      start('2026-11-25T17:00:00+03:00');
      const broken: Transport = { send: () => Promise.reject(new TransportError('connection reset')) };
      assert.deepEqual(sameDay(await runCase(SAME_DAY, format, context(undefined), broken, 'http://target.test')), ['same-day-after: error']);
      assert.deepEqual(sameDay(await runCase(SAME_DAY, format, context(undefined, null), broken, 'http://target.test')), ['undefined: error']);
      const held: Transport = { send: () => Promise.reject(new NotSent('the breaker is open')) };
      assert.deepEqual(sameDay(await runCase(SAME_DAY, format, context(undefined), held, 'http://target.test')), ['undefined: error'], 'a request never sent met no clock');
    });

    it(`${format}: that errors before 16:00 is not sent again after it: the fault would only come back later`, async () => {
      start('2026-11-25T15:59:30+03:00');
      let calls = 0;
      const broken: Transport = { send: () => { calls++; return Promise.reject(new TransportError('connection reset')); } };
      assert.deepEqual(sameDay(await runCase(SAME_DAY, format, context({ waitForCutoffSeconds: 120 }), broken, 'http://target.test')), ['same-day-before: error']);
      assert.equal(calls, 1);
    });
  }

  for (const format of FORMATS) {
    it(`${format}: a past-date case that errors names the yesterday side; held back unsent, none`, async () => {
      start('2026-11-25T17:00:00+03:00');
      const broken: Transport = { send: () => Promise.reject(new TransportError('connection reset')) };
      assert.deepEqual(pastDate(await runCase(PAST_DATE, format, context(undefined), broken, 'http://target.test')), ['past-yesterday: error']);
      const held: Transport = { send: () => Promise.reject(new NotSent('the breaker is open')) };
      assert.deepEqual(pastDate(await runCase(PAST_DATE, format, context(undefined), held, 'http://target.test')), ['undefined: error'], 'a request never sent met no clock');
      // Answered, it is judged on the same side: the fake target refuses it (after 16:00 it refuses every date).
      const { transport } = fakeTarget();
      assert.deepEqual(pastDate(await runCase(PAST_DATE, format, context(undefined), transport, 'http://target.test')), ['past-yesterday: pass']);
    });
  }

  // Last: a stop is for the whole process.
  it('stops waiting at once when the run is stopped, with what it judged before the wait', { timeout: 10_000 }, async () => {
    start('2026-11-25T15:59:30+03:00');
    const { transport, sent } = fakeTarget();
    const pending = runCase(SAME_DAY, 'json', context({ waitForCutoffSeconds: 120 }), transport, 'http://target.test');
    await settle();
    stopSending();
    const result = await pending;
    assert.equal(sent.length, 1, 'not sent again');
    assert.deepEqual(sameDay(result), ['same-day-before: pass']);
  });
});
