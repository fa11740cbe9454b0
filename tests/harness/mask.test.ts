// Masking for echoing targets: a secret is masked in every chain of escapes an echo makes,
// and no run of 6 of its first characters is left where a text was cut.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MASK, masker, outputMasker } from '../../src/profile/mask.ts';
import { masking, type Transport } from '../../src/client/transport.ts';

const secret = 'Zq7&Lm"x9/Vt+4Rw<p>e';
const xml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const json = (s: string): string => JSON.stringify(s).slice(1, -1);

describe('masker', () => {
  const mask = masker({ appkey: secret });
  for (const [name, spelt] of [
    ['as a JSON request escaped it, quoted again in a JSON answer', json(json(secret))],
    ['as an XML request escaped it, quoted again in an XML answer', xml(xml(secret))],
    ['URL-encoded from a JSON request', encodeURIComponent(json(secret))],
    ['XML-escaped after URL-encoding an XML request', xml(encodeURIComponent(xml(secret)))],
  ]) {
    it(`masks a secret spelt ${name}`, () => {
      assert.equal(mask(`before ${spelt} after`), `before ${MASK} after`);
    });
  }

  it('leaves text without a secret alone', () => {
    assert.equal(mask('Zq7&L is not the key'), 'Zq7&L is not the key');
  });
});

describe('outputMasker', () => {
  const mask = outputMasker({ appkey: secret, sessionID: 'session-0042-abcdef' });
  it('masks 6 or more of a secret\'s first characters, at a cut or anywhere', () => {
    assert.equal(mask(`"appkey":"${secret.slice(0, 13)}… (900 characters)`), `"appkey":"${MASK}… (900 characters)`);
    assert.equal(mask(`a ${secret.slice(0, 6)}`), `a ${MASK}`);
    assert.equal(mask(`id session-0042-ab and session-0042-abcdef`), `id ${MASK} and ${MASK}`);
    assert.equal(mask(json(secret).slice(0, 9)), MASK, 'an escaped spelling\'s start too');
  });

  it('keeps 5 characters, which say nothing', () => {
    assert.equal(mask(`x ${secret.slice(0, 5)}`), `x ${secret.slice(0, 5)}`);
  });
});

describe('masking', () => {
  it('masks a response\'s body, headers and the head a transport error keeps, before anything reads them', async () => {
    const echo: Transport = { send: async (req) => ({ status: 400, headers: { 'x-echo': encodeURIComponent(req.body) }, body: `{"message":"${json(req.body)}"}`, ms: 1 }) };
    const res = await masking(echo, masker({ appkey: secret })).send({ method: 'POST', url: 'http://x', headers: {}, body: `{"appkey":"${json(secret)}"}` });
    assert.ok(!res.body.includes('Zq7') && !res.headers['x-echo']!.includes('Zq7'), JSON.stringify(res));
    assert.match(res.body, /\*\*\*/);
  });
});
