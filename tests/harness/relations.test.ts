// Issue 42's pieces alone: the requests a relation makes (src/runner/relation-requests.ts), the
// `$unstated` text and a profile's declared limit (src/scenario/lengths.ts), and section 7's
// meanings read back (src/checks/error-meaning.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errorMeaningFindings } from '../../src/checks/error-meaning.ts';
import { placeRemark, sameValueEverywhere, withSearch } from '../../src/runner/relation-requests.ts';
import { relate } from '../../src/runner/relations.ts';
import { runCase } from '../../src/runner/case.ts';
import { loadAllCases } from '../../src/scenario/load.ts';
import { declaredLimit, unstatedText } from '../../src/scenario/lengths.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { validator } from '../../src/contract/ajv.ts';
import { summarize } from '../../src/report/summary.ts';
import { conformanceHtml } from '../../src/report/html.ts';
import { declaredLimits } from '../../src/report/target-limits.ts';
import { REFERENCE_PROFILE, referenceProfile, refusedProfile, tempTree } from './helpers.ts';

const profile = referenceProfile();
const SEARCH = 'Москва, ул. Тверская, д. 7';

describe('the requests a relation makes', () => {
  it('places a remark before the elements, after the first and after the last, keeping each element as written', () => {
    assert.equal(placeRemark(SEARCH, 'x', 'before'), `x, ${SEARCH}`);
    assert.equal(placeRemark(SEARCH, 'x', 'among'), 'Москва, x, ул. Тверская, д. 7');
    assert.equal(placeRemark(SEARCH, 'x', 'after'), `${SEARCH}, x`);
    assert.equal(placeRemark('Москва', 'x', 'among'), 'Москва, x');
  });

  it('sends a result back as the search of its field, dropping a pickup flat a text search may not carry', () => {
    const pickup = { address: { search: '55.58,37.385', flat: '12' }, orderID: '1' };
    assert.deepEqual(withSearch(pickup, 'address', 'г. Москва, 55.58, 37.385'), { address: { search: 'г. Москва, 55.58, 37.385' }, orderID: '1' });
    assert.equal(pickup.address.flat, '12', 'the first request is left as it was');
    const receiver = { receiver: { counteragent: { juridicalAddress: { search: 'a', flat: '1' } } } };
    assert.deepEqual(withSearch(receiver, 'receiver.counteragent.juridicalAddress', 'b'), { receiver: { counteragent: { juridicalAddress: { search: 'b', flat: '1' } } } });
  });

  it('puts one contact person and one phone number in all three places, and the receiver as the third party', () => {
    const request = { storePayer: 'sender', receiver: { counteragentID: 5, contactPersons: [{ name: 'А' }, { name: 'Б' }], phoneNumbers: [{ number: '1' }], email: 'a@b.ru', dataForReceipt: { email: 'c@d.ru' } } };
    const spread = sameValueEverywhere('change_receiver', request) as any;
    assert.deepEqual(spread.receiver.contactPersons, [{ name: 'А' }, { name: 'А' }, { name: 'А' }]);
    assert.deepEqual(spread.receiver.phoneNumbers, [{ number: '1' }, { number: '1' }, { number: '1' }]);
    assert.deepEqual(spread.receiver.dataForReceipt, { email: 'a@b.ru' });
    assert.deepEqual(spread.third, spread.receiver);
    assert.equal(spread.storePayer, 'third');
    const pickup = sameValueEverywhere('change_pickup', { contactIDs: [1, 2], phoneNumbers: [{ number: '2' }] }) as any;
    assert.deepEqual(pickup, { contactIDs: [1, 2], phoneNumbers: [{ number: '2' }, { number: '2' }, { number: '2' }] }, 'address-book IDs are not repeated');
  });
});

describe('strings without a stated limit', () => {
  it('are multi-byte text of the length asked, longer in UTF-8 bytes than in code points', () => {
    const text = unstatedText(4001, 'change_receiver', 'receiver.counteragent.name', profile);
    assert.equal([...text].length, 4001);
    assert.ok(Buffer.byteLength(text) > 8000);
  });

  it('are sent at the target\'s declared limit, of its operation only, with array indexes left out of the field', () => {
    const declared = { targetLimits: [{ field: 'receiver.contactPersons.name', operation: 'change_receiver' as const, maxLength: 300, reason: 'CRM column' }] };
    assert.equal([...unstatedText(4001, 'change_receiver', 'receiver.contactPersons.0.name', declared)].length, 300);
    assert.equal([...unstatedText(256, 'change_receiver', 'receiver.contactPersons.0.name', declared)].length, 256);
    assert.equal(declaredLimit(declared, 'change_pickup', 'receiver.contactPersons.0.name'), undefined);
  });
});

describe('section 7 read back (RSP-ERROR-MEANING)', () => {
  const body = (code: number, message: unknown) => ({ metadata: { status: 400 }, errors: [{ code, message }] });

  it('passes the table\'s meaning, whatever its case, edge space or closing full stop', () => {
    assert.equal(errorMeaningFindings('change_pickup', 400, body(621001, ' the dispatch address and time for the order cannot be changed'), profile)[0]!.verdict, 'pass');
  });

  it('fails another meaning, another HTTP status, and a number of the other operation', () => {
    const wrong = errorMeaningFindings('change_pickup', 400, body(621002, 'The receiver for the order cannot be changed.'), profile)[0]!;
    assert.equal(wrong.verdict, 'fail');
    assert.match(wrong.received!, /at errors\.0\.message: "The receiver/);
    assert.match(errorMeaningFindings('change_pickup', 200, body(621001, 'The dispatch address and time for the order cannot be changed.'), profile)[0]!.received!, /HTTP 200/);
    assert.match(errorMeaningFindings('change_pickup', 400, body(610003, 'An anonymous counteragent is indicated.'), profile)[0]!.received!, /610003 answered by change_pickup/);
  });

  it('leaves a success alone where the number is found anywhere (no errorCodePath): a search echoing the postcode 610001 is no error', () => {
    const anywhere = { ...profile, responses: { ...profile.responses, errorCodePath: undefined } };
    const echoed = { metadata: { status: 200 }, data: { status: 'success', foundAddresses: [{ field: 'address', source: '610001, Киров', result: '610001, Киров' }] } };
    assert.deepEqual(errorMeaningFindings('change_receiver', 200, echoed, anywhere), []);
    assert.equal(errorMeaningFindings('change_pickup', 400, body(621001, 'The receiver for the order cannot be changed.'), anywhere)[0]!.verdict, 'fail');
  });

  it('says nothing of an answer without a documented number, nor of any answer without the profile\'s key', () => {
    assert.deepEqual(errorMeaningFindings('change_pickup', 400, body(100001, 'x'), profile), []);
    const keyless = { ...profile, responses: { errorCodePath: 'errors.0.code' } };
    assert.deepEqual(errorMeaningFindings('change_pickup', 400, body(621001, 'x'), keyless), []);
  });
});

describe('the target\'s declared limits on the certificate', () => {
  const LIMIT = { field: 'receiver.counteragent.name', operation: 'change_receiver' as const, maxLength: 1000, reason: 'the CRM keeps 1,000 characters' };
  const file = (limits?: unknown[]): string => {
    const doc = parse(readFileSync(REFERENCE_PROFILE, 'utf8')) as Record<string, unknown>;
    if (limits) doc.targetLimits = limits;
    return join(tempTree({ 'target.yaml': stringify(doc) }), 'target.yaml');
  };

  it('name a string without a stated limit, of the operation given', () => {
    refusedProfile((doc) => { doc.targetLimits = [{ ...LIMIT, field: 'receiver.email' }]; }, /targetLimits\.0\.field: receiver\.email is no string without a stated limit of change_receiver/);
    refusedProfile((doc) => { doc.targetLimits = [{ ...LIMIT, operation: 'change_pickup' }]; }, /those are contactPersons\.name/);
  });

  it('are read from the profile, and none without the key', () => {
    assert.deepEqual(declaredLimits(file([LIMIT])), [LIMIT]);
    assert.equal(declaredLimits(file()), undefined);
  });

  it('go into summary.json as its schema allows, and show on the certificate with each reason', () => {
    const s = { ...summarize([], { name: 'Vendor' }), targetLimits: [LIMIT] };
    const validate = validator('summary.schema.json#/properties/targetLimits');
    assert.ok(validate(s.targetLimits), JSON.stringify(validate.errors));
    assert.ok(!validate([{ ...LIMIT, reason: undefined }]), 'a limit without its reason is refused');
    const html = conformanceHtml(s);
    assert.match(html, /<h2 id="target-limits">The target's own limits \(1\)<\/h2>/);
    assert.match(html, /<code>receiver\.counteragent\.name<\/code><\/td><td>change_receiver<\/td><td>1000<\/td><td>the CRM keeps 1,000 characters/);
    assert.doesNotMatch(conformanceHtml(summarize([], { name: 'Vendor' })), /target-limits/);
  });
});

describe('a relation sent (src/runner/relations.ts), against a stub target', () => {
  const request = { appkey: 'a', sessionID: 's', orderID: '1', variant: 'address', address: { search: SEARCH } } as Record<string, unknown>;
  /** A pickup target that answers each search with `result(search)`, or refuses it (100005) when that is undefined. */
  const stub = (result: (search: string) => string | undefined) => ({
    send: async (req: { body: string }) => {
      const search = (JSON.parse(req.body) as { address: { search: string } }).address.search;
      const found = result(search);
      const body = found === undefined
        ? { metadata: { status: 400, generated_at: '2026-11-29 12:00:00' }, errors: [{ code: 100005 }] }
        : { metadata: { status: 200, generated_at: '2026-11-29 12:00:00' }, data: { state: 'success', information: 'i', foundAddresses: [{ field: 'address', source: search, result: found }] } };
      return { status: found === undefined ? 400 : 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), ms: 1 };
    },
  });
  const relation = async (kind: Parameters<typeof relate>[0], transport: ReturnType<typeof stub>) => {
    const c = await relate(kind, { op: 'change_pickup', format: 'json', logical: request, expect: 'accepted', rules: [] }, { ctx: { profile } as never, transport: transport as never, url: 'http://127.0.0.1:1' });
    return c.parts.flatMap((p) => p.findings).filter((f) => f.rule.startsWith('REL-')).map((f) => f.verdict);
  };

  it('passes a target that resolves alike, and fails one whose result changes each time or cannot be sent back', async () => {
    const city = (s: string) => (s.split(',').some((e) => e.trim().replace(/^г\. /, '') === 'Москва') ? `г. Москва, ${s}` : undefined);
    assert.deepEqual(await relation('repeat', stub(city)), ['pass']);
    assert.deepEqual(await relation('result-as-search', stub(city)), ['pass']);
    assert.deepEqual(await relation('remark-places', stub(city)), ['pass', 'pass', 'pass']);
    let n = 0;
    assert.deepEqual(await relation('repeat', stub((s) => `${city(s)} #${++n}`)), ['fail']);
    assert.deepEqual(await relation('result-as-search', stub((s) => (s.startsWith('Москва') ? 'ул. Тверская, д. 7' : undefined))), ['fail']);
  });

  it('fails a target that reads the city from the first element only, on the remark before it', async () => {
    const first = (s: string) => (s.split(',')[0]!.trim() === 'Москва' ? 'г. Москва' : undefined);
    assert.deepEqual((await relation('remark-places', stub(first))).sort(), ['fail', 'pass', 'pass']);
  });
});

describe('a case that needs a profile key (`needs`)', () => {
  const meaning = loadAllCases().find((c) => c.needs === 'responses.errorMeaningPath')!;
  const never = { send: async () => { throw new Error('nothing may be sent'); } };

  it('is skipped as not applicable, unsent, when the profile lacks the key', async () => {
    const keyless = { ...profile, responses: { errorCodePath: 'errors.0.code' } };
    const result = await runCase(meaning, 'json', { profile: keyless } as never, never as never, 'http://127.0.0.1:1');
    assert.deepEqual(result, { kind: 'skip', reason: 'not applicable: the profile gives no responses.errorMeaningPath' });
  });
});
