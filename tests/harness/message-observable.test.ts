// The judgement of the messages of issue 42 (src/checks/message-observable.ts, via
// src/checks/message.ts): for each, an answer that passes its rule and one that fails it, and
// HTTP-CLOSE-SENT on every message whose answer says close.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { messageFindings } from '../../src/checks/message.ts';
import type { MessageKind } from '../../src/client/message-kinds.ts';
import { finalStatusLine } from '../../src/client/message-heads.ts';
import type { WireResponse } from '../../src/client/transport.ts';

type After = NonNullable<WireResponse['afterAnswer']>;
const answer = (status: number, after: Partial<After> = {}, headers: Record<string, string> = {}, body = '{"data":{"status":"success"}}'): WireResponse =>
  ({ status, headers, body, ms: 1, afterAnswer: { answered: true, closed: false, laterBytes: 0, statusLine: `HTTP/1.1 ${status} X`, ...after } });
const verdicts = (kind: MessageKind, res: WireResponse): string[] => messageFindings(kind, res, 'POST').map((f) => `${f.rule} ${f.verdict}`);

const GET_HEAD = 'HTTP/1.1 405 Method Not Allowed\r\nAllow: POST\r\nContent-Type: application/json\r\nContent-Length: 262\r\nConnection: close';

/** Per message: an answer its rule passes, and one it fails. */
const CASES: [MessageKind, WireResponse, WireResponse][] = [
  ['chunk-extension', answer(200), answer(400)],
  ['http10-transfer-encoding', answer(400, { closed: true }), answer(400)],
  ['pipelined', answer(200), answer(405)],
  ['head', answer(405, { closed: true, afterHead: 0 }), answer(405, { closed: true, afterHead: 262 })],
  ['head-length', answer(405, { laterHead: GET_HEAD }, { 'content-length': '262' }), answer(405, { laterHead: GET_HEAD }, { 'content-length': '0' })],
  ['head-fields', answer(405, { laterHead: GET_HEAD }, { allow: 'POST', 'content-type': 'application/json' }), answer(405, { laterHead: GET_HEAD }, { 'content-type': 'application/json' })],
  ['safe-method-with-body', answer(405), answer(200)],
  ['delete-with-body', answer(405), answer(200)],
  ['absolute-form-other-host', answer(200), answer(404)],
  ['leading-empty-line', answer(200), answer(400)],
  ['close-in-list', answer(200, { closed: true }), answer(200, { laterBytes: 90 })],
  ['padded-field-value', answer(200), answer(415)],
  ['quoted-charset', answer(200), answer(415)],
  ['close-announced', answer(200, { saidClose: true, closed: true }), answer(200, { saidClose: true, laterBytes: 90 })],
  ['status-line', answer(200), answer(200, { statusLine: 'HTTP/1.1 200' })],
  ['kept-alive', answer(200, { laterBytes: 90 }), answer(200, { closed: true })],
  ['transfer-encoding-unknown', answer(501), answer(200)],
  ['connect-empty-port', answer(0, { answered: false, closed: true }), answer(200)],
  ['options', answer(405), answer(200)],
  ['unallowed-method', answer(405), answer(404)],
  ['accept-encoding-unknown', answer(200), answer(200, {}, { 'content-encoding': 'gzip' })],
  ['unknown-method', answer(501), answer(400)],
  ['long-method', answer(501), answer(405)],
  ['http12', answer(200), answer(400)],
  ['chunk-extension-whitespace', answer(200), answer(400)],
  ['field-without-colon', answer(400, { closed: true }, {}, '400 Bad Request: a field line without a colon'), answer(400, { closed: true }, {}, '')],
];

describe('the messages of the observable standards', () => {
  for (const [kind, pass, fail] of CASES) {
    it(`${kind}: passes its rule on a right answer and fails it on a wrong one`, () => {
      const [own] = verdicts(kind, pass);
      assert.match(own ?? '', / pass$/, `${kind}: ${own}`);
      assert.match(verdicts(kind, fail)[0] ?? '', / fail$/);
    });
  }

  it('skips kept-alive as not applicable where its answer said close (RFC 9112 9.6), and fails a connection closed unannounced', () => {
    const said = messageFindings('kept-alive', answer(200, { saidClose: true, closed: true }), 'POST').find((f) => f.rule === 'HTTP-PERSISTENT-CONNECTIONS')!;
    assert.equal(said.verdict, 'skip');
    assert.match(said.note ?? '', /^not applicable: its answer said close/);
    assert.deepEqual(verdicts('kept-alive', answer(200, { closed: true })).filter((v) => v.startsWith('HTTP-PERSISTENT-CONNECTIONS')), ['HTTP-PERSISTENT-CONNECTIONS fail']);
  });

  it('judges nothing it could not see: a safe method sent as HEAD (the profile\'s verb GET), a head past the bytes kept, a status line not among them', () => {
    const asHead = messageFindings('safe-method-with-body', answer(200), 'GET')[0]!;
    assert.deepEqual([asHead.rule, asHead.verdict], ['HTTP-SAFE-METHOD', 'skip']);
    assert.match(asHead.note ?? '', /^not applicable: the profile's verb is GET/);
    assert.deepEqual(verdicts('safe-method-with-body', answer(200)), ['HTTP-SAFE-METHOD fail'], 'with POST the same answer fails');
    assert.deepEqual(verdicts('head', answer(405, { closed: true })), ['HTTP-HEAD-NO-CONTENT skip']);
    assert.deepEqual(verdicts('status-line', answer(200, { statusLine: undefined })), ['HTTP-STATUS-LINE skip']);
  });

  it('reads the final status line past 1xx heads, and where the final head runs past the bytes kept', () => {
    const cookies = `Set-Cookie: ${'a'.repeat(3000)}`;
    assert.equal(finalStatusLine(`HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 200 OK\r\n${cookies}`.slice(0, 2048)), 'HTTP/1.1 200 OK');
    assert.equal(finalStatusLine('HTTP/1.1 200 OK\r\n\r\n{}'), 'HTTP/1.1 200 OK');
    assert.equal(finalStatusLine(`HTTP/1.1 103 Early Hints\r\n${cookies}`.slice(0, 2048)), undefined, 'a 1xx head cut before its end hides the final one');
  });

  it('holds any message whose answer says close to closing, and none that does not say it', () => {
    assert.deepEqual(verdicts('huge-header', answer(200, { saidClose: true, closed: true })), ['HTTP-HEADER-TOO-LARGE pass', 'HTTP-CLOSE-SENT pass']);
    assert.deepEqual(verdicts('huge-header', answer(200, { saidClose: true })), ['HTTP-HEADER-TOO-LARGE pass', 'HTTP-CLOSE-SENT fail']);
    assert.deepEqual(verdicts('huge-header', answer(200)), ['HTTP-HEADER-TOO-LARGE pass']);
    assert.deepEqual(verdicts('pipelined', answer(200, { saidClose: true })), ['HTTP-PIPELINE-ORDER pass'], 'node:http drops a pipelined connection itself');
  });

  it('holds every message answered 4xx to explaining it (RFC 9110 15.5), but one sent as HEAD, and judges nothing else so', () => {
    const explained = (kind: MessageKind, res: WireResponse, method = 'POST'): string[] =>
      messageFindings(kind, res, method).filter((f) => f.rule === 'HTTP-ERROR-EXPLAINED').map((f) => f.verdict);
    assert.deepEqual(explained('two-hosts', answer(400, { closed: true }, {}, '')), ['fail'], 'the bare 400 a parser writes');
    assert.deepEqual(explained('two-hosts', answer(400, { closed: true }, {}, 'two Host lines')), ['pass']);
    assert.deepEqual(explained('huge-header', answer(431, { closed: true }, {}, ' \r\n')), ['fail'], 'whitespace explains nothing');
    assert.deepEqual(explained('other-method', answer(405, {}, { allow: 'POST' }, '')), ['fail']);
    assert.deepEqual(explained('transfer-encoding-unknown', answer(501, {}, {}, '')), [], 'a 5xx is not a 4xx');
    assert.deepEqual(explained('two-hosts', answer(0, { answered: false, closed: true }, {}, '')), [], 'no answer, nothing to explain');
    for (const kind of ['head', 'head-fields', 'head-length', 'connect-empty-port'] as const) assert.deepEqual(explained(kind, answer(405, { closed: true, afterHead: 0 }, {}, '')), [], kind);
    assert.deepEqual(explained('safe-method-with-body', answer(405, {}, {}, ''), 'GET'), [], 'the safe method sent is HEAD');
    assert.deepEqual(explained('field-without-colon', answer(400, {}, {}, '')), ['fail'], 'judged once, on its own rule');
    const accepted = messageFindings('field-without-colon', answer(200), 'POST');
    assert.deepEqual(accepted.map((f) => `${f.rule} ${f.verdict}`), ['HTTP-ERROR-EXPLAINED skip']);
    assert.match(accepted[0]!.note ?? '', /^not applicable: its answer is no 4xx \(HTTP 200\)/);
  });

  it('records a HEAD and GET pair it cannot compare, and passes a close-announced answer that says nothing of close', () => {
    assert.match(messageFindings('head-fields', answer(405), 'POST')[0]?.note ?? '', /no answer to the GET/);
    const pushedBack = answer(405, { laterHead: 'HTTP/1.1 429 Too Many Requests\r\nRetry-After: 1\r\nContent-Length: 0' }, { 'content-length': '262' });
    for (const kind of ['head-fields', 'head-length'] as const) assert.match(messageFindings(kind, pushedBack, 'POST')[0]?.note ?? '', /got HTTP 429, the HEAD 405/, kind);
    assert.match(messageFindings('close-announced', answer(200), 'POST')[0]?.note ?? '', /did not say close/);
  });
});
