// The catalogues of text edges (contract/edges/text.yaml, free-text.yaml; issue 32, methods 1a
// and 1b): every entry sourced and true to what it claims (how each counting counts it, that it
// is a digit or not, that JSON and XML carry it and the field it is sent in allows it), every
// string field of the request schemas placed in a kind, and every entry and every limited field
// drawn by the scenarios: a catalogue entry no probe sends is a defect.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { CONTRACT_DIR, OPERATIONS, type Operation } from '../../src/contract/load.ts';
import { loadRelations } from '../../src/contract/relations.ts';
import { requestFields, textKind, type RequestField } from '../../src/contract/string-fields.ts';
import { freeTextCatalogue, pathMatches, ruleAt, textCatalogue, type Counting } from '../../src/contract/text-edges.ts';
import { buildRequest } from '../../src/scenario/build.ts';
import { loadAllCases, loadBases } from '../../src/scenario/load.ts';
import { MissingFixture } from '../../src/scenario/missing.ts';
import type { LoadedCase } from '../../src/scenario/types.ts';
import { ctx } from '../generators/helpers.ts';

const text = textCatalogue();
const free = freeTextCatalogue();
const cp = (s: string): number => [...s].length;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const EDGE_WHITESPACE = /^\p{White_Space}+|\p{White_Space}+$/gu;

/** How each counting of text.yaml counts `s`. */
const COUNT: Record<Counting, (s: string) => number> = {
  codePoints: cp,
  utf16: (s) => s.length,
  utf8: (s) => Buffer.byteLength(s, 'utf8'),
  nfc: (s) => cp(s.normalize('NFC')),
  nfd: (s) => cp(s.normalize('NFD')),
  nfkc: (s) => cp(s.normalize('NFKC')),
  nfkd: (s) => cp(s.normalize('NFKD')),
  graphemes: (s) => [...segmenter.segment(s)].length,
  visible: (s) => cp(s.replace(/\p{Cf}/gu, '')),
  trimmed: (s) => cp(s.replace(EDGE_WHITESPACE, '')),
};
const COUNTINGS = Object.keys(COUNT) as Counting[];
const countedAs = (s: string, cmp: (n: number, base: number) => boolean): Counting[] => COUNTINGS.filter((c) => cmp(COUNT[c](s), cp(s)));

/** A character XML 1.0 (§2.2 Char) and JSON carry, and a valid value may hold: no control but NEL, no surrogate, no U+FFFE or U+FFFF. */
const CARRIED = /^[^\u0000-\u001F\u007F-\u0084\u0086-\u009F\uFFFE\uFFFF\p{Cs}]*$/u;
/** RFC 5322 §3.2.3 atext, and any non-ASCII character (RFC 6531 §3.3). */
const ATEXT = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~\u0080-\u{10FFFF}]+$/u;

describe('contract/edges/text.yaml', () => {
  it('gives every entry a unique id, a text and a source, and describes every counting it names', () => {
    const all = [...text.limited, ...text.digits];
    assert.equal(new Set(all.map((e) => e.id)).size, all.length, 'duplicate ids');
    for (const e of all) assert.ok(e.text && typeof e.source === 'string' && e.source.length > 20, `${e.id}: text and source`);
    assert.deepEqual(Object.keys(text.countings).sort(), [...COUNTINGS].sort());
  });

  for (const e of text.limited) {
    it(`${e.id} is counted longer and shorter where it says, and on its side (${e.side})`, () => {
      assert.deepEqual(countedAs(e.text, (n, b) => n > b).sort(), [...e.longer ?? []].sort(), 'longer');
      assert.deepEqual(countedAs(e.text, (n, b) => n < b).sort(), [...e.shorter ?? []].sort(), 'shorter');
      const readings = COUNT.nfc(e.text) === cp(e.text) && COUNT.graphemes(e.text) === cp(e.text);
      assert.equal(readings, e.side !== 'doubtful', 'at and past entries are counted alike by every reading of "character"; doubtful ones are not');
      if (e.side !== 'doubtful') assert.equal(cp(e.text), 1, 'an at or past entry is one code point, so a value holds it whole at any length');
      assert.match(e.text, CARRIED);
    });
  }

  it('lists the `at` entries so the first three reach every counting any `at` entry is longer in', () => {
    const at = text.limited.filter((e) => e.side === 'at');
    const all = new Set(at.flatMap((e) => e.longer ?? []));
    const first = new Set(at.slice(0, 3).flatMap((e) => e.longer ?? []));
    assert.deepEqual([...all].filter((c) => !first.has(c)), []);
  });

  for (const e of text.digits) {
    it(`${e.id} is ${e.side === 'digit' ? 'a decimal digit other than ASCII' : 'a numeric character that is no decimal digit'}`, () => {
      assert.equal(/^\p{Nd}$/u.test(e.text) && !/^[0-9]$/.test(e.text), e.side === 'digit');
      assert.equal(/^[\p{No}\p{Nl}]$/u.test(e.text), e.side === 'not-digit');
    });
  }
});

describe('contract/edges/free-text.yaml', () => {
  it('gives every entry a unique id, a kind, a place it fits and a source', () => {
    assert.equal(new Set(free.entries.map((e) => e.id)).size, free.entries.length, 'duplicate ids');
    for (const e of free.entries) assert.ok(e.kind && e.fits.length && e.source.length > 10, e.id);
  });

  for (const e of free.entries) {
    it(`${e.id} is carried by JSON and XML and fits where it is sent`, () => {
      assert.match(e.text, CARRIED);
      assert.ok(e.text.trim() === e.text && e.text !== '', 'no whitespace at its edges (a doubtful form of its own)');
      if (e.fits.includes('part')) assert.ok(cp(e.text) <= 5, 'a house part is 5 characters at most');
      if (e.fits.includes('email')) assert.match(e.text, ATEXT);
    });
  }
});

/** Every string field of both request schemas, with its operation. */
const fields = OPERATIONS.flatMap((op) => requestFields(op).filter((f) => f.type === 'string').map((f) => ({ op, f })));

describe('the fields the catalogues are drawn for, read from contract/schemas', () => {
  it('puts every limited field under a limit rule, and every field with a pattern under a digit rule or a format', () => {
    for (const { op, f } of fields) {
      if (f.maxLength !== undefined) assert.equal(textKind(op, f), 'limited', `${op} ${f.path} has a maxLength and no rule in text.yaml limitRules`);
      if (textKind(op, f) === 'limited') assert.ok(f.maxLength !== undefined, `${op} ${f.path}`);
      if (textKind(op, f) === 'digits') assert.ok(f.pattern?.includes('[0-9]'), `${op} ${f.path}`);
    }
  });

  it('finds free text in the names and nowhere the profile fills in', () => {
    assert.deepEqual([...new Set(fields.filter(({ op, f }) => textKind(op, f) === 'free').map(({ f }) => f.path.split('.').at(-1)))], ['name']);
  });

  it('has no pattern in limitRules, digitRules or fromProfile that names no field', () => {
    for (const [rules, kind] of [[text.limitRules, 'limited'], [text.digitRules, 'digits']] as const) {
      for (const op of OPERATIONS) {
        for (const pattern of Object.keys(rules[op])) assert.ok(fields.some(({ op: o, f }) => o === op && pathMatches(pattern, f.path)), `${kind} ${op} ${pattern}`);
      }
    }
    for (const name of free.fromProfile) assert.ok(fields.some(({ f }) => f.path.split('.').at(-1) === name), name);
  });
});

describe('the scenarios draw every entry and every limited field', () => {
  const bases = loadBases();
  // A case the profile cannot build (a value edge the reference's time zone has no day for) sends nothing.
  const buildable = (c: LoadedCase): Record<string, unknown> | undefined => {
    try {
      return buildRequest(c, { ...ctx, bases });
    } catch (err) {
      if (err instanceof MissingFixture) return undefined;
      throw err;
    }
  };
  const built = loadAllCases().filter((c) => !c.raw && !c.sequence).flatMap((c) => {
    const request = buildable(c);
    return request ? [{ c, request }] : [];
  });

  /** Every string of a request with its field path, array indexes left out. */
  const valuesOf = (v: unknown, path = ''): { path: string; value: string }[] => {
    if (typeof v === 'string') return [{ path, value: v }];
    if (Array.isArray(v)) return v.flatMap((el) => valuesOf(el, path));
    return v !== null && typeof v === 'object' ? Object.entries(v).flatMap(([k, child]) => valuesOf(child, path ? `${path}.${k}` : k)) : [];
  };
  const sent = built.flatMap(({ c, request }) => valuesOf(request).map((v) => ({ ...v, c })));
  const inFormats = (cases: { c: { formats: string[] } }[]): string[] => [...new Set(cases.flatMap(({ c }) => c.formats))].sort();

  const fieldAt = (op: Operation, path: string): RequestField | undefined => fields.find((x) => x.op === op && x.f.path === path)?.f;
  const kindOf = (op: Operation, path: string): string | undefined => {
    const f = fieldAt(op, path);
    return f && textKind(op, f);
  };
  /** How far past its limit a sent value is, in code points. */
  const pastBy = (s: { c: { operation: Operation }; path: string; value: string }): number => cp(s.value) - (fieldAt(s.c.operation, s.path)?.maxLength ?? Infinity);

  it('sends every text.yaml entry on its side: at a limit accepted, one past it refused or recorded, a digit refused or recorded', () => {
    const WHERE = {
      at: (s: (typeof sent)[number]) => s.c.expect === 'accepted' && pastBy(s) === 0,
      past: (s: (typeof sent)[number]) => s.c.expect === 'rejected' && pastBy(s) === 1,
      doubtful: (s: (typeof sent)[number]) => s.c.expect === 'record' && s.c.rules.includes('INFO-CHARACTER-COUNT-READINGS') && pastBy(s) === 1,
    };
    for (const e of text.limited) {
      assert.ok(sent.some((s) => kindOf(s.c.operation, s.path) === 'limited' && s.value.includes(e.text) && WHERE[e.side](s)), `text.yaml ${e.id} is sent on its side (${e.side}) in no limited field`);
    }
    for (const e of text.digits) {
      const expect = e.side === 'digit' ? 'record' : 'rejected';
      assert.ok(sent.some((s) => kindOf(s.c.operation, s.path) === 'digits' && s.value.includes(e.text) && s.c.expect === expect), `text.yaml ${e.id} is sent in no digit field of a case that expects ${expect}`);
    }
  });

  it('sends every free-text.yaml entry alone and together in requests that must be accepted', () => {
    for (const e of free.entries) {
      const where = sent.filter((s) => (e.whole ? s.value === e.text : s.value.includes(e.text)) && s.c.expect === 'accepted');
      assert.ok(where.length > 0, `free-text.yaml ${e.id} is sent in no request that must be accepted`);
      assert.ok(where.some((s) => s.value === e.text || s.value.endsWith(`, ${e.text}`) || s.value.endsWith(`${e.text}@example.com`)), `free-text.yaml ${e.id} is never sent alone`);
      if (e.whole || !e.fits.some((fit) => fit !== 'part')) continue;
      assert.ok(where.some((s) => free.entries.some((other) => other !== e && !other.whole && s.value.includes(other.text))), `free-text.yaml ${e.id} is never sent together with another entry`);
    }
  });

  for (const { op, f } of fields.filter(({ op: o, f: x }) => textKind(o, x) === 'limited')) {
    it(`${op} ${f.path}: at its limit counted longer every way, and one past it counted shorter every way, in JSON and XML`, () => {
      const rule = ruleAt(text.limitRules, op, f.path)!;
      const here = sent.filter((s) => s.c.operation === op && s.path === f.path && s.c.rules.includes(rule));
      const at = here.filter((s) => s.c.expect === 'accepted' && cp(s.value) === f.maxLength && ['utf16', 'utf8', 'nfd', 'nfkc'].every((c) => COUNT[c as Counting](s.value) > f.maxLength!));
      const past = here.filter((s) => s.c.expect === 'rejected' && cp(s.value) === f.maxLength! + 1 && ['visible', 'trimmed'].every((c) => COUNT[c as Counting](s.value) <= f.maxLength!));
      assert.deepEqual(inFormats(at), ['json', 'xml'], `no case accepts ${f.path} at ${f.maxLength} with every at-limit counting in both formats`);
      assert.deepEqual(inFormats(past), ['json', 'xml'], `no case refuses ${f.path} at ${f.maxLength! + 1} with every past-limit counting in both formats`);
    });
  }
});

describe('the catalogues as a run reads them', () => {
  it('are the YAML files as parsed, kept as JSON (src/contract/load.ts readYaml): the same strings to the last code unit', () => {
    const parsed = (file: string): unknown => parse(readFileSync(join(CONTRACT_DIR, file), 'utf8'));
    assert.deepEqual(text, parsed('edges/text.yaml'));
    assert.deepEqual(free, parsed('edges/free-text.yaml'));
    assert.deepEqual(loadRelations(), parsed('relations.yaml'));
  });
});
