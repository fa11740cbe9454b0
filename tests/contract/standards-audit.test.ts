// contract/standards-audit.yaml: every origin-server requirement of RFC 9110 and RFC 9112 (and
// what RFC 8259 and XML 1.0 ask of a body the server writes) as a line mapped to the rules that
// check it or the assumptions that say why not. Kept whole: every rule with `standard` has a line
// that quotes it as the rule does, every line names a rule or an assumption that exists, and a
// line's own reason (`note`) is there where its bucket of reasons needs one.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { CONTRACT_DIR, loadRules, type Rule } from '../../src/contract/load.ts';

interface Line { document: string; section: string; quote: string; rules?: string[]; assumptions?: string[]; note?: string }

const lines = parse(readFileSync(join(CONTRACT_DIR, 'standards-audit.yaml'), 'utf8')) as Line[];
const assumptions = new Set((parse(readFileSync(join(CONTRACT_DIR, 'assumptions.yaml'), 'utf8')) as { id: string }[]).map((a) => a.id));
const rules = loadRules();
const byId = new Map(rules.map((r) => [r.id, r]));

const KEYWORD = /\b(MUST|REQUIRED|SHALL|SHOULD|RECOMMENDED)\b/;
const key = (l: Pick<Line, 'document' | 'section' | 'quote'>): string => `${l.document} ${l.section}: ${l.quote}`;

/** The rules with `standard` that no line quotes as they do, each with what the audit says instead. */
function unaudited(audit: Line[], catalog: Rule[]): string[] {
  return catalog.filter((r) => r.standard).flatMap((r) => {
    const s = r.standard!;
    const naming = audit.filter((l) => l.rules?.includes(r.id));
    if (naming.some((l) => l.document === s.document && l.section === s.section && l.quote === s.quote)) return [];
    const near = naming.find((l) => l.document === s.document && l.section === s.section);
    return [near ? `${r.id}: its quote differs from its line's: rule "${s.quote}", audit "${near.quote}"` : `${r.id}: no line of ${s.document} ${s.section} names it with its quote`];
  });
}

describe('contract/standards-audit.yaml', () => {
  it('is a list of lines, each a document, a section and a quote', () => {
    assert.ok(Array.isArray(lines) && lines.length > 200, 'fewer lines than RFC 9110 and RFC 9112 hold for an origin server');
    for (const [i, l] of lines.entries()) {
      for (const field of ['document', 'section', 'quote'] as const) assert.equal(typeof l[field], 'string', `line ${i}: ${field}`);
      assert.ok(l.quote.length > 20, `line ${i}: quote too short to be a sentence: ${l.quote}`);
    }
  });

  it('lists each sentence once', () => {
    const seen = new Set<string>();
    const twice = lines.map(key).filter((k) => (seen.has(k) ? true : (seen.add(k), false)));
    assert.deepEqual(twice, []);
  });

  it('maps every line to a rule or an assumption, and names only ones that exist', () => {
    const none = lines.filter((l) => !l.rules?.length && !l.assumptions?.length).map(key);
    assert.deepEqual(none, [], 'lines that name no rule and no reason');
    const unknownRules = lines.flatMap((l) => (l.rules ?? []).filter((r) => !byId.has(r)).map((r) => `${r} (${key(l)})`));
    const unknownAssumptions = lines.flatMap((l) => (l.assumptions ?? []).filter((a) => !assumptions.has(a)).map((a) => `${a} (${key(l)})`));
    assert.deepEqual(unknownRules, [], 'rules not in contract/rules.yaml');
    assert.deepEqual(unknownAssumptions, [], 'assumptions not in contract/assumptions.yaml');
  });

  it('gives a line its own reason where its bucket needs one, and where its sentence holds no keyword', () => {
    const bare = lines.filter((l) => l.assumptions?.includes('A-STD-LEFT-OUT') && !l.note).map(key);
    assert.deepEqual(bare, [], 'lines left out with no note saying why');
    const quoted = new Set(rules.flatMap((r) => (r.standard ? [key(r.standard)] : [])));
    const unexplained = lines.filter((l) => !KEYWORD.test(l.quote) && !quoted.has(key(l)) && !l.note).map(key);
    assert.deepEqual(unexplained, [], 'lines with no BCP 14 keyword that no rule quotes and no note explains');
  });

  it('has a line quoting every rule with `standard` as the rule quotes it', () => {
    assert.deepEqual(unaudited(lines, rules), []);
  });

  it('fails when a rule\'s line is missing or quotes otherwise', () => {
    const host = byId.get('HTTP-HOST')!;
    assert.deepEqual(unaudited(lines.filter((l) => !l.rules?.includes('HTTP-HOST')), [host]), ['HTTP-HOST: no line of RFC 9112 3.2 names it with its quote']);
    const changed = lines.map((l) => (l.rules?.includes('HTTP-HOST') ? { ...l, quote: `${l.quote} ` } : l));
    assert.match(unaudited(changed, [host])[0] ?? '', /^HTTP-HOST: its quote differs/);
  });

  it('sets each rule of RFC 9110 and RFC 9112 at the level of the sentence it quotes', () => {
    const off = rules.filter((r) => r.standard && /^RFC 911[02]$/.test(r.standard.document)).flatMap((r) => {
      const level = /\b(MUST|REQUIRED|SHALL)\b/.test(r.standard!.quote) ? 'MUST' : /\b(SHOULD|RECOMMENDED)\b/.test(r.standard!.quote) ? 'SHOULD' : undefined;
      return level && level !== r.level ? [`${r.id} is ${r.level}, its sentence ${level}`] : [];
    });
    assert.deepEqual(off, []);
  });

  it('audits every document it names for an origin server, each in its own lines', () => {
    const documents = new Set(lines.map((l) => l.document));
    for (const d of ['RFC 9110', 'RFC 9112', 'RFC 8259', 'XML 1.0']) assert.ok(documents.has(d), `no line of ${d}`);
    const http = lines.filter((l) => /^RFC 911[02]$/.test(l.document));
    assert.ok(http.filter((l) => l.rules?.length).length >= 30, 'fewer than 30 lines of RFC 9110 and RFC 9112 are checked by a rule');
  });
});
