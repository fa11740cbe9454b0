// Valid values the profile lists more than one of (docs/profile-values.md): the generators draw
// every individual, legal entity and legal address, an individual whose document has no serial
// included, and what they draw breaks no rule.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validRequest } from '../../generators/index.ts';
import { brokenRules } from '../../generators/broken-rules.ts';
import { listFixtures } from '../../src/profile/lists.ts';
import type { LoadedProfile } from '../../src/profile/load.ts';
import { ctx, profile, sample, show } from './helpers.ts';

type Obj = Record<string, any>;

const NO_SERIAL = { form: '0xab91feea8b5b0ba511e1bb8e84dd7412', document: { type: 'id_card', number: 'N1234567' } };
const withNoSerial: LoadedProfile = {
  ...profile,
  fixtures: listFixtures({ ...profile.fixtures, counteragents: { ...(profile.fixtures.counteragents as Obj), individual: [...(profile.fixtures.counteragents as Obj).individual, NO_SERIAL] } }),
};

const counteragents = (requests: Obj[]): Obj[] => requests.flatMap((r) => [r.receiver, r.third]).filter((m) => m?.counteragent).map((m) => m.counteragent);

describe('valid change_receiver requests of a profile with several individuals, one without serial', () => {
  const requests = sample(validRequest('change_receiver', { ...ctx, profile: withNoSerial }), 400) as Obj[];
  const sent = counteragents(requests);

  it('send every individual of the profile, the one without serial without it', () => {
    const individuals = (withNoSerial.fixtures.counteragents as Obj).individual as Obj[];
    for (const ind of individuals) assert.ok(sent.some((c) => c.form === ind.form && JSON.stringify(c.document) === JSON.stringify(ind.document)), JSON.stringify(ind));
    assert.ok(sent.some((c) => c.document && !('serial' in c.document)));
  });

  it('break no rule and hold no doubtful form, the document without serial included', () => {
    for (const r of requests) assert.deepEqual([...brokenRules('change_receiver', r, withNoSerial, ctx.now)], [], show(r));
  });

  it('still count a serial left out of a document the profile gives with one as the doubtful form', () => {
    const r = structuredClone(requests.find((x) => x.receiver.counteragent?.document?.serial !== undefined)!);
    delete r.receiver.counteragent.document.serial;
    assert.ok(brokenRules('change_receiver', r, withNoSerial, ctx.now).has('INFO-DOCUMENT-SERIAL-MISSING'));
  });
});

describe('legal addresses', () => {
  const sent = counteragents(sample(validRequest('change_receiver', ctx), 400) as Obj[]).filter((c) => c.juridicalAddress).map((c) => c.juridicalAddress as Obj);
  const f = profile.fixtures as Obj;

  it('come from every juridicalAddress entry and from the pickup places outside the pickup order\'s region', () => {
    for (const j of f.juridicalAddress as Obj[]) assert.ok(sent.some((a) => a.street === j.street || a.search === j.search), JSON.stringify(j));
    const out = f.pickup.outOfRegion;
    assert.ok(sent.some((a) => out.streets.some((s: Obj) => s.street === a.street) || out.search.some((s: string) => String(a.search).startsWith(s))));
  });
});
