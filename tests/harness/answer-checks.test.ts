// The checks of issue 29 and 26 on one answer: a whole answer whose body is well formed in no
// format fails the format rule (it erred before); an answer the HTTP parser refused fails the
// framing rule with the parser's code and bytes; a stall, a misframed HTTP/1.0 answer and a
// generated_at far from the target's clock each fail their rule; and nothing fails on a good answer.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FramingError, type WireResponse } from '../../src/client/transport.ts';
import { judge } from '../../src/checks/judge.ts';
import { framingFailure, wireFindings } from '../../src/checks/wire.ts';
import { generatedAtClock, stampSeconds } from '../../src/checks/generated-at.ts';
import type { Finding } from '../../src/checks/finding.ts';
import { changedProfile, referenceProfile } from './helpers.ts';

const profile = referenceProfile();
const at = new Date('2026-11-25T09:00:00Z');
const local = '2026-11-25 12:00:00';
const json = (status: number, body: string): WireResponse => ({ status, headers: { 'content-type': 'application/json' }, body, ms: 5 });
const ok = (generatedAt = local): string => JSON.stringify({ metadata: { status: 200, generated_at: generatedAt }, data: { status: 'success' } });
const of = (findings: Finding[], rule: string): Finding | undefined => findings.find((f) => f.rule === rule);
const judged = (res: WireResponse, expect: Parameters<typeof judge>[0]['case']['expect'] = 'accepted'): Finding[] =>
  judge({ case: { operation: 'change_receiver', rules: ['RSP-RECEIVER-SUCCESS'], expect }, format: 'json', request: undefined, response: res, sentAt: at }, profile);

describe('one answer', () => {
  it('passes the wire and clock rules when it is framed, timely and on time', () => {
    const findings = judged({ ...json(200, ok()), reused: true });
    for (const rule of ['WIRE-RESPONSE-FRAMING', 'WIRE-KEEP-ALIVE', 'RSP-GENERATED-AT-CLOCK', 'RSP-FORMAT-FOLLOWS-PATH']) assert.equal(of(findings, rule)?.verdict, 'pass', rule);
  });

  it('judges WIRE-KEEP-ALIVE only where a connection was kept, or closed by the target', () => {
    assert.equal(of(wireFindings(json(200, ok())), 'WIRE-KEEP-ALIVE'), undefined, 'a new connection left open shows nothing');
    const closing = { ...json(200, ok()), headers: { 'content-type': 'application/json', connection: 'close' } };
    assert.equal(of(wireFindings(closing), 'WIRE-KEEP-ALIVE')?.verdict, 'pass', 'a target may refuse to keep connections');
  });

  it('fails the format rule, not errs, when it came whole but is well formed in no format', () => {
    const body = '{"metadata":{"status":400,"generated_at":"2026-11-25 12:00:00"},"errors":[{"code":610002,"detail":"нет\n"}]}';
    const findings = judged(json(400, body), { error: 610002 });
    assert.equal(of(findings, 'RSP-FORMAT-FOLLOWS-PATH')?.verdict, 'fail');
    assert.match(of(findings, 'RSP-FORMAT-FOLLOWS-PATH')!.received!, /^a whole answer whose body is well formed in no format/);
    assert.equal(of(findings, 'RSP-RECEIVER-SUCCESS')?.verdict, 'fail', 'no error number can be read from it');
    assert.ok(findings.every((f) => f.verdict !== 'error'), 'nothing errs');
  });

  it('fails WIRE-KEEP-ALIVE with both timings when the transport attributed a stall', () => {
    const f = of(wireFindings({ ...json(200, ok()), stalled: { keptMs: 1500.4, freshMs: 3.2 } }), 'WIRE-KEEP-ALIVE')!;
    assert.equal(f.verdict, 'fail');
    assert.match(f.received!, /no answer within 1500 ms on a kept-alive connection .*answered in 3 ms/);
  });

  it('fails the rule a misframed answer names', () => {
    const http10 = wireFindings({ ...json(200, ok()), misframed: { rule: 'WIRE-HTTP10', problem: 'Transfer-Encoding: chunked in an answer to HTTP/1.0' } });
    assert.equal(of(http10, 'WIRE-HTTP10')?.verdict, 'fail');
    assert.equal(of(http10, 'WIRE-RESPONSE-FRAMING')?.verdict, 'pass');
    const length = wireFindings({ ...json(200, ok()), misframed: { rule: 'WIRE-RESPONSE-FRAMING', problem: 'Content-Length 80, but 96 bytes came' } });
    assert.equal(of(length, 'WIRE-RESPONSE-FRAMING')?.verdict, 'fail');
    assert.equal(of(length, 'WIRE-HTTP10'), undefined, 'HTTP/1.0 is judged only where it was sent');
  });

  it('fails WIRE-RESPONSE-FRAMING on what the parser refused, quoting its code and bytes', () => {
    const f = framingFailure(new FramingError('Content-Length can\'t be present with Transfer-Encoding', 'HPE_UNEXPECTED_CONTENT_LENGTH', 'HTTP/1.1 200 OK\r\ncontent-length: 3\r\ntransfer-encoding: chunked\r\n'));
    assert.equal(f.verdict, 'fail');
    assert.match(f.received!, /^the parser refused it \(HPE_UNEXPECTED_CONTENT_LENGTH\): .*transfer-encoding: chunked/);
  });

  it('holds generated_at to the target\'s clock in the profile\'s time zone, a SHOULD, and skips it without a zone', () => {
    assert.equal(generatedAtClock(local, at, 5, profile).verdict, 'pass');
    assert.equal(generatedAtClock('2026-11-25 12:04:59', at, 5, profile).verdict, 'pass', 'within 300 s');
    const utc = generatedAtClock('2026-11-25 09:00:00', at, 5, profile);
    assert.equal(utc.verdict, 'fail');
    assert.equal(utc.level, 'SHOULD');
    assert.match(utc.received!, /10800 s from the target's clock/);
    assert.equal(generatedAtClock('2026-11-25T12:00:00', at, 5, profile).verdict, 'skip', 'a malformed stamp is RSP-GENERATED-AT\'s');
    const zoneless = changedProfile((doc) => { delete doc.timeZone; });
    assert.equal(generatedAtClock(local, at, 5, zoneless).verdict, 'skip');
  });

  it('reads the same stamp and the same second of the target\'s clock alike however often, each profile on its own clock', () => {
    assert.equal(stampSeconds('2026-02-30 10:00:00'), undefined);
    assert.equal(stampSeconds('2026-11-25 12:00:00'), Date.UTC(2026, 10, 25, 12) / 1000);
    assert.equal(stampSeconds('2026-11-25 12:00:00'), Date.UTC(2026, 10, 25, 12) / 1000, 'read again');
    assert.equal(stampSeconds('2026-02-30 10:00:00'), undefined, 'an earlier stamp read again');
    const tokyo = changedProfile((doc) => { doc.timeZone = 'Asia/Tokyo'; });
    // The same instant, one clock after the other within its second: 12:00 in Moscow is 18:00 in Tokyo.
    for (let i = 0; i < 2; i++) {
      assert.equal(generatedAtClock(local, at, 5, profile).verdict, 'pass');
      assert.equal(generatedAtClock(local, at, 5, tokyo).verdict, 'fail', 'another profile\'s zone');
      assert.equal(generatedAtClock('2026-11-25 18:00:00', new Date(at.getTime() + 999 - (at.getTime() % 1000)), 5, tokyo).verdict, 'pass');
    }
  });
});
