// contract/standards-audit.yaml: every origin-server requirement of RFC 9110 and RFC 9112 (and
// what RFC 8259 and XML 1.0 ask of a body the server writes) as a line mapped to the rules that
// check it or the assumptions that say why not. Kept whole: every rule with `standard` has a line
// that quotes it as the rule does, every line names a rule or an assumption that exists, a line's
// own reason (`note`) is there where its bucket of reasons needs one, and no line is left out for
// what the harness's own client does not send or show (issue 42): a client observes it, whoever's.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { CONTRACT_DIR, loadRules, type Rule } from '../../src/contract/load.ts';

interface Line { document: string; section: string; quote: string; rules?: string[]; assumptions?: string[]; note?: string }

const lines = parse(readFileSync(join(CONTRACT_DIR, 'standards-audit.yaml'), 'utf8')) as Line[];
const register = parse(readFileSync(join(CONTRACT_DIR, 'assumptions.yaml'), 'utf8')) as { id: string; default: string }[];
const assumptions = new Set(register.map((a) => a.id));

/** The buckets whose lines each need a note of their own saying why (issue 42: each reason must hold for any client). */
const NEEDS_NOTE = new Set(['A-STD-METHODS']);

/**
 * Reasons that speak of the harness's own clients (issue 42): what they send or show is no reason
 * a client of these endpoints cannot observe something, since the harness writes its own bytes.
 */
const CLIENT_ONLY = /\b(the harness('s)? (clients?|never|does not|sends no|writes no)|no common client|(neither|nor) (undici|node:http)|undici does not|both (of the harness's )?clients|(clients?|harness) (does|do) not (send|write|probe|pipeline))/i;

/**
 * Reasons that speak of the parser a target stands behind (issue 42): that llhttp, or any parser,
 * refuses a message first is what a client of these endpoints observes, so it is judged; a SHOULD
 * it misses is a warning.
 */
const PARSER_ONLY = /\b(not failed for (its|the) parser|(llhttp|its parser|the parser)[^.;]* refuses?\b)/i;

/** The lines left out (no rule named) for a reason of the harness's own clients or a target's parser, or in the buckets that held them. */
const clientOnly = (audit: Line[]): string[] =>
  audit.filter((l) => !l.rules?.length && (l.assumptions?.some((a) => a === 'A-STD-LEFT-OUT' || a === 'A-STD-PARSER-REFUSALS')
    || CLIENT_ONLY.test(l.note ?? '') || PARSER_ONLY.test(l.note ?? ''))).map(key);
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
    const bare = lines.filter((l) => l.assumptions?.some((a) => NEEDS_NOTE.has(a)) && !l.rules?.length && !l.note).map(key);
    assert.deepEqual(bare, [], 'lines whose reason bucket needs a note of their own, with none');
    const quoted = new Set(rules.flatMap((r) => (r.standard ? [key(r.standard)] : [])));
    const unexplained = lines.filter((l) => !KEYWORD.test(l.quote) && !quoted.has(key(l)) && !l.note).map(key);
    assert.deepEqual(unexplained, [], 'lines with no BCP 14 keyword that no rule quotes and no note explains');
  });

  it('keeps no line out for what the harness\'s own client does not send or show: a client of these endpoints observes it, whoever\'s', () => {
    assert.ok(!assumptions.has('A-STD-LEFT-OUT'), 'A-STD-LEFT-OUT, a reason about the harness\'s clients, is gone from the register');
    assert.ok(!assumptions.has('A-STD-PARSER-REFUSALS'), 'A-STD-PARSER-REFUSALS, a reason about a target\'s parser, is gone from the register');
    assert.deepEqual(clientOnly(lines), []);
    assert.deepEqual(clientOnly(register.filter((a) => a.id.startsWith('A-STD-')).map((a) => ({ document: 'contract/assumptions.yaml', section: a.id, quote: a.default, note: a.default }))), []);
  });

  it('fails a line whose only reason is the harness\'s client, whatever its bucket', () => {
    const line = (note: string, assumption = 'A-STD-NOT-OBSERVABLE'): Line => ({ document: 'RFC 9112', section: '9.3.2', quote: 'A server MUST answer in order.', assumptions: [assumption], note });
    for (const note of ['the harness never pipelines', 'no common client sends HTTP/1.2', 'neither undici nor node:http\'s client writes chunk extensions', 'undici does not show an answer\'s HTTP version', 'the harness\'s clients write no bad whitespace']) {
      assert.equal(clientOnly([line(note)]).length, 1, note);
    }
    assert.equal(clientOnly([{ ...line('the harness never pipelines'), rules: ['HTTP-PIPELINE-ORDER'] }]).length, 0, 'a line that names a rule is judged, whatever its note says');
    assert.equal(clientOnly([line('which version a server conforms to no answer shows')]).length, 0);
    assert.equal(clientOnly([line('observable', 'A-STD-LEFT-OUT')]).length, 1, 'the old bucket itself');
    for (const note of ['llhttp, Node\'s parser, refuses HTTP/1.2 (400); a target behind it is not failed for its parser on a SHOULD', 'the parser most servers stand behind refuses it first']) {
      assert.equal(clientOnly([line(note)]).length, 1, note);
    }
    assert.equal(clientOnly([line('observable', 'A-STD-PARSER-REFUSALS')]).length, 1, 'the parser bucket itself');
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
