// src/runner/sequence.ts against synthetic targets (no server): an answer that breaks its rules
// only in company blames the company (SEQ-INDEPENDENT in order, OVL-INDEPENDENT together), one
// that breaks them alone too blames its own rules; a sequence keeps one connection or takes a
// fresh one per step; generated_at must move between answers more than a second apart.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Format } from '../../src/contract/load.ts';
import type { Transport, WireRequest, WireResponse } from '../../src/client/transport.ts';
import { encodeXml } from '../../src/codec/xml.ts';
import type { RunContext } from '../../src/runner/context.ts';
import { OVERLAP_RULE, runBurst, runSequence, SEQUENCE_RULE, type Prepared } from '../../src/runner/sequence.ts';
import type { Part } from '../../src/checks/part.ts';
import { changedProfile, meaningOf, referenceProfile } from './helpers.ts';

const ctx = { profile: referenceProfile() } as RunContext;

const stamp = (at = new Date()): string => {
  const local = new Date(at.getTime() + 3 * 3600_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)}`;
};
const answer = (format: Format, status: number, body: Record<string, unknown>): WireResponse => ({
  status, headers: { 'content-type': `application/${format}; charset=utf-8`, date: new Date().toUTCString() }, ms: 1,
  body: format === 'json' ? JSON.stringify(body) : encodeXml(body, 'response'),
});
const accepted = (format: Format, at?: string) => answer(format, 200, { metadata: { status: 200, generated_at: at ?? stamp() }, data: { status: 'success' } });
const refused = (format: Format, code: number) => answer(format, 400, { metadata: { status: 400, generated_at: stamp() }, errors: [{ code, ...meaningOf(code) }] });

const step = (orderID: string, expect: Prepared['expect'], rules: string[], format: Format = 'json', pauseBeforeMs?: number): Prepared => ({
  operation: 'change_receiver', format, rules, expect, logical: undefined, ...(pauseBeforeMs ? { pauseBeforeMs } : {}),
  request: { method: 'POST', url: `http://target.test/v3/orders/change_receiver.${format}`, headers: {}, body: JSON.stringify({ orderID }) },
});

/** The order a request is for, and its format, as a synthetic target reads them. */
const read = (r: WireRequest): { orderID: string; format: Format } =>
  ({ orderID: (JSON.parse(r.body) as { orderID: string }).orderID, format: r.url.endsWith('.xml') ? 'xml' : 'json' });

/** Answers 610002 for order 'no' and accepts the rest; `bend` may answer otherwise; every request is kept. */
function target(bend?: (r: WireRequest, plain: WireResponse) => WireResponse | Promise<WireResponse>): Transport & { sent: WireRequest[] } {
  const sent: WireRequest[] = [];
  return {
    sent,
    async send(r) {
      sent.push(r);
      const { orderID, format } = read(r);
      const plain = orderID === 'no' ? refused(format, 610002) : accepted(format);
      return bend ? bend(r, plain) : plain;
    },
  };
}

const verdicts = (parts: Part[], rule: string): string[] => parts.map((p) => p.findings.find((f) => f.rule === rule)?.verdict ?? 'none');

describe('a sequence', () => {
  it('keeps one connection, or takes a fresh one per step, as it is told', async () => {
    const one = target();
    await runSequence([step('ok', 'accepted', ['RSP-RECEIVER-SUCCESS']), step('no', { error: 610002 }, ['ERR-610002'])], 'one', ctx, one);
    const [a, b] = one.sent.map((r) => r.connection);
    assert.ok(a && a !== 'fresh' && a === b, `one connection named for the sequence: ${a}, ${b}`);
    const each = target();
    await runSequence([step('ok', 'accepted', ['RSP-RECEIVER-SUCCESS']), step('ok', 'accepted', ['RSP-RECEIVER-SUCCESS'])], 'each', ctx, each);
    assert.deepEqual(each.sent.map((r) => r.connection), ['fresh', 'fresh']);
  });

  it('blames the sequence, not the request, for an answer that depends on the one before', async () => {
    // Remembers a refusal on its connection and answers it to the next request there.
    let remembered: WireResponse | undefined;
    const t = target((r, plain) => {
      if (r.connection === 'fresh') return plain;
      const carried = remembered;
      remembered = plain.status === 400 ? plain : undefined;
      return carried ?? plain;
    });
    const s = await runSequence([step('no', { error: 610002 }, ['ERR-610002']), step('ok', 'accepted', ['RSP-RECEIVER-SUCCESS'])], 'one', ctx, t);
    assert.deepEqual(verdicts(s.parts, SEQUENCE_RULE), ['pass', 'fail']);
    const second = s.parts[1]!;
    assert.equal(second.findings.find((f) => f.rule === 'RSP-RECEIVER-SUCCESS')?.verdict, 'pass', 'the request alone keeps its own rule');
    const blame = second.findings.find((f) => f.rule === SEQUENCE_RULE)!;
    assert.match(blame.expected!, /alone on a fresh connection: HTTP 200/);
    assert.match(blame.received!, /^after 1 earlier request on one kept-alive connection: HTTP 400, breaking RSP-RECEIVER-SUCCESS/);
    assert.equal(second.exchange?.response?.status, 400, 'the evidence is the answer in company');
    assert.equal(t.sent.at(-1)?.connection, 'fresh', 'the request was sent again alone');
  });

  it('blames the request\'s own rule when it breaks it alone too', async () => {
    const t = target((r, plain) => (read(r).orderID === 'no' ? refused(read(r).format, 610001) : plain));
    const s = await runSequence([step('ok', 'accepted', ['RSP-RECEIVER-SUCCESS']), step('no', { error: 610002 }, ['ERR-610002'])], 'one', ctx, t);
    assert.deepEqual(verdicts(s.parts, SEQUENCE_RULE), ['pass', 'pass']);
    assert.equal(s.parts[1]!.findings.find((f) => f.rule === 'ERR-610002')?.verdict, 'fail');
    assert.match(s.parts[1]!.findings.find((f) => f.rule === SEQUENCE_RULE)!.note!, /alone on a fresh connection broke the same rules: ERR-610002/);
  });

  it('fails RSP-GENERATED-AT-MOVES when an answer a second and more later carries the same generated_at', async () => {
    const frozen = stamp();
    const t = target((r) => accepted(read(r).format, frozen));
    const s = await runSequence([step('ok', 'accepted', ['RSP-RECEIVER-SUCCESS']), step('ok', 'accepted', ['RSP-RECEIVER-SUCCESS'], 'xml', 1_200)], 'one', ctx, t);
    assert.deepEqual(verdicts(s.parts, 'RSP-GENERATED-AT-MOVES'), ['none', 'fail']);
    assert.deepEqual(verdicts(s.parts, SEQUENCE_RULE), ['pass', 'pass'], 'the clock is not the company\'s doing');
    const moving = await runSequence([step('ok', 'accepted', ['RSP-RECEIVER-SUCCESS']), step('ok', 'accepted', ['RSP-RECEIVER-SUCCESS'], 'json', 1_200)], 'one', ctx, target());
    assert.deepEqual(verdicts(moving.parts, 'RSP-GENERATED-AT-MOVES'), ['none', 'pass']);
    const quick = await runSequence([step('ok', 'accepted', ['RSP-RECEIVER-SUCCESS']), step('ok', 'accepted', ['RSP-RECEIVER-SUCCESS'])], 'one', ctx, t);
    assert.deepEqual(verdicts(quick.parts, 'RSP-GENERATED-AT-MOVES'), ['none', 'none'], 'answers within a second are not judged');
  });

  it('records, never fails, a generated_at that stands still when the profile fixes the target\'s clock', async () => {
    const fixed = { profile: changedProfile((doc) => { doc.clock = { fixed: '2026-11-25T12:00:00+03:00' }; }) } as RunContext;
    const t = target((r) => accepted(read(r).format, '2026-11-25 12:00:00'));
    const s = await runSequence([step('ok', 'accepted', ['RSP-RECEIVER-SUCCESS']), step('ok', 'accepted', ['RSP-RECEIVER-SUCCESS'], 'json', 1_200)], 'one', fixed, t);
    const moved = s.parts[1]!.findings.find((f) => f.rule === 'RSP-GENERATED-AT-MOVES')!;
    assert.equal(moved.verdict, 'pass');
    assert.match(moved.note!, /^Recorded \(the profile's clock is fixed\)/);
  });
});

describe('a burst', () => {
  it('blames the overlap when two requests in flight together get each other\'s answers', async () => {
    // Holds each answer until a second request is in flight, then swaps them; alone it answers plainly.
    const waiting: { plain: WireResponse; give: (r: WireResponse) => void }[] = [];
    const t = target((r, plain) => new Promise<WireResponse>((give) => {
      if (r.connection === 'fresh') return give(plain);
      const other = waiting.shift();
      if (other) {
        other.give(plain);
        give(other.plain);
      } else waiting.push({ plain, give });
    }));
    const b = await runBurst([step('ok', 'accepted', ['RSP-RECEIVER-SUCCESS']), step('no', { error: 610002 }, ['ERR-610002'], 'xml')], ctx, t);
    assert.deepEqual(verdicts(b.parts, OVERLAP_RULE), ['fail', 'fail']);
    assert.match(b.parts[0]!.findings.find((f) => f.rule === OVERLAP_RULE)!.received!, /^in flight together with 1 other request: HTTP 400/);
    assert.deepEqual(b.parts.map((p) => p.format), ['json', 'xml'], 'each answer is judged in its own request\'s format');
  });

  it('passes when every request gets its own answer', async () => {
    const t = target();
    const b = await runBurst([step('ok', 'accepted', ['RSP-RECEIVER-SUCCESS']), step('no', { error: 610002 }, ['ERR-610002'], 'xml'), step('ok', 'accepted', ['RSP-RECEIVER-SUCCESS'])], ctx, t);
    assert.deepEqual(verdicts(b.parts, OVERLAP_RULE), ['pass', 'pass', 'pass']);
    assert.equal(t.sent.length, 3, 'nothing is sent again');
  });
});
