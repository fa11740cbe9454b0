// The masking gate against echoing targets, drawn: secrets of the characters escapes change,
// echoed raw or through up to three escapes (each escaping a drawn mix of characters), in a body
// and in a header, read through the transport's mask and cut anywhere as an excerpt is. No run of
// 6 of a secret's characters may be left in anything.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { FRAGMENT, masker } from '../../src/profile/mask.ts';
import { masking, type Transport } from '../../src/client/transport.ts';
import { ESCAPE_NAMES, escaped } from '../hostile/escapes.ts';

/** What JSON, XML and URLs escape, a space, non-ASCII and astral characters, and a few that none does. */
const ALPHABET = ['&', '"', '<', '>', "'", '/', '+', '=', '%', '\\', ' ', 'é', 'Ж', '€', '😀', '𝄞', 'Q', 'z', '7'];

/** A secret: 8 to 24 characters (a profile refuses fewer than 8) of the alphabet. */
const secret = fc.array(fc.constantFrom(...ALPHABET), { minLength: 8, maxLength: 24 }).map((cs) => cs.join(''));

/** How the target echoes: up to three escapes in a row (none: raw), and which optional characters each escapes. */
const echo = fc.record({
  chain: fc.array(fc.constantFrom(...ESCAPE_NAMES), { maxLength: 3 }),
  bits: fc.array(fc.boolean(), { minLength: 1, maxLength: 16 }),
  request: fc.constantFrom('json', 'xml'),
  cut: fc.nat(),
});

const requestText = (kind: string, appkey: string, sessionID: string): string => (kind === 'json'
  ? JSON.stringify({ appkey, sessionID, orderID: '26-0000101' })
  : `<request><appkey>${escaped(appkey, ['xml-named'], [])}</appkey><sessionID>${escaped(sessionID, ['xml-named'], [])}</sessionID></request>`);

/** Every run of FRAGMENT code units of the secrets that `text` holds. */
function fragmentsIn(text: string, secrets: string[]): string[] {
  return secrets.flatMap((s) => Array.from({ length: Math.max(0, s.length - FRAGMENT + 1) }, (_, i) => s.slice(i, i + FRAGMENT))).filter((f) => text.includes(f));
}

describe('the masking gate, against drawn echoes', () => {
  it('leaves no 6 characters of a secret in an echoed body or header, whole or cut anywhere', async () => {
    let runs = 0;
    await fc.assert(fc.asyncProperty(secret, secret, echo, async (appkey, sessionID, e) => {
      runs++;
      const mask = masker({ appkey, sessionID });
      const sent = requestText(e.request, appkey, sessionID);
      const echoed = escaped(sent, e.chain, e.bits);
      const body = `{"errors":[{"code":100001,"message":"cannot read ${echoed}"}]}`;
      const target: Transport = { send: async () => ({ status: 400, headers: { 'x-echo': echoed }, body, ms: 1 }) };
      const res = await masking(target, mask).send({ method: 'POST', url: 'http://127.0.0.1:1/', headers: {}, body: sent });
      const at = e.cut % (body.length + 1);
      const texts = { body: res.body, header: res.headers['x-echo']!, before: mask(body.slice(0, at)), after: mask(body.slice(at)) };
      for (const [where, text] of Object.entries(texts)) assert.deepEqual(fragmentsIn(text, [appkey, sessionID]), [], `${where}: ${text}`);
    }), { numRuns: 200, seed: 34 });
    assert.equal(runs, 200);
  });
});
