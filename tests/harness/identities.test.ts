// Further identities (profile `identities`, src/profile/identities.ts): read with their secrets,
// refused by file and key when they would not be identities of their own, read by the scenarios
// (`each: identities`, `$ref: identities.…`), and, without one, a skip the verdict does not count.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadProfile, ProfileError, secretVariables } from '../../src/profile/load.ts';
import { buildRequest, MissingFixture } from '../../src/scenario/build.ts';
import { eachEntry } from '../../src/scenario/each.ts';
import { NOT_APPLICABLE } from '../../src/scenario/missing.ts';
import { loadBases, type LoadedCase } from '../../src/scenario/load.ts';
import { summarize, type TestOutcome } from '../../src/report/summary.ts';
import { curlLine } from '../../src/report/evidence.ts';
import { masker } from '../../src/profile/mask.ts';
import { changedProfile, DUMMY_ENV, referenceProfile, REFERENCE_PROFILE, refusedProfile } from './helpers.ts';

const bases = loadBases();
const now = new Date('2026-11-24T09:00:00Z');
const asBob = { appkey: { $ref: 'identities.credentials.appkey' }, sessionID: { $ref: 'identities.credentials.sessionID' }, orderID: { $ref: 'identities.orders.receiverChangeable' } };

describe('a profile\'s further identities', () => {
  it('are read with their secrets, which join every other secret with their variables', () => {
    const p = referenceProfile();
    assert.deepEqual(p.identities.map((id) => [id.name, id.secrets, id.orders]), [['bob', { appkey: 'dummy-appkey-2', sessionID: 'dummy-session-2' }, { receiverChangeable: '26-0000104', pickupChangeable: '26-0000104' }]]);
    assert.deepEqual(secretVariables(p)['identities.0.sessionID'], { value: 'dummy-session-2', env: 'OCS_SESSION_ID_2' });
    assert.deepEqual(secretVariables(p)['identities.0.appkey'], { value: 'dummy-appkey-2', env: 'OCS_APPKEY_2' });
    assert.ok(Object.values(p.secrets).includes('dummy-session-2'), 'the mask is made from profile.secrets: it covers the identity');
  });

  it('are masked in what leaves the process, and replayed from their variables', () => {
    const p = referenceProfile();
    assert.doesNotMatch(masker(p.secrets)('{"sessionID":"dummy-session-2","appkey":"dummy-appkey-2"}'), /dummy-(session|appkey)-2/);
    const body = JSON.stringify({ appkey: 'dummy-appkey-2', sessionID: 'dummy-session-2', orderID: '26-0000104' });
    const line = curlLine({ method: 'POST', url: 'http://t.test/v3/orders/change_receiver.json', headers: {}, body }, secretVariables(p));
    assert.ok(line.includes('$OCS_SESSION_ID_2') && line.includes('$OCS_APPKEY_2'), line);
    assert.doesNotMatch(line, /dummy-(session|appkey)-2/);
  });

  it('send the main appkey when they name none of their own', () => {
    const p = changedProfile((d: any) => { delete d.identities[0].credentials.appkey; });
    assert.equal(p.identities[0]!.secrets.appkey, 'dummy-appkey');
    assert.equal(secretVariables(p)['identities.0.appkey'], undefined);
  });

  it('are refused, by file and key, when one is malformed, lacks its variable or is not an identity of its own', () => {
    refusedProfile((d: any) => { delete d.identities[0].orders; }, /key identities\.0: must have required property 'orders'/);
    refusedProfile((d: any) => { d.identities[0].credentials.sessionID.env = 'OCS_SESSION_ID_9'; }, /key identities\.0\.credentials\.sessionID: environment variable OCS_SESSION_ID_9 is not set/);
    refusedProfile((d: any) => { d.identities[0].orders.pickupChangeable = d.fixtures.orders.pickupChangeable; }, /key identities\.0\.orders\.pickupChangeable: .* an order of the main identity/);
    refusedProfile((d: any) => { d.identities[0].credentials.sessionID.env = 'OCS_SESSION_ID'; }, /key identities\.0\.credentials\.sessionID: OCS_SESSION_ID is the variable of credentials\.sessionID/);
    refusedProfile((d: any) => { d.identities.push({ ...d.identities[0], credentials: { sessionID: { env: 'OCS_APPKEY' } }, orders: { receiverChangeable: '26-1', pickupChangeable: '26-1' } }); }, /key identities\.1\.name: 'bob' names identities\.0 too/);
    assert.throws(() => loadProfile(REFERENCE_PROFILE, { ...DUMMY_ENV, OCS_SESSION_ID_2: DUMMY_ENV.OCS_SESSION_ID }),
      (err) => err instanceof ProfileError && /key identities\.0\.credentials\.sessionID: OCS_SESSION_ID_2 holds the session of credentials\.sessionID/.test(err.message));
  });
});

describe('a scenario', () => {
  it('reads the identity it walks: its credentials and its orders', () => {
    const p = referenceProfile();
    const request = buildRequest({ operation: 'change_receiver', set: asBob, entry: { list: 'identities', index: 0 } }, { profile: p, bases, now });
    assert.deepEqual([request.appkey, request.sessionID, request.orderID], ['dummy-appkey-2', 'dummy-session-2', '26-0000104']);
  });

  it('walks every identity, a copy each', () => {
    const walking = { name: 'n', rules: ['IDN-OWN-ORDER'], each: 'identities', operation: 'change_receiver', formats: ['json'], expect: 'accepted' } as unknown as LoadedCase;
    const copies = eachEntry([walking], { identities: [{ name: 'bob' }, { name: 'carol' }] });
    assert.deepEqual(copies.map((c) => [c.name, c.entry?.index]), [['n (entry 1 of 2 of identities)', 0], ['n (entry 2 of 2 of identities)', 1]]);
  });

  it('is skipped as not applicable without a further identity', () => {
    const p = changedProfile((d: any) => { delete d.identities; });
    assert.throws(() => buildRequest({ operation: 'change_receiver', set: asBob }, { profile: p, bases, now }),
      (err) => err instanceof MissingFixture && err.message.startsWith(NOT_APPLICABLE));
  });
});

describe('the verdict', () => {
  const skipped = (reason: string): TestOutcome[] => (['json', 'xml'] as const).map((format) => ({
    verdict: 'skip', warning: false, skipped: reason, findings: [{ rule: 'IDN-OTHERS-ORDER', format, verdict: 'skip' }],
  }));

  it('leaves a rule skipped as not applicable out of the MUST rules not judged, and shows the skip', () => {
    const s = summarize(skipped(`${NOT_APPLICABLE}one identity`), { name: 't' });
    assert.ok(!s.unjudged.includes('IDN-OTHERS-ORDER'));
    const row = s.rules.find((r) => r.id === 'IDN-OTHERS-ORDER')!;
    assert.deepEqual([row.json, row.xml], ['skip', 'skip'], 'never passed');
    assert.equal(s.skips[0]?.reason, `${NOT_APPLICABLE}one identity`);
  });

  it('counts a rule skipped for a missing fixture as not judged', () => {
    const s = summarize(skipped('the profile has no fixtures.orders.noAccess'), { name: 't' });
    assert.ok(s.unjudged.includes('IDN-OTHERS-ORDER'));
  });
});
