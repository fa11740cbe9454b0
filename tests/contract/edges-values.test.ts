// The catalogues of value edges (contract/edges/integers.yaml, dates.yaml, credentials.yaml,
// responses.yaml): every entry sourced, every entry drawn in every field of its type on both
// paths and in both formats (suites/*/integers.yaml, calendar.yaml, credentials.yaml), its value
// what the entry says, and every response entry read as it says by the checks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { judge } from '../../src/checks/judge.ts';
import { generatedAtPlausible } from '../../src/checks/generated-at.ts';
import { OPERATIONS, type Operation } from '../../src/contract/load.ts';
import { fieldsOfKind, valueEdgeSets, type EdgeEntry } from '../../src/contract/value-edges.ts';
import { nearMiss, type NearMissKind } from '../../src/profile/near-misses.ts';
import { buildRequest, MissingFixture } from '../../src/scenario/build.ts';
import { loadAllCases, loadBases, type LoadedCase } from '../../src/scenario/load.ts';
import type { EdgeDay } from '../../src/time/calendar.ts';
import { clockOf } from '../../src/time/clock.ts';
import { referenceProfile } from '../harness/helpers.ts';

const sets = valueEdgeSets();
const WALKED = ['integers', 'dates', 'times', 'credentials'] as const;
const profile = referenceProfile();
const bases = loadBases();
const NOW = new Date('2026-11-27T09:00:00Z');

let all: LoadedCase[] | undefined;
const cases = (): LoadedCase[] => (all ??= loadAllCases().filter((c) => c.valueEdge));
const build = (c: LoadedCase, p = profile) => buildRequest(c, { profile: p, bases, now: NOW });
const at = (body: unknown, path: string): unknown => path.split('.').reduce<unknown>((o, s) => (o as Record<string, unknown> | undefined)?.[s], body);

/** The fields each walked set goes in, per operation: from the request schemas, or the bases' credentials. */
const FIELDS: Record<(typeof WALKED)[number], (op: Operation) => string[]> = {
  integers: (op) => fieldsOfKind(op, 'id'),
  dates: (op) => fieldsOfKind(op, 'date'),
  times: (op) => fieldsOfKind(op, 'hhmm'),
  credentials: () => ['appkey', 'sessionID'],
};
const applies = (set: string, e: EdgeEntry, field: string): boolean => set !== 'times' || (e.role === 'start' ? /Start$/ : /End$/).test(field);

describe('the value-edge catalogues', () => {
  it('hold the sets the cases walk and the checks read, each entry with its source', () => {
    assert.deepEqual(Object.keys(sets).sort(), ['credentials', 'dates', 'format', 'integers', 'plausibility', 'times']);
    for (const [name, set] of Object.entries(sets)) {
      for (const e of set.entries) assert.ok(e.source.length >= 10, `${set.file} ${name}.${e.id}: no source`);
    }
  });

  it('find the fields of each type in the request schemas', () => {
    assert.deepEqual(fieldsOfKind('change_receiver', 'id'), ['receiver.counteragentID', 'receiver.contactIDs.0', 'receiver.phoneIDs.0', 'third.counteragentID', 'third.contactIDs.0', 'third.phoneIDs.0']);
    assert.deepEqual(fieldsOfKind('change_pickup', 'id'), ['addressID', 'contactIDs.0', 'phoneIDs.0']);
    assert.deepEqual(fieldsOfKind('change_pickup', 'date'), ['produce_date']);
    assert.deepEqual(fieldsOfKind('change_pickup', 'hhmm'), ['time.worktimeStart', 'time.worktimeEnd', 'time.breakStart', 'time.breakEnd']);
    assert.deepEqual([fieldsOfKind('change_receiver', 'date'), fieldsOfKind('change_receiver', 'hhmm')], [[], []]);
  });

  for (const name of WALKED) {
    it(`${name}: every entry is sent in every field of its type, on every path it has, in JSON and in XML`, () => {
      const missing: string[] = [];
      for (const op of OPERATIONS) {
        for (const field of FIELDS[name](op)) {
          for (const e of sets[name]!.entries.filter((x) => applies(name, x, field))) {
            const copy = cases().find((c) => c.operation === op && c.valueEdge!.set === name && c.valueEdge!.entry === e.id && c.valueEdge!.field === field);
            if (!copy || !['json', 'xml'].every((f) => copy.formats.includes(f as 'json'))) missing.push(`${op} ${field} ${e.id}`);
            else assert.equal(copy.expect, e.expect, `${op} ${field} ${e.id}`);
          }
        }
      }
      assert.deepEqual(missing, [], `entries no case sends in both formats`);
      assert.ok(cases().some((c) => c.valueEdge!.set === name));
    });
  }
});

describe('what a run sends (docs/value-edges.md)', () => {
  it('45 moved IDs, 10 dates, 6 times and 24 near misses: 85 cases in each format', () => {
    const count = (set: string) => cases().filter((c) => c.valueEdge!.set === set).length;
    assert.deepEqual(WALKED.map((set) => [set, count(set)]), [['integers', 45], ['dates', 10], ['times', 6], ['credentials', 24]]);
  });
});

describe('a value-edge case sends what its entry says', () => {
  const entry = (c: LoadedCase): EdgeEntry => sets[c.valueEdge!.set]!.entries.find((e) => e.id === c.valueEdge!.entry)!;
  const valid = (op: Operation) => buildRequest({ operation: op }, { profile, bases, now: NOW });

  it('integers: the known ID of the valid request moved, which is no ID the profile knows', () => {
    const known = new Set(JSON.stringify(profile.fixtures).match(/\b\d{4,}\b/g)!.map(Number));
    for (const c of cases().filter((x) => x.valueEdge!.set === 'integers')) {
      const [e, was, now] = [entry(c), at(valid(c.operation), c.valueEdge!.field) as number, at(build(c), c.valueEdge!.field) as number];
      assert.equal(now, e.add !== undefined ? was + e.add : was * e.times!, c.name);
      assert.ok(!known.has(now), `${c.name}: ${now} is a known value`);
    }
  });

  it('dates: the edge day counted from the target\'s today; a zone without an offset change skips that one, saying why', () => {
    const clock = clockOf(profile);
    for (const c of cases().filter((x) => x.valueEdge!.set === 'dates')) {
      const day = clock.edgeDay(entry(c).day as EdgeDay, NOW);
      if (day === undefined) assert.throws(() => build(c), (err: unknown) => err instanceof MissingFixture && /Europe\/Moscow keeps one UTC offset/.test(err.message));
      else assert.equal(build(c).produce_date, day, c.name);
    }
    const berlin = { ...profile, timeZone: 'Europe/Berlin' };
    const change = cases().find((x) => x.valueEdge!.entry === 'offset-change')!;
    assert.equal(build(change, berlin).produce_date, '2027-03-29');
  });

  it('times: the time in its field, the window ordered around it', () => {
    for (const c of cases().filter((x) => x.valueEdge!.set === 'times')) {
      const time = build(c).time as Record<string, string>;
      assert.equal(time[c.valueEdge!.field.split('.')[1]!], entry(c).value, c.name);
      assert.ok(time.worktimeStart! < time.worktimeEnd!, c.name);
      if (time.breakStart) assert.ok(time.worktimeStart! <= time.breakStart && time.breakStart < time.breakEnd! && time.breakEnd! <= time.worktimeEnd!, c.name);
    }
  });

  it('credentials: the near miss of the profile\'s secret in that field, the other credential as it is', () => {
    for (const c of cases().filter((x) => x.valueEdge!.set === 'credentials')) {
      const [field, other] = c.valueEdge!.field === 'appkey' ? ['appkey', 'sessionID'] as const : ['sessionID', 'appkey'] as const;
      const miss = nearMiss(entry(c).miss as NearMissKind, profile.secrets[field], Object.values(profile.secrets));
      if ('none' in miss) {
        assert.throws(() => build(c), (err: unknown) => err instanceof MissingFixture && err.message.includes(miss.none), c.name);
        continue;
      }
      const body = build(c);
      assert.equal(body[field], miss.value, c.name);
      assert.equal(body[other], profile.secrets[other], c.name);
    }
  });
});

describe('the response edges as the checks read them', () => {
  const verdictOf = (generatedAt: string): string => {
    const findings = judge({
      case: { operation: 'change_receiver', rules: ['RSP-GENERATED-AT'], expect: 'accepted' }, format: 'json', request: undefined, sentAt: NOW,
      response: { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ metadata: { status: 200, generated_at: generatedAt }, data: { status: 'success' } }), ms: 1 },
    }, profile).filter((f) => f.rule === 'RSP-GENERATED-AT');
    return findings.some((f) => f.verdict === 'fail') ? 'fail' : 'pass';
  };

  for (const e of sets.format!.entries) {
    it(`format ${e.id}: ${e.value} is a ${e.verdict} of RSP-GENERATED-AT`, () => assert.equal(verdictOf(e.value!), e.verdict));
  }

  /** The stamp a clock `shift` hours from UTC writes at `instant`, `beyond` a second past the tolerance, away from UTC. */
  const stampAt = (instant: Date, shift: string, beyond: boolean): string => {
    const [h, m] = shift.slice(1).split(':').map(Number) as [number, number];
    const sign = shift.startsWith('-') ? -1 : 1;
    const seconds = sign * (h * 3600 + m * 60 + (beyond ? 301 : 0));
    return new Date(instant.getTime() + seconds * 1000).toISOString().replace('T', ' ').slice(0, 19);
  };

  for (const e of sets.plausibility!.entries) {
    it(`plausibility ${e.id}: a stamp at UTC${e.shift}${e.beyond ? ' and a second past the tolerance' : ''} is a ${e.verdict}, whatever the profile's time zone`, () => {
      for (const instant of [NOW, new Date('2028-02-29T23:30:00Z'), new Date('2026-12-31T22:00:00Z')]) {
        assert.equal(generatedAtPlausible(stampAt(instant, e.shift!, e.beyond ?? false), instant, 1).verdict, e.verdict, `at ${instant.toISOString()}`);
      }
    });
  }
});
