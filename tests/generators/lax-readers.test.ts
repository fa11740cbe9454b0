// The lax readers' property end to end (issue 41): a reference with a lenient reader's fault as
// the target and a faithful one beside it as the oracle, both in this process. The property finds
// the fault, shrinks it to one rewrite, names the operator, its source and the rule, shows the
// original request beside the rewritten one, and its seed and path replay it; the faithful
// reference passes it. The oracle's request is the target's in the reference's world.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { after, before, describe, it } from 'node:test';
import { startReference } from '../../reference/server.ts';
import { undiciTransport } from '../../src/client/undici.ts';
import { failsTest } from '../../src/checks/finding.ts';
import { runContext } from '../../src/runner/context.ts';
import { inOracleWorld } from '../../src/runner/oracle.ts';
import { checkProperty, PROPERTIES } from '../../generators/suite.ts';
import type { Target } from '../../generators/trials.ts';
import type { LaxValue } from '../../generators/rewrites/trial.ts';
import { changedProfile } from '../harness/helpers.ts';

type Ref = Awaited<ReturnType<typeof startReference>>;
let oracle: Ref;
let faulty: Ref;
let faithful: Ref;
const transport = undiciTransport(10_000, 1 << 20);
before(async () => {
  [oracle, faulty, faithful] = await Promise.all([startReference(), startReference({ fault: 'lax-member-names-any-case' }), startReference()]);
});
after(async () => {
  await Promise.all([oracle.close(), faulty.close(), faithful.close(), transport.destroy()]);
});

const property = PROPERTIES.find((p) => p.rules.includes('LAX-MEMBER-NAMES') && p.operation === 'change_receiver' && p.format === 'json')!;
const target = (url: string): Target => ({ url, transport, ctx: runContext(), oracle: oracle.url });
const SEED = 41;

describe('the lax readers\' property', () => {
  it('finds a target that binds member names in any case, shrinks it to one rewrite, and replays it from its seed and path', async () => {
    const outcome = await checkProperty(property, target(faulty.url), { numRuns: 60, seed: SEED });
    assert.equal(outcome.kind, 'run');
    const run = outcome.kind === 'run' ? outcome.run : undefined;
    assert.ok(run?.failed, 'the property did not fail on the faulty reference');
    assert.equal((run.counterexample as LaxValue).draws.length, 1, 'the counterexample is not shrunk to one rewrite');
    const failure = run.failure!;
    assert.ok('parts' in failure);
    const failing = failure.parts.flatMap((p) => p.findings).find(failsTest)!;
    assert.equal(failing.rule, 'LAX-MEMBER-NAMES');
    assert.match(failing.note!, /^Rewritten: name-(upper|lower|snake)-case at \S+ \(names; .*https:\/\/.*\)\. Original request: \{/);
    assert.match(failing.expected!, /the reference's outcome: refused \(HTTP 400: \d+ at /);
    const sent = failure.parts[0]!.exchange!.request.body;
    assert.notEqual(sent, failing.note!.slice(failing.note!.indexOf('Original request: ') + 18), 'the rewritten request is the original');

    const replay = await checkProperty(property, target(faulty.url), { numRuns: 60, seed: run.seed, path: run.path });
    assert.ok(replay.kind === 'run' && replay.run.failed, 'the seed and path do not replay the failure');
    assert.deepEqual(replay.run.counterexample, run.counterexample);
  });

  it('passes the faithful reference', async () => {
    const outcome = await checkProperty(property, target(faithful.url), { numRuns: 30, seed: SEED });
    assert.ok(outcome.kind === 'run' && !outcome.run.failed, 'the faithful reference failed the property');
  });

  it('judges no disagreement where the reference refuses the request before it is rewritten: the two worlds differ there', async () => {
    // An oracle whose clock is years ahead finds every produce_date past, so it refuses every pickup change.
    const ahead = await startReference({ now: () => new Date('2031-01-06T09:00:00+03:00') });
    try {
      const pickup = PROPERTIES.find((p) => p.rules.includes('LAX-MEMBER-NAMES') && p.operation === 'change_pickup' && p.format === 'xml')!;
      const ctx = runContext();
      const values = fc.sample(pickup.arbitrary({ profile: ctx.profile, now: new Date() }), { seed: SEED, numRuns: 40 });
      const findings = (await Promise.all(values.map((v) => pickup.trial({ ...target(faithful.url), oracle: ahead.url })(v)))).flatMap((t) => t.parts.flatMap((p) => p.findings));
      assert.deepEqual(findings.filter(failsTest).map((f) => f.note), [], 'a disagreement was judged although the reference refuses the request before its rewrite');
      const notes = findings.filter((f) => f.verdict === 'skip').map((f) => f.note ?? '');
      assert.ok(notes.some((n) => /^not judged: the reference refuses the request before it is rewritten \(refused \(HTTP 400: 621001/.test(n)), `no check skipped: ${findings.length} findings`);
    } finally {
      await ahead.close();
    }
  });

  it('without a reference beside it, sends nothing and says why', async () => {
    const saved = process.env.OCS_ORACLE_URL;
    delete process.env.OCS_ORACLE_URL;
    try {
      const outcome = await checkProperty(property, { ...target(faithful.url), oracle: undefined }, { numRuns: 3, seed: SEED });
      assert.ok(outcome.kind === 'run' && !outcome.run.failed && /OCS_ORACLE_URL/.test(outcome.run.stopped ?? ''));
    } finally {
      if (saved !== undefined) process.env.OCS_ORACLE_URL = saved;
    }
  });
});

describe('the oracle\'s request', () => {
  it('is the target\'s own when the target is the reference, and in the reference\'s world otherwise', () => {
    const ours = runContext().profile;
    const known = (ours.fixtures.addressBook as { counteragentIDs: number[] }).counteragentIDs[0]!;
    const request = { appkey: ours.secrets.appkey, orderID: ours.fixtures.orders.receiverChangeable, receiver: { counteragentID: known, name: 'Иван' } };
    const own = inOracleWorld(ours, request) as typeof request;
    assert.equal(own.orderID, request.orderID);
    assert.deepEqual(own, request);
    const vendor = changedProfile((doc) => {
      const fixtures = doc.fixtures as { orders: Record<string, string>; addressBook: Record<string, number[]> };
      fixtures.orders.receiverChangeable = 'V-42';
      fixtures.addressBook.counteragentIDs = [990001];
    });
    const theirs = inOracleWorld(vendor, { appkey: vendor.secrets.appkey, orderID: 'V-42', receiver: { counteragentID: 990001, name: 'Иван' } }) as typeof request;
    assert.equal(theirs.appkey, ours.secrets.appkey);
    assert.equal(theirs.orderID, ours.fixtures.orders.receiverChangeable);
    assert.equal(theirs.receiver.counteragentID, known);
    assert.equal(theirs.receiver.name, 'Иван');
  });
});
