// compareForms (src/runner/compare.ts) against synthetic targets (no server): BODY-FORMS fails,
// naming the form, only when a form's outcome differs from the compact form's; a target that
// answers both alike passes it, whatever it answers; a transport failure is an error.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Format } from '../../src/contract/load.ts';
import { TransportError, type Transport, type WireRequest, type WireResponse } from '../../src/client/transport.ts';
import { encodeXml } from '../../src/codec/xml.ts';
import type { RunContext } from '../../src/runner/context.ts';
import { compareForms, FORMS_RULE } from '../../src/runner/compare.ts';
import { referenceProfile } from './helpers.ts';

const ctx = { profile: referenceProfile() } as RunContext;
const request = { appkey: 'k', sessionID: 's', orderID: '26-0000101', changeOrderPayer: false, storePayer: 'third', receiver: { counteragentID: 5001, contactIDs: [6001], phoneIDs: [7001] } };

const answer = (format: Format, status: number, body: Record<string, unknown>): WireResponse => ({
  status, headers: { 'content-type': `application/${format}; charset=utf-8` }, ms: 1,
  body: format === 'json' ? JSON.stringify(body) : encodeXml(body, 'response'),
});
const metadata = (status: number) => ({ status, generated_at: '2026-11-21 10:00:00' });
const accepted = (format: Format) => answer(format, 200, { metadata: metadata(200), data: { status: 'success' } });
const refused = (format: Format, code = 100001) => answer(format, 400, { metadata: metadata(400), errors: [{ code }] });

/** A target that answers each body as `decide` says; what it was sent is kept. */
function target(decide: (body: string, format: Format) => WireResponse): Transport & { sent: WireRequest[] } {
  const sent: WireRequest[] = [];
  return { sent, send: async (r) => (sent.push(r), decide(r.body, r.url.endsWith('.xml') ? 'xml' : 'json')) };
}

const formsFinding = async (t: Transport, format: Format, form: string, expect: 'accepted' | 'rejected' = 'accepted') => {
  const compared = await compareForms('change_receiver', format, request, form, expect, ctx, t, 'http://127.0.0.1:1');
  return { compared, finding: compared.parts.flatMap((p) => p.findings).find((f) => f.rule === FORMS_RULE)! };
};

describe('compareForms', () => {
  it('fails BODY-FORMS, naming the form, when the target refuses a form it accepts compact', async () => {
    const t = target((body, format) => (body.includes('CDATA') ? refused(format) : accepted(format)));
    const { compared, finding } = await formsFinding(t, 'xml', 'cdata');
    assert.equal(finding.verdict, 'fail');
    assert.equal(finding.expected, 'the outcome of the plain request: accepted');
    assert.match(finding.received!, /^written cdata \(every value but the credentials in a CDATA section\): rejected/);
    assert.equal(t.sent.length, 2);
    assert.match(compared.parts[0]!.exchange!.request.body, /CDATA/, "the form's exchange comes first, for the report to quote");
    assert.equal((await formsFinding(t, 'xml', 'pretty')).finding.verdict, 'pass');
  });

  it('passes BODY-FORMS when every form is answered alike, refused included', async () => {
    const t = target((_body, format) => refused(format));
    for (const format of ['json', 'xml'] as const) {
      const { finding } = await formsFinding(t, format, 'reordered', 'rejected');
      assert.equal(finding.verdict, 'pass', finding.received);
    }
  });

  it('tells two rejections apart by their documented numbers', async () => {
    const t = target((body, format) => refused(format, body.includes('\n') ? 100001 : 610001));
    const { finding } = await formsFinding(t, 'json', 'pretty', 'rejected');
    assert.equal(finding.verdict, 'fail');
    assert.equal(finding.expected, 'the outcome of the plain request: rejected with 610001');
    assert.match(finding.received!, /: rejected$/);
  });

  it('errs on a transport failure, saying which form met it', async () => {
    const t = target((body) => {
      if (body.includes('<!--')) throw new TransportError('socket hang up');
      return accepted('xml');
    });
    const { compared, finding } = await formsFinding(t, 'xml', 'comments');
    assert.equal(compared.broken, true);
    assert.equal(finding.verdict, 'error');
    assert.match(finding.received!, /written comments .*socket hang up/);
  });
});
