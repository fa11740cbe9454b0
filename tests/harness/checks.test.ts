// judge() on synthetic responses (no server): each defect is blamed on exactly the rule
// it breaks, with ajv's evidence kept, and the case's own expectation judged as documented.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Format, Operation } from '../../src/contract/load.ts';
import type { WireResponse } from '../../src/client/transport.ts';
import { judge } from '../../src/checks/judge.ts';
import type { Finding } from '../../src/checks/finding.ts';
import type { LoadedProfile } from '../../src/profile/load.ts';
import type { Expect } from '../../src/scenario/load.ts';
import { encodeXml } from '../../src/codec/xml.ts';
import { meaningOf, referenceProfile } from './helpers.ts';

const reference = referenceProfile();
/** A profile that names no error path, no XML root and no time zone: the harness's defaults. */
const { responses: _r, timeZone: _t, ...rest } = reference;
const defaults = rest as LoadedProfile;

const AT = '2026-11-18 12:00:00';
const WEDNESDAY_NOON_MSK = new Date('2026-11-18T09:00:00Z');
const CONTENT_TYPE: Record<Format, string> = { json: 'application/json; charset=utf-8', xml: 'application/xml; charset=utf-8' };

/** An answer's header fields as a conformant service sends them: its Content-Type, and a Date (RFC 9110 6.6.1). */
const HEADERS = (format: Format): Record<string, string> => ({ 'content-type': CONTENT_TYPE[format], date: WEDNESDAY_NOON_MSK.toUTCString() });

function wire(status: number, body: unknown, format: Format, headers: Record<string, string> = HEADERS(format)): WireResponse {
  const text = typeof body === 'string' ? body : format === 'json' ? JSON.stringify(body) : encodeXml(body, 'response');
  return { status, headers, body: text, ms: 1 };
}

const receiverRequest = (extra: Record<string, unknown> = {}) => ({
  appkey: 'k', sessionID: 's', orderID: '26-0000101', changeOrderPayer: false, storePayer: 'third',
  receiver: { counteragentID: 5001, contactIDs: [6001], phoneIDs: [7001] },
  third: { counteragentID: 5001, contactIDs: [6001], phoneIDs: [7001] },
  ...extra,
});
const pickupRequest = (extra: Record<string, unknown> = {}) => ({
  appkey: 'k', sessionID: 's', orderID: '26-0000101', variant: 'address', addressID: 8001, produce_date: '2026-11-23',
  time: { worktimeStart: '09:00', worktimeEnd: '18:00' }, contactIDs: [6001], phoneIDs: [7001],
  ...extra,
});

const receiverOk = (data: Record<string, unknown> = {}) => ({ metadata: { status: 200, generated_at: AT }, data: { status: 'success', ...data } });
const pickupOk = (data: Record<string, unknown> = {}) => ({ metadata: { status: 200, generated_at: AT }, data: { state: 'success', information: 'Бесплатно до 16:00', ...data } });
const errorBody = (code: number) => ({ metadata: { status: 400, generated_at: AT }, errors: [{ code, title: 'Ошибка', detail: 'нет доступа' }] });
/** A documented error as the reference profile says it is written: section 7's English meaning at errors.0.message. */
const meantBody = (code: number) => ({ ...errorBody(code), errors: [{ ...errorBody(code).errors[0]!, ...meaningOf(code) }] });

interface Run {
  op?: Operation; format?: Format; rules?: string[]; expect?: Expect;
  request?: unknown; response: WireResponse; sentAt?: Date; profile?: LoadedProfile;
}

function run(r: Run): Finding[] {
  const op = r.op ?? 'change_receiver';
  return judge({
    case: { operation: op, rules: r.rules ?? ['RCV-STOREPAYER-VALUES'], expect: r.expect ?? 'accepted' },
    format: r.format ?? 'json',
    request: 'request' in r ? r.request : op === 'change_receiver' ? receiverRequest() : pickupRequest(),
    response: r.response,
    sentAt: r.sentAt ?? WEDNESDAY_NOON_MSK,
  }, r.profile ?? reference);
}

const failing = (fs: Finding[]): string[] => fs.filter((f) => f.verdict === 'fail').map((f) => f.rule).sort();
const only = (fs: Finding[], id: string): Finding[] => fs.filter((f) => f.rule === id);
function one(fs: Finding[], id: string): Finding {
  const found = only(fs, id);
  assert.equal(found.length, 1, `expected one finding for ${id}, got ${JSON.stringify(fs.map((f) => [f.rule, f.verdict]))}`);
  return found[0]!;
}
/** The ajv evidence of a schema failure: where, which keyword, and the offending value. */
function assertAjvEvidence(f: Finding, instancePath: string, keyword: string, value: unknown): void {
  assert.ok(f.received, `${f.rule} has no received`);
  assert.ok(f.received.includes(instancePath), `${f.rule}: received lacks ${instancePath}: ${f.received}`);
  assert.ok(f.received.includes(keyword), `${f.rule}: received lacks keyword ${keyword}: ${f.received}`);
  assert.ok(f.received.includes(JSON.stringify(value)), `${f.rule}: received lacks value ${JSON.stringify(value)}: ${f.received}`);
  assert.ok(f.expected, `${f.rule} has no expected`);
}

describe('judge: a correct response passes every response rule', () => {
  const RECEIVER_RULES = ['RSP-HTTP-STATUS', 'RSP-FORMAT-FOLLOWS-PATH', 'RSP-CONTENT-TYPE', 'RSP-METADATA-STATUS', 'RSP-GENERATED-AT', 'RSP-RECEIVER-SUCCESS', 'RSP-FOUNDADDRESSES-ABSENT'];
  for (const format of ['json', 'xml'] as const) {
    it(`a receiver change confirmed in ${format.toUpperCase()}`, () => {
      const fs = run({ format, response: wire(200, receiverOk(), format) });
      assert.deepEqual(fs.filter((f) => f.verdict !== 'pass').map((f) => `${f.rule} ${f.verdict}`), []);
      for (const id of RECEIVER_RULES) assert.equal(one(fs, id).verdict, 'pass', id);
      assert.equal(one(fs, 'RCV-STOREPAYER-VALUES').verdict, 'pass');
      for (const f of fs) assert.ok(f.title.startsWith(f.level === 'INFO' ? 'INFO:' : f.level), `${f.rule}: title`);
    });

    it(`a pickup change confirmed in ${format.toUpperCase()}`, () => {
      const fs = run({ op: 'change_pickup', format, rules: ['PCK-ADDRESS-NEITHER'], response: wire(200, pickupOk(), format) });
      assert.deepEqual(failing(fs), []);
      for (const id of ['RSP-PICKUP-SUCCESS', 'RSP-PICKUP-INFORMATION', 'RSP-FOUNDADDRESSES-ABSENT']) assert.equal(one(fs, id).verdict, 'pass', id);
      assert.equal(only(fs, 'RSP-RECEIVER-SUCCESS').length, 0, 'a receiver rule judged on a pickup change');
    });

    it(`a documented error in ${format.toUpperCase()}`, () => {
      const fs = run({ format, rules: ['ERR-610002'], expect: { error: 610002 }, response: wire(400, meantBody(610002), format) });
      assert.deepEqual(fs.filter((f) => f.verdict !== 'pass').map((f) => f.rule), []);
      for (const id of ['RSP-HTTP-STATUS', 'RSP-METADATA-STATUS', 'RSP-GENERATED-AT', 'RSP-ERROR-STATUS', 'ERR-610002']) assert.equal(one(fs, id).verdict, 'pass', id);
    });
  }
});

describe('judge: each response defect fails its own rule', () => {
  it('a JSON body on the .xml path fails RSP-FORMAT-FOLLOWS-PATH', () => {
    const fs = run({ format: 'xml', response: wire(200, JSON.stringify(receiverOk()), 'xml') });
    assert.deepEqual(failing(fs), ['RSP-FORMAT-FOLLOWS-PATH']);
    assert.match(one(fs, 'RSP-FORMAT-FOLLOWS-PATH').received!, /JSON/);
  });

  it('an XML body on the .json path fails RSP-FORMAT-FOLLOWS-PATH', () => {
    const fs = run({ format: 'json', response: wire(200, encodeXml(receiverOk(), 'response'), 'json') });
    assert.deepEqual(failing(fs), ['RSP-FORMAT-FOLLOWS-PATH']);
  });

  it('an XML root other than the profile\'s xmlRoot fails RSP-FORMAT-FOLLOWS-PATH; without xmlRoot any root passes', () => {
    const body = encodeXml(receiverOk(), 'answer');
    assert.deepEqual(failing(run({ format: 'xml', response: wire(200, body, 'xml') })), ['RSP-FORMAT-FOLLOWS-PATH']);
    assert.deepEqual(failing(run({ format: 'xml', response: wire(200, body, 'xml'), profile: defaults })), []);
  });

  it('a whole body in no format fails RSP-FORMAT-FOLLOWS-PATH: it came whole, so it is the target\'s, not an error', () => {
    const fs = run({ response: wire(200, 'Service Unavailable', 'json') });
    assert.equal(one(fs, 'RSP-FORMAT-FOLLOWS-PATH').verdict, 'fail');
    assert.ok(fs.every((f) => f.verdict !== 'error'), 'nothing errs');
  });

  it('generated_at "2026-11-21T10:00:00" fails RSP-GENERATED-AT', () => {
    const fs = run({ response: wire(200, { metadata: { status: 200, generated_at: '2026-11-21T10:00:00' }, data: { status: 'success' } }, 'json') });
    assert.deepEqual(failing(fs), ['RSP-GENERATED-AT']);
    assertAjvEvidence(one(fs, 'RSP-GENERATED-AT'), '/metadata/generated_at', 'pattern', '2026-11-21T10:00:00');
  });

  it('a missing generated_at fails RSP-GENERATED-AT', () => {
    const fs = run({ response: wire(200, { metadata: { status: 200 }, data: { status: 'success' } }, 'json') });
    assert.deepEqual(failing(fs), ['RSP-GENERATED-AT']);
    assert.match(one(fs, 'RSP-GENERATED-AT').received!, /required/);
  });

  it('a confirmation without metadata fails RSP-METADATA-STATUS and RSP-GENERATED-AT', () => {
    const fs = run({ response: wire(200, { data: { status: 'success' } }, 'json') });
    assert.deepEqual(failing(fs), ['RSP-GENERATED-AT', 'RSP-METADATA-STATUS']);
    assert.match(one(fs, 'RSP-METADATA-STATUS').received!, /metadata/);
  });

  it('an error without metadata fails RSP-METADATA-STATUS, RSP-GENERATED-AT and RSP-ERROR-STATUS', () => {
    const fs = run({ rules: ['TOP-ORDERID-REQUIRED'], expect: 'rejected', response: wire(400, { errors: [{ code: 100001 }] }, 'json') });
    assert.deepEqual(failing(fs), ['RSP-ERROR-STATUS', 'RSP-GENERATED-AT', 'RSP-METADATA-STATUS']);
  });

  it('metadata.status 400 with HTTP 200 fails RSP-METADATA-STATUS and RSP-ERROR-STATUS', () => {
    const fs = run({ response: wire(200, { metadata: { status: 400, generated_at: AT }, data: { status: 'success' } }, 'json') });
    assert.deepEqual(failing(fs), ['RSP-ERROR-STATUS', 'RSP-METADATA-STATUS']);
    assertAjvEvidence(one(fs, 'RSP-METADATA-STATUS'), '/metadata/status', 'const', 400);
  });

  it('an error body with HTTP 200 fails RSP-METADATA-STATUS and RSP-ERROR-STATUS (and the expected rejection)', () => {
    const fs = run({ rules: ['TOP-ORDERID-REQUIRED'], expect: 'rejected', response: wire(200, errorBody(100001), 'json') });
    assert.equal(one(fs, 'RSP-METADATA-STATUS').verdict, 'fail');
    assert.equal(one(fs, 'RSP-ERROR-STATUS').verdict, 'fail');
    assert.equal(one(fs, 'TOP-ORDERID-REQUIRED').verdict, 'fail');
  });

  it('metadata.status 200 with HTTP 400 fails RSP-METADATA-STATUS and RSP-ERROR-STATUS', () => {
    const fs = run({ rules: ['TOP-ORDERID-REQUIRED'], expect: 'rejected', response: wire(400, { metadata: { status: 200, generated_at: AT }, errors: [] }, 'json') });
    assert.deepEqual(failing(fs), ['RSP-ERROR-STATUS', 'RSP-METADATA-STATUS']);
    assertAjvEvidence(one(fs, 'RSP-METADATA-STATUS'), '/metadata/status', 'const', 200);
  });

  it('HTTP 500 fails RSP-HTTP-STATUS and no other response rule', () => {
    const fs = run({ rules: ['TOP-ORDERID-REQUIRED'], expect: 'rejected', response: wire(500, errorBody(100001), 'json') });
    assert.deepEqual(failing(fs).filter((id) => id.startsWith('RSP-')), ['RSP-HTTP-STATUS']);
    assert.match(one(fs, 'RSP-HTTP-STATUS').received!, /500/);
    assert.equal(one(fs, 'TOP-ORDERID-REQUIRED').verdict, 'fail', 'HTTP 500 is not a rejection');
  });

  it('a receiver confirmation with data.status "ok" fails RSP-RECEIVER-SUCCESS', () => {
    const fs = run({ response: wire(200, receiverOk({ status: 'ok' }), 'json') });
    assert.deepEqual(failing(fs), ['RSP-RECEIVER-SUCCESS']);
    assertAjvEvidence(one(fs, 'RSP-RECEIVER-SUCCESS'), '/data/status', 'const', 'ok');
  });

  it('a pickup confirmation without information fails RSP-PICKUP-INFORMATION only', () => {
    const fs = run({ op: 'change_pickup', rules: ['PCK-ADDRESS-NEITHER'], response: wire(200, { metadata: { status: 200, generated_at: AT }, data: { state: 'success' } }, 'json') });
    assert.deepEqual(failing(fs), ['RSP-PICKUP-INFORMATION']);
    assertAjvEvidence(one(fs, 'RSP-PICKUP-INFORMATION'), '/data', 'required', { state: 'success' });
  });

  it('a pickup confirmation without data fails RSP-PICKUP-SUCCESS and RSP-PICKUP-INFORMATION', () => {
    const fs = run({ op: 'change_pickup', rules: ['PCK-ADDRESS-NEITHER'], response: wire(200, { metadata: { status: 200, generated_at: AT } }, 'json') });
    assert.deepEqual(failing(fs), ['RSP-PICKUP-INFORMATION', 'RSP-PICKUP-SUCCESS']);
  });

  it('a pickup confirmation with data.status instead of data.state fails RSP-PICKUP-SUCCESS', () => {
    const fs = run({ op: 'change_pickup', rules: ['PCK-ADDRESS-NEITHER'], response: wire(200, { metadata: { status: 200, generated_at: AT }, data: { status: 'success', information: 'Бесплатно' } }, 'json') });
    assert.deepEqual(failing(fs), ['RSP-PICKUP-SUCCESS']);
    assert.match(one(fs, 'RSP-PICKUP-SUCCESS').received!, /state/);
  });

  it('a wrong Content-Type is a SHOULD failure, not a MUST one', () => {
    const fs = run({ response: wire(200, receiverOk(), 'json', { ...HEADERS('json'), 'content-type': 'text/plain' }) });
    assert.deepEqual(failing(fs), ['RSP-CONTENT-TYPE']);
    const f = one(fs, 'RSP-CONTENT-TYPE');
    assert.equal(f.verdict, 'fail');
    assert.equal(f.level, 'SHOULD');
    assert.match(f.received!, /text\/plain/);
    assert.deepEqual(failing(run({ response: wire(200, receiverOk(), 'json', { date: HEADERS('json').date! }) })), ['RSP-CONTENT-TYPE'], 'no Content-Type at all');
  });
});

describe('judge: foundAddresses', () => {
  const SEARCH = ' Москва, ул. Льва Толстого, д. 16';
  const FIELD = 'receiver.counteragent.juridicalAddress';
  const withSearch = receiverRequest({ receiver: { counteragent: { form: 'f', name: 'n', inn: 1, juridicalAddress: { search: SEARCH } }, contactIDs: [6001], phoneIDs: [7001] } });
  const entry = (field = FIELD, source = SEARCH) => ({ field, source, result: 'г. Москва, ул. Льва Толстого, д. 16' });

  it('one entry per search, with the documented field and the entered value, passes', () => {
    const fs = run({ request: withSearch, response: wire(200, receiverOk({ foundAddresses: [entry()] }), 'json') });
    assert.deepEqual(failing(fs), []);
    assert.equal(one(fs, 'RSP-FOUNDADDRESSES-PRESENT').verdict, 'pass');
    assert.equal(only(fs, 'RSP-FOUNDADDRESSES-ABSENT').length, 0);
  });

  it('missing when a search was sent fails RSP-FOUNDADDRESSES-PRESENT', () => {
    const fs = run({ request: withSearch, response: wire(200, receiverOk(), 'json') });
    assert.deepEqual(failing(fs), ['RSP-FOUNDADDRESSES-PRESENT']);
  });

  it('present when no search was sent fails RSP-FOUNDADDRESSES-ABSENT', () => {
    const fs = run({ response: wire(200, receiverOk({ foundAddresses: [entry()] }), 'json') });
    assert.deepEqual(failing(fs), ['RSP-FOUNDADDRESSES-ABSENT']);
  });

  it('with a wrong field path fails RSP-FOUNDADDRESSES-PRESENT', () => {
    const fs = run({ request: withSearch, response: wire(200, receiverOk({ foundAddresses: [entry('receiver.juridicalAddress')] }), 'json') });
    assert.deepEqual(failing(fs), ['RSP-FOUNDADDRESSES-PRESENT']);
    assert.match(one(fs, 'RSP-FOUNDADDRESSES-PRESENT').received!, /receiver\.counteragent\.juridicalAddress/);
  });

  it('with a changed source (trimmed) fails RSP-FOUNDADDRESSES-SOURCE, telling the code point', () => {
    const fs = run({ request: withSearch, response: wire(200, receiverOk({ foundAddresses: [entry(FIELD, SEARCH.trim())] }), 'json') });
    assert.deepEqual(failing(fs), ['RSP-FOUNDADDRESSES-SOURCE']);
    assert.match(one(fs, 'RSP-FOUNDADDRESSES-SOURCE').received!, /33 code points sent, 32 echoed; the first difference is at code point 1: sent U\+0020, echoed U\+041C/);
  });

  it('with a source escaped once more (XML) fails RSP-FOUNDADDRESSES-SOURCE; the exact echo of an astral search passes', () => {
    const search = 'Москва, ул. Тверская, д. 7, вход <двор> & 🚪 ';
    const request = pickupRequest({ address: { search } });
    delete (request as Record<string, unknown>).addressID;
    const echo = (source: string) => run({ op: 'change_pickup', format: 'xml', rules: ['RSP-FOUNDADDRESSES-SOURCE'], request,
      response: wire(200, pickupOk({ foundAddresses: { field: 'address', source, result: 'г. Москва' } }), 'xml') });
    assert.deepEqual(failing(echo(search.replace('&', '&amp;'))), ['RSP-FOUNDADDRESSES-SOURCE']);
    assert.equal(one(echo(search), 'RSP-FOUNDADDRESSES-SOURCE').verdict, 'pass');
  });

  it('with an entry missing for one of two searches fails RSP-FOUNDADDRESSES-PRESENT', () => {
    const both = { ...withSearch, third: (withSearch.receiver as object) };
    const fs = run({ request: both, response: wire(200, receiverOk({ foundAddresses: [entry()] }), 'json') });
    assert.deepEqual(failing(fs), ['RSP-FOUNDADDRESSES-PRESENT']);
    assert.match(one(fs, 'RSP-FOUNDADDRESSES-PRESENT').received!, /third\.counteragent\.juridicalAddress/);
    const ok = run({ request: both, response: wire(200, receiverOk({ foundAddresses: [entry(), entry('third.counteragent.juridicalAddress')] }), 'json') });
    assert.deepEqual(failing(ok), []);
  });

  it('a single XML foundAddresses element on a pickup change passes', () => {
    const request = pickupRequest({ addressID: undefined, address: { search: '55.5800,37.3850' } });
    delete (request as Record<string, unknown>).addressID;
    const fs = run({ op: 'change_pickup', format: 'xml', rules: ['PCK-ADDRESS-NEITHER'], request,
      response: wire(200, pickupOk({ foundAddresses: { field: 'address', source: '55.5800,37.3850', result: 'Москва' } }), 'xml') });
    assert.deepEqual(failing(fs), []);
    assert.equal(one(fs, 'RSP-FOUNDADDRESSES-PRESENT').verdict, 'pass');
  });

  it('is not judged on a recorded case (a doubtful request)', () => {
    const fs = run({ rules: ['INFO-NULL-FIELD'], expect: 'record', request: withSearch, response: wire(200, receiverOk(), 'json') });
    assert.deepEqual(failing(fs), []);
  });
});

describe('judge: documented error numbers', () => {
  const rejected = (body: unknown, profile: LoadedProfile, format: Format = 'json', code = 610001): Finding =>
    one(run({ format, rules: ['ERR-610001'], expect: { error: code }, response: wire(400, body, format), profile }), 'ERR-610001');
  const meta = { status: 400, generated_at: AT };

  describe('without errorCodePath: found anywhere in the body', () => {
    it('as a number at any depth', () => {
      assert.equal(rejected({ metadata: meta, error: { details: [{ id: 610001 }] } }, defaults).verdict, 'pass');
    });
    it('as a whole number inside a text', () => {
      assert.equal(rejected({ metadata: meta, message: 'Ошибка 610001: получателя изменить нельзя' }, defaults).verdict, 'pass');
      assert.equal(rejected({ metadata: meta, message: 'E610001' }, defaults).verdict, 'pass');
    });
    it('not as part of a longer number', () => {
      assert.equal(rejected({ metadata: meta, message: 'trace 61000123' }, defaults).verdict, 'fail');
      assert.equal(rejected({ metadata: meta, id: 6100010 }, defaults).verdict, 'fail');
    });
    it('not when absent, or another documented number is there', () => {
      const f = rejected({ metadata: meta, errors: [{ code: 610002 }] }, defaults);
      assert.equal(f.verdict, 'fail');
      assert.match(f.expected!, /610001/);
      assert.match(f.received!, /610002/);
    });
    it('in XML text', () => {
      assert.equal(rejected({ metadata: meta, errors: { code: 610001 } }, defaults, 'xml').verdict, 'pass');
    });
  });

  describe('with errorCodePath errors.0.code: only there', () => {
    it('passes at the path', () => {
      assert.equal(rejected({ metadata: meta, errors: [{ code: 610001 }] }, reference).verdict, 'pass');
    });
    it('fails when the number is elsewhere only', () => {
      const f = rejected({ metadata: meta, errors: [{ code: 100001, detail: '610001' }], code: 610001 }, reference);
      assert.equal(f.verdict, 'fail');
      assert.match(f.expected!, /errors\.0\.code/);
    });
    it('fails when it is the second error, not the first', () => {
      assert.equal(rejected({ metadata: meta, errors: [{ code: 100001 }, { code: 610001 }] }, reference).verdict, 'fail');
    });
    it('reads a single XML <errors> element as a one-element list', () => {
      const xml = `<?xml version="1.0"?><response><metadata><status>400</status><generated_at>${AT}</generated_at></metadata>`
        + '<errors><code>610001</code><title>Ошибка</title></errors></response>';
      assert.equal(rejected(xml, reference, 'xml').verdict, 'pass');
      assert.equal(rejected(xml.replace('610001', '610003'), reference, 'xml').verdict, 'fail');
    });
    it('reads the first of two XML <errors> elements', () => {
      const xml = `<response><metadata><status>400</status><generated_at>${AT}</generated_at></metadata>`
        + '<errors><code>100001</code></errors><errors><code>610001</code></errors></response>';
      assert.equal(rejected(xml, reference, 'xml').verdict, 'fail');
    });
  });

  it('an expected error answered with HTTP 200 fails the rule', () => {
    const f = one(run({ rules: ['ERR-610001'], expect: { error: 610001 }, response: wire(200, receiverOk(), 'json') }), 'ERR-610001');
    assert.equal(f.verdict, 'fail');
  });

  it('an expected error in a whole body well formed in no format fails: no number can be read from it', () => {
    const f = one(run({ rules: ['ERR-610001'], expect: { error: 610001 }, response: wire(400, 'Bad Request 610001', 'json') }), 'ERR-610001');
    assert.equal(f.verdict, 'fail');
    assert.match(f.received!, /a body well formed in no format/);
  });
});

describe('judge: expectations', () => {
  it('accepted fails on a rejection; rejected fails on an acceptance', () => {
    assert.equal(one(run({ rules: ['MBR-EMAIL-MAX'], expect: 'accepted', response: wire(400, errorBody(100001), 'json') }), 'MBR-EMAIL-MAX').verdict, 'fail');
    assert.equal(one(run({ rules: ['MBR-EMAIL-MAX'], expect: 'rejected', response: wire(200, receiverOk(), 'json') }), 'MBR-EMAIL-MAX').verdict, 'fail');
    assert.equal(one(run({ rules: ['MBR-EMAIL-MAX'], expect: 'rejected', response: wire(400, errorBody(100001), 'json') }), 'MBR-EMAIL-MAX').verdict, 'pass');
  });

  it('judges every rule a case names', () => {
    const fs = run({ rules: ['CNT-CONTACTS-BOTH', 'CNT-PHONES-BOTH'], expect: 'rejected', response: wire(200, receiverOk(), 'json') });
    assert.deepEqual(failing(fs), ['CNT-CONTACTS-BOTH', 'CNT-PHONES-BOTH']);
  });

  it('record never fails, whatever the target answers', () => {
    for (const response of [wire(200, receiverOk(), 'json'), wire(400, errorBody(100001), 'json'), wire(500, 'oops', 'json'), wire(200, receiverOk({ foundAddresses: 'x' }), 'json')]) {
      const f = one(run({ rules: ['INFO-EMPTY-ARRAY'], expect: 'record', response }), 'INFO-EMPTY-ARRAY');
      assert.equal(f.verdict, 'pass', `HTTP ${response.status}`);
      assert.match(f.note!, /Recorded/);
    }
  });

  describe('same-day (Europe/Moscow, UTC+3)', () => {
    const sameDay = (sentAt: Date, status: 200 | 400, profile: LoadedProfile = reference): Finding =>
      one(run({ op: 'change_pickup', rules: ['PCK-SAME-DAY'], expect: 'same-day', sentAt, profile,
        response: wire(status, status === 200 ? pickupOk() : errorBody(621001), 'json') }), 'PCK-SAME-DAY');

    it('skips when the profile gives no time zone', () => {
      const f = sameDay(new Date('2026-11-21T07:00:00Z'), 200, defaults);
      assert.equal(f.verdict, 'skip');
      assert.match(f.note!, /timeZone/);
    });

    it('is not judged on a weekday at 15:59 local time', () => {
      const at = new Date('2026-11-18T12:59:00Z');
      for (const status of [200, 400] as const) {
        const f = sameDay(at, status);
        assert.equal(f.verdict, 'pass', `HTTP ${status}`);
        assert.match(f.note!, /Not judged/);
      }
    });

    // The 60 s after 16:00 a moving clock leaves unjudged, and a fixed clock's 16:00: target-world.test.ts.
    it('expects a rejection on a weekday once the margin after 16:00 has passed', () => {
      const at = new Date('2026-11-18T13:01:00Z');
      assert.equal(sameDay(at, 200).verdict, 'fail');
      assert.equal(sameDay(at, 200).level, 'SHOULD');
      assert.equal(sameDay(at, 400).verdict, 'pass');
    });

    it('uses the local clock, not UTC (13:30 UTC is 16:30 in Moscow)', () => {
      assert.equal(sameDay(new Date('2026-11-18T13:30:00Z'), 200).verdict, 'fail');
    });

    it('expects a rejection on Saturday and Sunday, even in the morning', () => {
      for (const at of ['2026-11-21T07:00:00Z', '2026-11-22T06:00:00Z', '2026-11-20T21:30:00Z']) {
        assert.equal(sameDay(new Date(at), 200).verdict, 'fail', at);
        assert.equal(sameDay(new Date(at), 400).verdict, 'pass', at);
      }
    });
  });
});

describe('the rules a case\'s outcome blames', () => {
  it('a request that breaks a limit, named beside a response rule, blames the limit only when accepted', () => {
    const fs = run({ rules: ['RSP-ERROR-STATUS', 'CNT-CONTACTIDS-MAX'], expect: 'rejected', response: wire(200, receiverOk(), 'json') });
    assert.deepEqual(failing(fs), ['CNT-CONTACTIDS-MAX']);
  });

  it('a valid request sent for a response rule blames the success rule when refused', () => {
    const request = receiverRequest({ receiver: { counteragent: { form: 'f', name: 'n', inn: 1, juridicalAddress: { search: 'Москва' } }, contactIDs: [6001], phoneIDs: [7001] } });
    const receiver = run({ rules: ['RSP-FOUNDADDRESSES-PRESENT'], expect: 'accepted', request, response: wire(400, errorBody(100001), 'json') });
    assert.deepEqual(failing(receiver), ['RSP-RECEIVER-SUCCESS']);
    const pickup = run({ op: 'change_pickup', rules: ['RSP-FOUNDADDRESSES-ABSENT'], expect: 'accepted', response: wire(400, errorBody(100001), 'xml'), format: 'xml' });
    assert.deepEqual(failing(pickup), ['RSP-PICKUP-SUCCESS']);
  });
});

describe('the failure text of a documented error', () => {
  it('reads error numbers from the body with generated_at and metadata.status left out, saying where each was found', () => {
    const f = one(run({ rules: ['ERR-610001'], expect: { error: 610002 }, response: wire(400, errorBody(610001), 'json'), profile: defaults }), 'ERR-610001');
    assert.equal(f.verdict, 'fail');
    assert.match(f.received!, /^HTTP 400 with error number 610001 at errors\.0\.code: /);
    const numbers = f.received!.split(': {')[0]!;
    assert.doesNotMatch(numbers, /2026|\b400 at\b/, 'the year of generated_at and the emulated status are no error numbers');
  });

  it('says when the profile\'s errorCodePath is absent from the body, and shows where the number was found', () => {
    const profile = { ...defaults, responses: { errorCodePath: 'error.code' } } as LoadedProfile;
    const f = one(run({ rules: ['ERR-610001'], expect: { error: 610001 }, response: wire(400, errorBody(610001), 'json'), profile }), 'ERR-610001');
    assert.equal(f.verdict, 'fail');
    assert.equal(f.expected, 'error 610001 at error.code');
    assert.match(f.received!, /^HTTP 400 with error number 610001 at errors\.0\.code; the profile's errorCodePath error\.code is absent from the body: /);
  });

  it('records the shape of a body the spec does not show', () => {
    const f = one(run({ rules: ['INFO-ERROR-BODY'], expect: 'record', response: wire(400, errorBody(610001), 'json'), profile: defaults }), 'INFO-ERROR-BODY');
    assert.match(f.note!, /body shape \{metadata\{status,generated_at\},errors\[\{code,title,detail\}\]\}/);
  });
});
