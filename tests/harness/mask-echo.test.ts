// The masking gate against echoing targets, drawn: secrets of the characters escapes change,
// echoed raw or through up to three escapes (each escaping a drawn mix of characters), in a body
// and in a header, read through the transport's mask and cut anywhere as an excerpt is. No run of
// 6 of a secret's characters may be left in anything. Then secrets that share runs with the
// harness's own words (`EVAL-SESSION-8D41B0E6` and TOP-SESSIONID-REQUIRED): the report's text
// stays whole, and the echoes still keep nothing of them but the harness's words.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { FRAGMENT, masker, variablesMasker } from '../../src/profile/mask.ts';
import { publicWords } from '../../src/profile/public-words.ts';
import { loadRules } from '../../src/contract/load.ts';
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

const RULES = loadRules();
/** Words of the harness a secret may share a run with: rule IDs, field names, file names. */
const SHARED = [...RULES.map((r) => r.id), 'appkey', 'sessionID', 'orderID', 'receiver', 'storePayer', 'counteragentID', 'contactPersons', 'generated_at', 'foundAddresses', 'summary.json', 'conformance.html', 'change_receiver'];
const ALNUM = [...'AEILNOSVZakpq0123456789'];

/**
 * A secret holding 6 or more characters of a harness word (`EVAL-` `SESSION` `-8D41B0E6`;
 * `APPKEY-REQUIRED` `-7F3A`; `tok-` `sessionID` `-42`): drawn ends around the piece, each joined
 * to it by a letter or digit. Where the piece meets a word of the report, that letter or digit
 * is where the secret and the word part, as they do in every realistic secret: a secret that
 * goes on past a word with the very characters the report writes beside it (`"`, `#rule-`)
 * cannot be told from the report there, and is masked with them (src/profile/mask.ts).
 */
const sharing = fc.record({
  word: fc.constantFrom(...SHARED), at: fc.nat(), length: fc.integer({ min: FRAGMENT, max: 24 }),
  head: fc.array(fc.constantFrom(...ALNUM, '-', ...ALPHABET), { maxLength: 6 }), tail: fc.array(fc.constantFrom(...ALNUM, '-', ...ALPHABET), { maxLength: 8 }),
  joins: fc.tuple(fc.constantFrom(...ALNUM), fc.constantFrom(...ALNUM)),
}).map(({ word, at, length, head, tail, joins }) => {
  const from = at % (word.length - FRAGMENT + 1);
  return `${head.join('')}${joins[0]}${word.slice(from, from + length)}${joins[1]}${tail.join('')}`;
});

/** A report as the harness writes one: summary.json rows, JUnit test cases, the certificate's anchors, a curl line, the files. */
const REPORT = [
  ...RULES.map((r) => `{"id":${JSON.stringify(r.id)},"level":"${r.level}","title":${JSON.stringify(r.title)},"json":"pass","xml":"fail"}`),
  ...RULES.map((r) => `<testcase name="${r.id} [json] ${r.title.replace(/[<&"]/g, '')}"/><a href="#rule-${r.id}" data-rule="${r.id}">`),
  `curl -sS -X POST 'http://127.0.0.1:1/v3/orders/change_receiver.json' --data-binary '{"appkey":"'"$OCS_APPKEY"'","sessionID":"'"$OCS_SESSION_ID"'","orderID":"26-0000101"}'`,
  'Reports: reports/conformance.html, reports/html/index.html, reports/summary.json, reports/junit.xml; see suites/change_receiver/auth.yaml:12',
].join('\n');

/** The text with every occurrence of a harness word taken out: what a leak would still show. */
const WORDS = [...publicWords(), 'OCS_APPKEY', 'OCS_SESSION_ID'].sort((a, b) => b.length - a.length);
const withoutWords = (text: string): string => WORDS.reduce((t, w) => t.split(w).join('\u0000'), text);

describe('the masking gate, against secrets that share runs with the harness\'s words', () => {
  it('keeps every rule ID, field name and file name of a report whole, and leaves nothing of an echoed secret but those words', async () => {
    let runs = 0;
    await fc.assert(fc.asyncProperty(sharing, sharing, echo, async (appkey, sessionID, e) => {
      runs++;
      const mask = variablesMasker({ appkey: { value: appkey, env: 'OCS_APPKEY' }, sessionID: { value: sessionID, env: 'OCS_SESSION_ID' } });
      assert.equal(mask(REPORT), REPORT, `the report's own text, with secrets ${appkey} and ${sessionID}`);
      const echoed = escaped(requestText(e.request, appkey, sessionID), e.chain, e.bits);
      const body = `{"errors":[{"code":100002,"message":"unknown ${echoed}","fields":["appkey","sessionID"]}]}`;
      const evidence = `<testcase name="AUTH-SESSIONID-VALID [json] MUST refuse an unknown sessionID"><failure>Received: ${body}</failure></testcase>`;
      const masked = mask(`${REPORT}\n${evidence}`);
      for (const r of RULES) assert.ok(masked.includes(`{"id":"${r.id}"`) && masked.includes(`href="#rule-${r.id}"`), `${r.id} altered with secrets ${appkey} and ${sessionID}`);
      const at = e.cut % (body.length + 1);
      for (const text of [masked, mask(body.slice(0, at)), mask(body.slice(at))]) {
        assert.deepEqual(fragmentsIn(withoutWords(text), [appkey, sessionID]), [], text.slice(-600));
      }
    }), { numRuns: 150, seed: 43, examples: [['APPKEY-REQUIRED-7F3A', 'EVAL-SESSION-8D41B0E6', { chain: [], bits: [false], request: 'json', cut: 40 }],
      // `-SAFE-` of HTTP-SAFE-METHOD, which the certificate's anchor `#rule-SAFE-XML-…` holds across `rule-` and the ID.
      ['ATOP-APA', 'AHTTP-SAFE-A', { chain: [], bits: [false], request: 'json', cut: 0 }]] });
    assert.equal(runs, 150);
  });

  it('prints the issue\'s rule IDs whole with sessionID EVAL-SESSION-8D41B0E6, and masks the session itself', () => {
    const mask = variablesMasker({ appkey: { value: 'APPKEY-REQUIRED-7F3A', env: 'OCS_APPKEY' }, sessionID: { value: 'EVAL-SESSION-8D41B0E6', env: 'OCS_SESSION_ID' } });
    const line = '{"id":"TOP-SESSIONID-REQUIRED"},{"id":"AUTH-SESSIONID-VALID"},{"id":"TOP-APPKEY-REQUIRED"}: unknown EVAL-SESSION-8D41B0E6, APPKEY-REQUIRED-7F3A; TOP-APPKEY-REQUIRED-7F3A';
    assert.equal(mask(line), '{"id":"TOP-SESSIONID-REQUIRED"},{"id":"AUTH-SESSIONID-VALID"},{"id":"TOP-APPKEY-REQUIRED"}: unknown ***, ***; TOP-***');
  });
});
