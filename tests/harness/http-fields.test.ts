// The HTTP fields every answer is judged on (src/checks/http-fields.ts): Date on a 2xx and a 4xx,
// written as an IMF-fixdate naming a real instant, near the target's clock; Content-Encoding
// naming the codings undone. And the messages' judgements (src/checks/message.ts), on their one
// rule: a 400 that closes, a connection closed after Connection: close, no 2xx to a body cut
// short, an Allow with a 405, no 5xx to a large header field.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { httpFieldFindings, imfFixdate } from '../../src/checks/http-fields.ts';
import { messageFindings } from '../../src/checks/message.ts';
import type { WireResponse } from '../../src/client/transport.ts';
import type { Finding } from '../../src/checks/finding.ts';

const sentAt = new Date('2026-11-25T09:00:00Z');
const answer = (status: number, headers: Record<string, string>, more: Partial<WireResponse> = {}): WireResponse => ({ status, headers, body: '', ms: 5, ...more });
const of = (findings: Finding[], rule: string): Finding | undefined => findings.find((f) => f.rule === rule);

describe('IMF-fixdate', () => {
  it('reads the instant a well-formed date names, a leap second included', () => {
    assert.deepEqual(imfFixdate('Wed, 25 Nov 2026 09:00:00 GMT'), { at: sentAt.getTime() });
    assert.ok('at' in imfFixdate('Wed, 31 Dec 2025 23:59:60 GMT'));
    assert.ok('at' in imfFixdate('Thu, 29 Feb 2024 00:00:00 GMT'), 'a leap day');
  });

  it('refuses other formats, days no month has, times no day has and a wrong day-name', () => {
    for (const [value, problem] of [
      ['2026-11-25T09:00:00.000Z', /IMF-fixdate/], ['Wednesday, 25-Nov-26 09:00:00 GMT', /IMF-fixdate/], ['Wed Nov 25 09:00:00 2026', /IMF-fixdate/],
      ['Wed, 25 Nov 2026 09:00:00 UTC', /IMF-fixdate/], ['Wed,  25 Nov 2026 09:00:00 GMT', /IMF-fixdate/], ['Sat, 29 Feb 2025 00:00:00 GMT', /no such day/],
      ['Wed, 25 Nov 2026 24:00:00 GMT', /no time of day/], ['Thu, 25 Nov 2026 09:00:00 GMT', /is a Wed, not a Thu/],
    ] as const) {
      const read = imfFixdate(value);
      assert.ok('problem' in read, value);
      assert.match(read.problem, problem, value);
    }
  });
});

describe('the HTTP fields of an answer', () => {
  const date = 'Wed, 25 Nov 2026 09:00:01 GMT';
  it('passes a 200 and a 400 with a Date near the clock, and no coding named for none applied', () => {
    for (const status of [200, 400]) {
      const findings = httpFieldFindings(answer(status, { date }), sentAt);
      for (const rule of ['HTTP-DATE', 'HTTP-DATE-FORMAT', 'HTTP-DATE-NOW', 'HTTP-CONTENT-ENCODING']) assert.equal(of(findings, rule)?.verdict, 'pass', `${status} ${rule}`);
    }
  });

  it('fails a 2xx or 4xx without Date, but not a 5xx', () => {
    assert.equal(of(httpFieldFindings(answer(400, {}), sentAt), 'HTTP-DATE')?.verdict, 'fail');
    assert.equal(of(httpFieldFindings(answer(500, {}), sentAt), 'HTTP-DATE'), undefined);
  });

  it('fails a Date in another format, or two of them, and warns of one far from the clock', () => {
    assert.equal(of(httpFieldFindings(answer(200, { date: sentAt.toISOString() }), sentAt), 'HTTP-DATE-FORMAT')?.verdict, 'fail');
    assert.equal(of(httpFieldFindings(answer(200, { date: `${date}, ${date}` }), sentAt), 'HTTP-DATE-FORMAT')?.verdict, 'fail', 'two Date lines joined');
    const late = of(httpFieldFindings(answer(200, { date: 'Sun, 25 Oct 2026 09:00:00 GMT' }), sentAt), 'HTTP-DATE-NOW');
    assert.equal(late?.verdict, 'fail');
    assert.equal(late?.level, 'SHOULD');
  });

  it('fails an answer whose body was not in the codings it named', () => {
    const findings = httpFieldFindings(answer(200, { date, 'content-encoding': 'deflate' }, { contentCoding: 'Content-Encoding deflate names deflate, but the body does not decode as deflate' }), sentAt);
    assert.equal(of(findings, 'HTTP-CONTENT-ENCODING')?.verdict, 'fail');
    assert.match(of(httpFieldFindings(answer(200, { date, 'content-encoding': 'gzip' }), sentAt), 'HTTP-CONTENT-ENCODING')?.note ?? '', /gzip, decoded/);
  });
});

describe('a message judged on its one rule', () => {
  const after = (answered: boolean, closed: boolean, laterBytes = 0) => ({ afterAnswer: { answered, closed, laterBytes } });
  const verdict = (kind: Parameters<typeof messageFindings>[0], res: WireResponse): string => messageFindings(kind, res, 'POST')[0]!.verdict;

  it('holds a forbidden message to 400, and to a closed connection where RFC 9112 says so', () => {
    assert.equal(verdict('no-host', answer(400, {}, after(true, false))), 'pass', 'a bare 400 is right; closing is not asked');
    assert.equal(verdict('no-host', answer(200, {}, after(true, false))), 'fail');
    assert.equal(verdict('two-hosts', answer(0, {}, after(false, true))), 'fail', 'no answer where a 400 is due');
    assert.equal(verdict('content-length-twice', answer(400, {}, after(true, true))), 'pass');
    assert.equal(verdict('content-length-twice', answer(400, {}, after(true, false))), 'fail');
  });

  it('holds Connection: close to a closed connection that answers nothing after', () => {
    assert.equal(verdict('connection-close', answer(200, {}, after(true, true))), 'pass');
    assert.equal(verdict('connection-close', answer(200, {}, after(true, false, 120))), 'fail');
    assert.equal(verdict('connection-close', answer(200, {}, after(true, false))), 'fail');
  });

  it('takes any answer to a body cut short but a 2xx, and any to a large header field but a 5xx or none', () => {
    assert.equal(verdict('body-cut-short', answer(0, {}, after(false, true))), 'pass');
    assert.equal(verdict('body-cut-short', answer(400, {}, after(true, true))), 'pass');
    assert.equal(verdict('body-cut-short', answer(200, {}, after(true, false))), 'fail');
    for (const status of [200, 400, 431]) assert.equal(verdict('huge-header', answer(status, {}, after(true, false))), 'pass', String(status));
    assert.equal(verdict('huge-header', answer(500, {}, after(true, false))), 'fail');
    assert.equal(verdict('huge-header', answer(0, {}, after(false, true))), 'fail');
  });

  it('holds a 405 to an Allow naming the profile\'s method, and records any other answer', () => {
    assert.equal(verdict('other-method', answer(405, { allow: 'POST' })), 'pass');
    assert.equal(verdict('other-method', answer(405, { allow: 'GET, HEAD' })), 'fail');
    assert.equal(verdict('other-method', answer(405, {})), 'fail');
    assert.match(messageFindings('other-method', answer(404, {}), 'POST')[0]!.note ?? '', /^Recorded: HTTP 404/);
  });
});
