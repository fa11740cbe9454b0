// Text values (issue 16): the valid arbitraries reach the whole space a "string" allows
// (astral characters, combining marks, right-to-left text, whitespace at the edges and
// inside, `%`, backslash, the XML specials; multi-byte content at every limit), and the
// embedded reference accepts every generated valid request in both formats and echoes each
// search exactly.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { join } from 'node:path';
import { ROOT, FORMATS, OPERATIONS, type Operation } from '../../src/contract/load.ts';
import { loadProfile } from '../../src/profile/load.ts';
import { referenceEnv } from '../../src/profile/reference.ts';
import { decodeResponse, encodeRequest } from '../../src/codec/index.ts';
import { checkFoundAddresses } from '../../src/checks/found-addresses.ts';
import { startReference } from '../../reference/server.ts';
import { validRequest } from '../../generators/index.ts';
import { emailUpTo, housePart, personName, searchUpTo } from '../../generators/text.ts';
import { ctx, sample, show } from './helpers.ts';

const ASTRAL = /[\u{10000}-\u{10FFFF}]/u;
const COMBINING = /\p{M}/u;
const RIGHT_TO_LEFT = /[\u0590-\u05FF\u0600-\u06FF]/u;
const EDGE = (s: string): boolean => s.trim() !== s;
const INNER_SPACE = (s: string): boolean => /\S\s+\S/u.test(s);
const NON_ASCII = /[^\x00-\x7F]/;
const codePoints = (s: string): number => [...s].length;

/** The labels of `tests` that some value of `values` meets, so a test names what is missing. */
function reached(values: string[], tests: Record<string, (s: string) => boolean>): string[] {
  return Object.entries(tests).filter(([, t]) => !values.some(t)).map(([label]) => label);
}

/** Every string of a request, wherever it sits. */
const strings = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : v !== null && typeof v === 'object' ? Object.values(v).flatMap(strings) : [];

describe('text arbitraries', () => {
  it('names reach astral characters, combining marks, right-to-left text, edge and inner whitespace, %, backslash and the XML specials', () => {
    const names = sample(personName, 600);
    assert.deepEqual(reached(names, {
      astral: (s) => ASTRAL.test(s), combining: (s) => COMBINING.test(s), 'right-to-left': (s) => RIGHT_TO_LEFT.test(s),
      'leading whitespace': (s) => /^\s/u.test(s), 'trailing whitespace': (s) => /\s$/u.test(s), 'inner whitespace': INNER_SPACE,
      '%': (s) => s.includes('%'), backslash: (s) => s.includes('\\'), '&': (s) => s.includes('&'), '<': (s) => s.includes('<'),
    }), []);
    // In a `u` pattern a surrogate range matches only a lone surrogate: a pair is one astral code point.
    // NEL (U+0085) is the one C1 control sent: an XML 1.0 Char the fifth edition does not discourage (A-TEXT-VALUES).
    for (const n of names) assert.ok(n.trim() !== '' && !/[\u0000-\u0008\u000A-\u001F\u007F-\u0084\u0086-\u009F\uFFFE\uFFFF\uD800-\uDFFF]/u.test(n), JSON.stringify(n));
  });

  it('e-mails reach 128 characters with a local part of Cyrillic, astral letters and %, never whitespace', () => {
    const emails = sample(emailUpTo(128), 400);
    const at128 = emails.filter((e) => codePoints(e) === 128);
    assert.deepEqual(reached(at128, { Cyrillic: (s) => /[а-яё]/iu.test(s), astral: (s) => ASTRAL.test(s), '%': (s) => s.split('@')[0]!.includes('%') }), []);
    for (const e of emails) assert.match(e, /^[^\s@.]+@[a-z.]+$/u);
    for (const e of emails) assert.ok(codePoints(e) <= 128, e);
  });

  it('searches reach the limit with astral filler and with whitespace at an edge inside the count, and carry remarks with %', () => {
    const base = 'Москва, ул. Тверская, д. 7';
    const searches = sample(searchUpTo(base, 1024), 600);
    const at1024 = searches.filter((s) => codePoints(s) === 1024);
    assert.deepEqual(reached(at1024, { astral: (s) => ASTRAL.test(s), 'edge whitespace': EDGE }), []);
    assert.deepEqual(reached(searches.filter((s) => codePoints(s) < 1024), { '%': (s) => s.includes('%'), astral: (s) => ASTRAL.test(s), 'edge whitespace': EDGE }), []);
    for (const s of searches) assert.ok(codePoints(s) <= 1024 && s.trimStart().startsWith(base), s.slice(0, 80));
  });

  it('house parts reach the limit with an astral letter and with a space at an edge', () => {
    const parts = sample(housePart(5), 400).filter((p) => codePoints(p) === 5);
    assert.deepEqual(reached(parts, { astral: (s) => ASTRAL.test(s), 'edge whitespace': EDGE, Cyrillic: (s) => /[а-яё]/iu.test(s) }), []);
  });

  for (const op of OPERATIONS) {
    it(`valid ${op} requests carry astral characters, edge whitespace, % and non-ASCII text`, () => {
      const values = sample(validRequest(op, ctx), 300).flatMap(strings);
      assert.deepEqual(reached(values, { astral: (s) => ASTRAL.test(s), 'edge whitespace': EDGE, '%': (s) => s.includes('%'), 'non-ASCII': (s) => NON_ASCII.test(s) }), []);
    });
  }
});

describe('the reference and generated valid requests', () => {
  const profile = loadProfile(join(ROOT, 'profiles', 'reference.yaml'), referenceEnv());
  let reference: Awaited<ReturnType<typeof startReference>>;
  before(async () => { reference = await startReference(); });
  after(async () => { await reference.close(); });

  for (const op of OPERATIONS) {
    it(`accepts every generated valid ${op} request in JSON and XML and echoes each search exactly`, async () => {
      for (const request of sample(validRequest(op as Operation, { profile, now: ctx.now }), 60)) {
        for (const format of FORMATS) {
          const res = await fetch(`${reference.url}/v3/orders/${op}.${format}`, { method: 'POST', body: encodeRequest(format, request) });
          const text = await res.text();
          assert.equal(res.status, 200, `${format} ${show(request)}\n${text.slice(0, 400)}`);
          const decoded = decodeResponse(format, op, text);
          assert.ok(decoded.format === format, text.slice(0, 200));
          const data = (decoded.value as { data?: unknown }).data;
          const failing = checkFoundAddresses(op, request, data).filter((f) => f.verdict !== 'pass');
          assert.deepEqual(failing, [], `${format} ${show(request)}`);
        }
      }
    });
  }
});
