// One cause, one rule (issue 43): a request sent in a framing of its own whose answer fails is
// blamed on that framing's rule alone, not also on the service's status and format rules, and
// the probable cause names it and the failing checks it explains; the verdict by layer says the
// service's rules passed and HTTP's failed. Against a synthetic target (no server) that answers
// only the absolute form otherwise: 404 in JSON, on either path.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Format } from '../../src/contract/load.ts';
import type { Transport, WireResponse } from '../../src/client/transport.ts';
import { encodeXml } from '../../src/codec/xml.ts';
import type { RunContext } from '../../src/runner/context.ts';
import { compareFramings } from '../../src/runner/compare.ts';
import { summarize } from '../../src/report/summary.ts';
import { consoleSummary } from '../../src/report/console.ts';
import { layerVerdicts } from '../../src/report/layers.ts';
import { referenceProfile } from './helpers.ts';

const ctx = { profile: referenceProfile() } as RunContext;
const request = { appkey: 'k', sessionID: 's', orderID: '26-0000101', changeOrderPayer: false, storePayer: 'third', receiver: { counteragentID: 5001, contactIDs: [6001], phoneIDs: [7001] } };
const date = new Date().toUTCString();

const accepted = (format: Format): WireResponse => {
  const body = { metadata: { status: 200, generated_at: new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 19).replace('T', ' ') }, data: { status: 'success' } };
  return { status: 200, headers: { 'content-type': `application/${format}; charset=utf-8`, date }, ms: 1, body: format === 'json' ? JSON.stringify(body) : encodeXml(body, 'response') };
};
const notFound: WireResponse = { status: 404, headers: { 'content-type': 'application/json', date }, ms: 1, body: '{"error":"Not Found"}' };

/** Answers the absolute form 404 in JSON, anything else as the reference would accept it. */
const absoluteForm404: Transport = { send: async (r) => (r.framing === 'absolute-form' ? notFound : accepted(r.url.endsWith('.xml') ? 'xml' : 'json')) };

describe('a target that fails only the absolute form', () => {
  it('fails HTTP-ABSOLUTE-FORM alone, naming what else its answer breaks, in JSON and in XML', async () => {
    for (const format of ['json', 'xml'] as const) {
      const compared = await compareFramings('change_receiver', format, request, 'absolute-form', 'accepted', ctx, absoluteForm404, 'http://127.0.0.1:1');
      const failing = compared.parts.flatMap((p) => p.findings).filter((f) => f.verdict === 'fail');
      assert.deepEqual(failing.map((f) => f.rule), ['HTTP-ABSOLUTE-FORM'], JSON.stringify(failing));
      assert.match(failing[0]!.received!, /HTTP 404.*; the answer also breaks RSP-HTTP-STATUS.*, blamed on HTTP-ABSOLUTE-FORM alone$/);
      if (format === 'xml') assert.match(failing[0]!.received!, /RSP-FORMAT-FOLLOWS-PATH/, 'JSON on the XML path is named, not blamed');
    }
  });

  it('leaves a failed SHOULD alone a warning of its own rule: a chunked request answered without Content-Type keeps WIRE-CHUNKED-REQUEST', async () => {
    const bare: Transport = { send: async (r) => {
      const res = accepted(r.url.endsWith('.xml') ? 'xml' : 'json');
      return r.framing === 'chunked' ? { ...res, headers: { date } } : res;
    } };
    const compared = await compareFramings('change_receiver', 'json', request, 'chunked', 'accepted', ctx, bare, 'http://127.0.0.1:1');
    const findings = compared.parts[0]!.findings;
    assert.equal(findings.find((f) => f.rule === 'WIRE-CHUNKED-REQUEST')!.verdict, 'pass');
    assert.equal(findings.find((f) => f.rule === 'RSP-CONTENT-TYPE')!.verdict, 'fail', 'the warning stands on its own rule');
  });

  it('is told on the console: the service\'s rules passed, HTTP fails, and the cause with the checks it explains', async () => {
    const outcomes = [];
    for (const format of ['json', 'xml'] as const) {
      for (const framing of ['absolute-form', 'chunked'] as const) {
        const compared = await compareFramings('change_receiver', format, request, framing, 'accepted', ctx, absoluteForm404, 'http://127.0.0.1:1');
        const findings = compared.parts.flatMap((p) => p.findings).map((f) => ({ rule: f.rule, format, verdict: f.verdict }));
        outcomes.push({ title: `${framing} [${format}]`, verdict: findings.some((f) => f.verdict === 'fail') ? 'fail' as const : 'pass' as const, warning: false, findings });
      }
    }
    const summary = summarize(outcomes, { name: 't' });
    summary.layers = layerVerdicts(summary);
    const failing = summary.rules.filter((r) => r.json === 'fail' || r.xml === 'fail').map((r) => r.id);
    assert.deepEqual(failing, ['HTTP-ABSOLUTE-FORM']);
    assert.equal(summary.verdict, 'not-conformant', 'a failing standard MUST weighs as any MUST');
    const lines = consoleSummary(summary);
    assert.equal(lines[0], 'Probable cause: HTTP-ABSOLUTE-FORM (MUST) fails on 1 of 1 checks in JSON and 1 of 1 checks in XML, the only rule failing in 2 of them');
    const service = lines.find((l) => l.startsWith('Service rules'))!;
    assert.match(service, /^Service rules \(the spec's own\): (every one passed|none failing)/);
    assert.match(lines.find((l) => l.startsWith('Standards beneath'))!, /^Standards beneath: HTTP 1 of \d+ MUST rules failing \(HTTP-ABSOLUTE-FORM\); JSON /);
    assert.deepEqual(summary.layers.find((l) => l.layer === 'HTTP')!.failing, ['HTTP-ABSOLUTE-FORM']);
    assert.deepEqual(summary.layers.find((l) => l.layer === 'service')!.failing, []);
  });
});
