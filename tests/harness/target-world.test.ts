// The profile's clock and known-unknown values (docs/target-clock.md, docs/known-unknowns.md):
// each is validated by key, every "now" for the target reads the described clock, and the
// scenario operators and the violators send the named unknown values instead of drawn ones.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { clockOf, type ClockSpec } from '../../src/time/clock.ts';
import { checkExpectation } from '../../src/checks/expectation.ts';
import type { ResponseView } from '../../src/checks/response.ts';
import { buildRequest } from '../../src/scenario/build.ts';
import { loadBases, type LoadedCase } from '../../src/scenario/load.ts';
import { unknownId, unknownLike } from '../../generators/violators/violator.ts';
import { changedProfile, refusedProfile } from './helpers.ts';

type Doc = Record<string, unknown>;
const fixtures = (d: Doc): Doc => d.fixtures as Doc;

const UNKNOWN = { counteragentIDs: [999000101], contactIDs: [999000201], phoneIDs: [999000301], addressIDs: [999000401], forms: ['0x00000000000000000000000000000000'], streets: ['77000000000999900'] };

describe('the profile\'s clock', () => {
  it('refuses a fixed instant without its offset, both fixed and an offset, and a wrong type, naming the key', () => {
    refusedProfile((d) => { d.clock = { fixed: '2026-11-25T15:00:00' }; }, /key clock\.fixed: must be an ISO 8601 instant with its offset/);
    refusedProfile((d) => { d.clock = { fixed: '2026-11-25T15:00:00Z', offsetSeconds: 60 }; }, /key clock: give fixed or offsetSeconds, not both/);
    refusedProfile((d) => { d.clock = { offsetSeconds: '1h' }; }, /key clock\.offsetSeconds: must be integer/);
    refusedProfile((d) => { d.clock = { waitForCutoffSeconds: 601 }; }, /key clock\.waitForCutoffSeconds: must be <= 600/);
  });

  it('is the fixed instant, or the harness\'s clock moved by the offset', () => {
    const at = new Date('2026-11-24T01:00:00Z');
    assert.equal(clockOf(changedProfile((d) => { d.clock = { fixed: '2026-11-25T15:00:00+03:00' }; })).now(at).toISOString(), '2026-11-25T12:00:00.000Z');
    assert.equal(clockOf(changedProfile((d) => { d.clock = { offsetSeconds: -90 }; })).now(at).toISOString(), '2026-11-24T00:58:30.000Z');
    assert.equal(clockOf(changedProfile(() => {})).now(at).toISOString(), at.toISOString());
  });

  it('waits for the cut-off and its margin only on a moving clock, before 16:01 on a weekday, within the allowance', () => {
    const moving = { waitForCutoffSeconds: 180 };
    const waitIn = (at: Date, timeZone: string, clock: ClockSpec): number | undefined => clockOf({ clock, timeZone }).waitForCutoff(at);
    assert.equal(waitIn(new Date('2026-11-25T12:59:00Z'), 'Europe/Moscow', moving), 121_000, 'a minute before 16:00 Moscow time, plus the 60 s margin and a second');
    assert.equal(waitIn(new Date('2026-11-25T13:00:30Z'), 'Europe/Moscow', moving), 31_000, 'within the margin: to its end and a second');
    assert.equal(waitIn(new Date('2026-11-25T12:57:00Z'), 'Europe/Moscow', moving), undefined, 'four minutes is past the allowance');
    assert.equal(waitIn(new Date('2026-11-25T13:01:00Z'), 'Europe/Moscow', moving), undefined, 'already past the margin');
    assert.equal(waitIn(new Date('2026-11-28T12:59:00Z'), 'Europe/Moscow', moving), undefined, 'a Saturday has no cut-off to cross');
    assert.equal(waitIn(new Date('2026-11-25T12:59:00Z'), 'Europe/Moscow', { ...moving, fixed: '2026-11-25T15:59:00+03:00' }), undefined, 'a fixed clock never crosses');
  });

  it('leaves a same-day case unjudged within 60 s after 16:00 on a moving clock, and judges it on a fixed one', () => {
    const value = { data: { state: 'success' } };
    const view = { status: 200, decoded: { ok: true, value }, value } as unknown as ResponseView;
    const moving = changedProfile((d) => { d.clock = { offsetSeconds: 0 }; });
    const [left] = checkExpectation(['PCK-SAME-DAY'], 'same-day', view, '{}', moving, new Date('2026-11-25T13:00:59Z'));
    assert.deepEqual([left!.verdict, left!.side], ['skip', 'same-day-after']);
    assert.match(left!.note!, /16:00 Europe\/Moscow, within 60 s after 16:00, .* Recorded: HTTP 200 \(accepted\)$/);
    const [past] = checkExpectation(['PCK-SAME-DAY'], 'same-day', view, '{}', moving, new Date('2026-11-25T13:01:00Z'));
    assert.deepEqual([past!.verdict, past!.side, past!.clock], ['fail', 'same-day-after', 'Wed 2026-11-25 16:01 Europe/Moscow'], 'past the margin, with the clock it met');
    const fixed = changedProfile((d) => { d.clock = { fixed: '2026-11-25T16:00:10+03:00' }; });
    const [judged] = checkExpectation(['PCK-SAME-DAY'], 'same-day', view, '{}', fixed, clockOf(fixed).now());
    assert.deepEqual([judged!.verdict, judged!.side], ['fail', 'same-day-after'], 'a fixed clock is where the target stands');
  });

  it('dates the requests: today and yesterday on the described clock', () => {
    const profile = changedProfile((d) => { d.clock = { fixed: '2026-11-25T00:30:00+03:00' }; });
    const c = { name: 'x', file: 't', index: 0, operation: 'change_pickup', family: 't', formats: ['json'], rules: ['PCK-PRODUCE-DATE-PAST'], expect: 'past-date', set: { produce_date: { $date: 'yesterday' } } } as unknown as LoadedCase;
    assert.equal(buildRequest(c, { profile, bases: loadBases(), now: clockOf(profile).now() }).produce_date, '2026-11-24');
  });

  it('judges yesterday past on a fixed clock just after midnight, and leaves it on a moving one', () => {
    const value = { data: { state: 'success' } };
    const view = { status: 200, decoded: { ok: true, value }, value } as unknown as ResponseView;
    const fixed = changedProfile((d) => { d.clock = { fixed: '2026-11-25T00:05:00+03:00' }; });
    const [judged] = checkExpectation(['PCK-PRODUCE-DATE-PAST'], 'past-date', view, '{}', fixed, clockOf(fixed).now());
    assert.deepEqual([judged!.verdict, judged!.side], ['fail', 'past-yesterday']);
    const moving = changedProfile((d) => { d.clock = { offsetSeconds: 0 }; });
    const [left] = checkExpectation(['PCK-PRODUCE-DATE-PAST'], 'past-date', view, '{}', moving, new Date('2026-11-24T21:05:00Z'));
    assert.deepEqual([left!.verdict, left!.clock], ['skip', 'Wed 2026-11-25 00:05 Europe/Moscow']);
    assert.match(left!.note!, /00:05 Europe\/Moscow, within 10 minutes after midnight/);
  });
});

describe('the profile\'s unknown values', () => {
  it('refuses a wrong type and a value the profile also knows, naming the key', () => {
    refusedProfile((d) => { fixtures(d).unknown = { contactIDs: ['x'] }; }, /key fixtures\.unknown\.contactIDs\.0: must be integer/);
    refusedProfile((d) => { fixtures(d).unknown = { colours: ['red'] }; }, /key fixtures\.unknown: must NOT have additional properties 'colours'/);
    refusedProfile((d) => { fixtures(d).unknown = { phoneIDs: [7001] }; }, /key fixtures\.unknown\.phoneIDs: 7001 is also one of the profile's known values/);
    refusedProfile((d) => { fixtures(d).unknown = { streets: ['77000000000092000'] }; }, /key fixtures\.unknown\.streets: "77000000000092000"/);
  });

  it('are what every look-up operator of the scenarios sends', () => {
    const profile = changedProfile((d) => { fixtures(d).unknown = UNKNOWN; });
    const ctx = { profile, bases: loadBases(), now: new Date() };
    const build = (set: Record<string, unknown>) => buildRequest({ name: 'x', file: 't', index: 0, operation: 'change_receiver', family: 't', formats: ['json'], rules: ['CNT-IDS-KNOWN'], expect: 'rejected', set } as unknown as LoadedCase, ctx);
    const r = build({
      'receiver.counteragentID': { $unknownId: 'counteragentID' }, 'receiver.contactIDs': [{ $unknownId: 'contactID' }], 'receiver.phoneIDs': [{ $unknownId: 'phoneID' }],
      'third.counteragentID': { $unknownId: 'addressID' }, 'third.form': { $unknownLike: 'counteragents.legal.form' }, 'third.street': { $unknownLike: 'juridicalAddress.street' },
    }) as { receiver: Doc; third: Doc };
    assert.deepEqual([r.receiver.counteragentID, r.receiver.contactIDs, r.receiver.phoneIDs], [999000101, [999000201], [999000301]]);
    assert.deepEqual([r.third.counteragentID, r.third.form, r.third.street], [999000401, UNKNOWN.forms[0], UNKNOWN.streets[0]]);
  });

  it('are what the violators draw from, and only those', () => {
    const profile = changedProfile((d) => { fixtures(d).unknown = { ...UNKNOWN, contactIDs: [999000201, 999000202] }; });
    const ctx = { profile, now: new Date() };
    assert.deepEqual([...new Set(fc.sample(unknownId(ctx, 'contactIDs'), 50))].sort(), [999000201, 999000202]);
    assert.deepEqual([...new Set(fc.sample(unknownLike(ctx, 'streets', '77000000000713400'), 20))], UNKNOWN.streets);
    const drawn = changedProfile(() => {});
    assert.ok(fc.sample(unknownId({ profile: drawn, now: new Date() }, 'contactIDs'), 20).every((id) => id >= 900_000_000), 'drawn without a named kind');
  });
});
