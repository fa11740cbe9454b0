// contract/audit.yaml: every constraint phrase of the spec is mapped to the catalog rules that
// check it or to the assumptions that say why not. The phrases are found mechanically
// (spec-phrases.ts), so a phrase missing from the mapping fails here; so does a quote that is
// not in the spec, an unknown rule or assumption, and an entry that covers nothing.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { CONTRACT_DIR, loadRules } from '../../src/contract/load.ts';
import { specPhrases, uncovered, type Phrase } from './spec-phrases.ts';

interface AuditEntry { phrase: string; rules?: string[]; assumptions?: string[] }
interface Assumption { id: string; spec: string }

const spec = readFileSync(join(CONTRACT_DIR, 'order-change-service.md'), 'utf8');
const audit = parse(readFileSync(join(CONTRACT_DIR, 'audit.yaml'), 'utf8')) as AuditEntry[];
const assumptions = parse(readFileSync(join(CONTRACT_DIR, 'assumptions.yaml'), 'utf8')) as Assumption[];
const rules = new Map(loadRules().map((r) => [r.id, r]));
const phrases = specPhrases(spec);

const show = (ps: Phrase[]): string => ps.map((p) => `  §${p.section} ${p.kind}: ${p.text}`).join('\n');
const missing = (entries: AuditEntry[]): Phrase[] => uncovered(spec, phrases, entries.map((e) => e.phrase));

describe('the spec phrase finder', () => {
  it('finds the table rows and the constraint sentences, each verbatim at its place', () => {
    assert.ok(phrases.filter((p) => p.kind !== 'sentence').length >= 85, 'fewer table rows than the spec has');
    assert.ok(phrases.some((p) => p.text === 'Format `+79XXXXXXXXX` (X is a digit).'));
    assert.ok(phrases.some((p) => p.text === 'Period start, `HH:MM`.'), 'a format literal alone marks a sentence');
    assert.ok(phrases.some((p) => p.text === '| appkey | Yes | string |'), 'a field row gives its cells but the last');
    assert.ok(phrases.some((p) => p.text === '| flat | 5 characters at most |'), 'a two-cell row is kept whole');
    for (const p of phrases) assert.equal(spec.slice(p.at, p.at + p.text.length), p.text);
  });

  it('tells a phrase apart from the same words elsewhere', () => {
    const fiveMax = phrases.filter((p) => p.text === '5 characters maximum.');
    assert.equal(fiveMax.length, 2, 'juridicalAddress.building and address.building');
    const flatOnly = uncovered(spec, fiveMax, ['Apartment/office including letter, 5 characters maximum.']);
    assert.equal(flatOnly.length, 2, 'the flat rows\' longer sentence does not cover the building rows');
  });
});

describe('contract/audit.yaml', () => {
  it('is a list of entries, each a phrase mapped to rules or assumptions', () => {
    assert.ok(Array.isArray(audit) && audit.length > 0);
    for (const [i, e] of audit.entries()) {
      assert.equal(typeof e.phrase, 'string', `entry ${i}: phrase`);
      assert.ok((e.rules?.length ?? 0) + (e.assumptions?.length ?? 0) > 0, `entry ${i} (${e.phrase}) maps to no rule and no assumption`);
    }
  });

  it('quotes the spec verbatim', () => {
    const notInSpec = audit.filter((e) => !spec.includes(e.phrase)).map((e) => e.phrase);
    assert.deepEqual(notInSpec, [], 'phrases not in contract/order-change-service.md');
  });

  it('names only rules of the catalog and entries of the assumptions register', () => {
    const ids = new Set(assumptions.map((a) => a.id));
    const unknownRules = audit.flatMap((e) => (e.rules ?? []).filter((r) => !rules.has(r)).map((r) => `${r} (${e.phrase})`));
    const unknownAssumptions = audit.flatMap((e) => (e.assumptions ?? []).filter((a) => !ids.has(a)).map((a) => `${a} (${e.phrase})`));
    assert.deepEqual(unknownRules, [], 'rules not in contract/rules.yaml');
    assert.deepEqual(unknownAssumptions, [], 'assumptions not in contract/assumptions.yaml');
  });

  it('covers every constraint phrase of the spec', () => {
    const left = missing(audit);
    assert.deepEqual(left, [], `constraint phrases in neither a rule nor an assumption:\n${show(left)}`);
  });

  it('fails when a phrase is removed from the mapping: without the +79 format entry, that phrase is reported', () => {
    const phrase = 'Format `+79XXXXXXXXX` (X is a digit).';
    assert.ok(audit.some((e) => e.phrase === phrase));
    const left = missing(audit.filter((e) => e.phrase !== phrase));
    assert.deepEqual(left.map((p) => p.text), [phrase]);
  });

  it('needs every entry: removing any one leaves a constraint phrase uncovered', () => {
    const idle = audit.filter((e) => missing(audit.filter((x) => x !== e)).length === 0).map((e) => e.phrase);
    assert.deepEqual(idle, [], 'entries that cover no phrase another entry does not');
  });

  it('maps the phrase classes the issue names to rules, not only to assumptions', () => {
    const classes = [/X is a digit/, /digits maximum/, /non-digit/, /from the address book/, /from the directory of legal forms/, /from the streets directory/, /CLADR street code/, /root element of a request/, /On error the emulated/, /`YYYY-MM-DD`/, /`HH:MM`/];
    const unruled = audit.filter((e) => classes.some((c) => c.test(e.phrase)) && !(e.rules ?? []).some((r) => rules.get(r)?.level !== 'INFO')).map((e) => e.phrase);
    assert.deepEqual(unruled, [], 'phrases of a class the issue names with no MUST or SHOULD rule');
  });

  it('maps every MUST and SHOULD rule of the catalog from some phrase', () => {
    const mapped = new Set(audit.flatMap((e) => e.rules ?? []));
    const unmapped = [...rules.values()].filter((r) => r.level !== 'INFO' && !mapped.has(r.id)).map((r) => r.id);
    assert.deepEqual(unmapped, [], 'rules no audited phrase names');
  });
});

describe('contract/assumptions.yaml', () => {
  it('quotes the spec verbatim in every entry', () => {
    const notInSpec = assumptions.filter((a) => !spec.includes(a.spec)).map((a) => `${a.id}: ${a.spec}`);
    assert.deepEqual(notInSpec, []);
  });
});
