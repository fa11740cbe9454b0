// The masking gate, case by case: a secret is masked in every escape and mix of escapes an echo
// makes, and no run of 6 of its characters is left, at a cut or anywhere else.
// (tests/harness/mask-echo.test.ts draws echoes instead.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MASK, masker, variablesMasker } from '../../src/profile/mask.ts';
import { masking, type Transport } from '../../src/client/transport.ts';

const secret = 'Zq7&Lm"x9/Vt+4Rw<p>e';
const session = "sess'Ab\\Cd/Ef+Gh=Ij";
const xml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const json = (s: string): string => JSON.stringify(s).slice(1, -1);

describe('masker', () => {
  const mask = masker({ appkey: secret, sessionID: session });
  for (const [name, spelt] of [
    ['as a JSON request escaped it, quoted again in a JSON answer', json(json(secret))],
    ['as an XML request escaped it, quoted again in an XML answer', xml(xml(secret))],
    ['URL-encoded from a JSON request', encodeURIComponent(json(secret))],
    ['XML-escaped after URL-encoding an XML request', xml(encodeURIComponent(xml(secret)))],
    ['with `&` escaped and `"` not (the issue\'s leak)', 'Zq7&amp;Lm"x9/Vt+4Rw&lt;p&gt;e'],
    ['JSON-escaped with `\\/` and `\\u` forms', 'Zq7\\u0026Lm\\"x9\\/Vt+4Rw\\u003cp\\u003ee'],
    ['in decimal and hexadecimal character references', 'Zq7&#38;Lm&#x22;x9/Vt&#43;4Rw&#X3C;p>e'],
    ['with a backslash and an apostrophe, JSON-escaped', json(session)],
    ['with a backslash and an apostrophe, JSON-escaped twice', json(json(session))],
    ['with an apostrophe as &apos; and the rest raw', "sess&apos;Ab\\Cd/Ef+Gh=Ij"],
  ]) {
    it(`masks a secret spelt ${name}`, () => {
      assert.equal(mask(`before ${spelt} after`), `before ${MASK} after`);
    });
  }

  it('masks 6 or more of a secret\'s characters at a cut, at either edge, or anywhere', () => {
    assert.equal(mask(`"appkey":"${secret.slice(0, 13)}… (900 characters)`), `"appkey":"${MASK}… (900 characters)`);
    assert.equal(mask(`${secret.slice(7)}" and more`), `${MASK}" and more`);
    assert.equal(mask(`a ${xml(secret).slice(9, 20)} b`), `a ${MASK} b`, 'the middle of an escaped spelling');
    // The runs of the sessionID; `Ab\\Cd` alone is 5 of its characters, escaped.
    assert.equal(mask(`'Ab\\\\Cd/ and Cd/Ef+ and +Gh=Ij`), `${MASK} and ${MASK} and ${MASK}`);
  });

  it('keeps 5 characters, which say nothing, and text without a secret', () => {
    assert.equal(mask(`x ${secret.slice(0, 5)} y ${secret.slice(10, 15)}`), `x ${secret.slice(0, 5)} y ${secret.slice(10, 15)}`);
    assert.equal(mask('Zq7&L is not the key'), 'Zq7&L is not the key');
  });

  it('never cuts an astral character in two', () => {
    const astral = masker({ appkey: '😀a😀b😀c😀d' });
    assert.equal(astral('x😀a😀b😀c😀y'), `x${MASK}y`);
    assert.equal(astral('😀😀b😀c😀d'), `😀${MASK}`);
  });

  it('reads a space of a secret as a form\'s `+` too', () => {
    assert.equal(masker({ appkey: 'open sesame 42' })('q=open+sesame+42&x=1'), `q=${MASK}&x=1`);
  });

  it('leaves the service\'s field names and the spec\'s words standing where a secret holds one', () => {
    const words = masker({ appkey: 'ref-appkey-0001', sessionID: 'ref-session-alice' });
    assert.equal(words('{"appkey":"ref-appkey-0001","sessionID":"ref-session-alice"}'), `{"appkey":"${MASK}","sessionID":"${MASK}"}`);
    assert.equal(words('an order the session has no access to; ref-session-alice'), `an order the session has no access to; ${MASK}`);
  });

  it('masks a secret in a long text searched in pieces, wherever a piece would end', () => {
    // Commas are where a piece may end (no secret holds one); the secret stands across every place near the first end.
    for (let at = 64 * 1024 - 30; at < 64 * 1024 + 5; at++) {
      const text = `${',a'.repeat(at / 2)}${at % 2 ? 'b' : ''}${xml(secret)}${',a'.repeat(50_000)}`;
      assert.ok(!mask(text).includes('x9/Vt'), String(at));
    }
  });

  it('makes one gate for the same variables, and another for other values or names (a replay line asks for one per failing rule)', () => {
    const vars = { sessionId: { value: 'SESSION-4f1c9a2b7d', env: 'OCS_SESSION_ID' } };
    const gate = variablesMasker(vars);
    assert.equal(variablesMasker({ sessionId: { ...vars.sessionId } }), gate);
    assert.equal(gate('id=SESSION-4f1c9a2b7d;'), `id=${MASK};`);
    const other = variablesMasker({ sessionId: { value: 'OTHER-88c1e0f3aa', env: 'OCS_SESSION_ID' } });
    assert.notEqual(other, gate);
    assert.equal(other('OTHER-88c1e0f3aa SESSION-4f1c9a2b7d'), `${MASK} SESSION-4f1c9a2b7d`);
    assert.notEqual(variablesMasker({ sessionId: { value: 'SESSION-4f1c9a2b7d', env: 'OCS_SESSION_ID_2' } }), gate);
  });

  it('masks nothing for no secret', () => {
    assert.equal(masker({ appkey: '', sessionID: '' })('some text'), 'some text');
  });
});

describe('masking', () => {
  it('masks a response\'s body, headers and the head a transport error keeps, before anything reads them', async () => {
    const echo: Transport = { send: async (req) => ({ status: 400, headers: { 'x-echo': encodeURIComponent(req.body) }, body: `{"message":"${json(req.body)}"}`, ms: 1 }) };
    const res = await masking(echo, masker({ appkey: secret })).send({ method: 'POST', url: 'http://x', headers: {}, body: `{"appkey":"${json(secret)}"}` });
    assert.ok(!res.body.includes('Zq7') && !res.headers['x-echo']!.includes('Zq7'), JSON.stringify(res));
    assert.match(res.body, /\*\*\*/);
  });

  it('masks the status line and a later head a target wrote after its answer, which the message checks quote', async () => {
    const echo: Transport = { send: async () => ({ status: 200, headers: {}, body: '', ms: 1, afterAnswer: { answered: true, closed: true, laterBytes: 9, statusLine: `HTTP/1.1 200 ${secret}`, laterHead: `HTTP/1.1 400 x\r\nx-echo: ${secret}` } }) };
    const res = await masking(echo, masker({ appkey: secret })).send({ method: 'POST', url: 'http://x', headers: {}, body: '' });
    assert.ok(!res.afterAnswer!.statusLine!.includes('Zq7') && !res.afterAnswer!.laterHead!.includes('Zq7'), JSON.stringify(res.afterAnswer));
    assert.match(res.afterAnswer!.statusLine!, /^HTTP\/1\.1 200 /);
    assert.equal(res.afterAnswer!.laterBytes, 9);
  });

  it('masks a body and a header it was given before as it did the first time, reading each text once', async () => {
    const gate = masker({ appkey: secret });
    const read: string[] = [];
    const counting = (text: string): string => { read.push(text); return gate(text); };
    const echo: Transport = { send: async (req) => ({ status: 200, headers: { 'x-echo': req.body, 'content-type': 'application/json' }, body: req.body, ms: 1 }) };
    const t = masking(echo, counting);
    const sent = { method: 'POST', url: 'http://x', headers: {}, body: `{"appkey":"${secret}"}` };
    const first = await t.send(sent);
    const again = await t.send(sent);
    assert.deepEqual(again, first);
    assert.equal(first.body, gate(sent.body));
    assert.ok(!first.body.includes('Zq7') && !first.headers['x-echo']!.includes('Zq7'), JSON.stringify(first));
    assert.deepEqual(read.sort(), [sent.body, 'application/json'].sort(), 'each distinct text read once');
    const plain = { ...sent, body: '{"appkey":"none"}' };
    const clean = await t.send(plain);
    assert.equal(clean.body, plain.body, 'a text without a secret stays');
  });
});
