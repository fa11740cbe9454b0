// Issue 42: the relations of contract/relations.yaml held whole (each quoting the spec, failing a
// rule of the catalog that quotes the same sentence, sent by the runner or covered by named code,
// sent by a scenario case in both formats of every operation its rule applies to, broken by a
// fault of reference/faults/relations.ts), and the strings without a stated limit each sent at
// every length past the common column widths.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CONTRACT_DIR, loadRules, OPERATIONS, ROOT } from '../../src/contract/load.ts';
import { loadRelations } from '../../src/contract/relations.ts';
import { fieldsOf } from '../../src/contract/string-fields.ts';
import { RELATION_KINDS } from '../../src/runner/relations.ts';
import { fieldOf, isUnstated, UNSTATED_LENGTHS } from '../../src/scenario/lengths.ts';
import { loadAllCases } from '../../src/scenario/load.ts';
import type { LoadedCase } from '../../src/scenario/types.ts';
import { RELATION_FAULTS } from '../../reference/faults/relations.ts';

const spec = readFileSync(join(CONTRACT_DIR, 'order-change-service.md'), 'utf8');
const relations = loadRelations();
const rules = new Map(loadRules().map((r) => [r.id, r]));
const cases = loadAllCases();
const sent = relations.filter((r) => !r.covered);

/** The relations sent here that no case sends in an operation and format its rule applies to. */
const unsentRelations = (all: LoadedCase[]): string[] => sent.flatMap((r) => rules.get(r.rule)!.operations.flatMap((op) =>
  (['json', 'xml'] as const).filter((f) => !all.some((c) => c.relation === r.id && c.operation === op && c.formats.includes(f) && c.rules.includes(r.rule)))
    .map((f) => `${r.id} ${op} [${f}]`)));

/** Every free string field and length no case sets with `$unstated`. */
const unsentLengths = (all: LoadedCase[]): string[] => OPERATIONS.flatMap((op) => fieldsOf(op, 'free').flatMap((field) =>
  UNSTATED_LENGTHS.filter((n) => !all.some((c) => c.operation === op && c.rules.includes('LIM-UNSTATED-LENGTH')
    && Object.entries(c.set ?? {}).some(([key, v]) => fieldOf(key) === field.path && isUnstated(v) && v.$unstated === n)))
    .map((n) => `${op} ${field.path} at ${n}`)));

describe('contract/relations.yaml', () => {
  it('quotes the spec verbatim, each relation with its rule, what it is and what it sends', () => {
    for (const r of relations) {
      assert.ok(spec.includes(r.source.quote), `${r.id}: quote not in the spec: ${r.source.quote}`);
      assert.ok(rules.has(r.rule), `${r.id}: rule ${r.rule} not in contract/rules.yaml`);
      assert.ok(r.relation && r.sends, `${r.id}: relation and sends are needed`);
    }
    assert.equal(new Set(relations.map((r) => r.id)).size, relations.length, 'ids repeat');
  });

  it('gives each relation sent here a rule that quotes the same sentence, and no relation a rule of another', () => {
    for (const r of sent) assert.equal(rules.get(r.rule)!.spec.quote, r.source.quote, r.id);
    assert.deepEqual(new Set(sent.map((r) => r.rule)).size, sent.length, 'two relations fail one rule');
  });

  it('lists exactly the relations src/runner/relations.ts sends, and names the code of every other', () => {
    assert.deepEqual(sent.map((r) => r.id).sort(), [...RELATION_KINDS].sort());
    for (const r of relations.filter((x) => x.covered)) {
      for (const file of r.covered!.match(/src\/[\w/.-]+\.ts|generators\/[\w/.-]+\.ts/g) ?? []) assert.doesNotThrow(() => readFileSync(join(ROOT, file)), `${r.id}: ${file}`);
    }
  });

  it('is sent by a scenario case in both formats of every operation of its rule', () => {
    assert.deepEqual(unsentRelations(cases), []);
  });

  it('fails when a relation loses its case: without the pickup case of result-as-search, that is reported', () => {
    const without = cases.filter((c) => !(c.relation === 'result-as-search' && c.operation === 'change_pickup'));
    assert.deepEqual(unsentRelations(without), ['result-as-search change_pickup [json]', 'result-as-search change_pickup [xml]']);
  });

  it('has a fault of reference/faults/relations.ts for every rule of the issue 42 section', () => {
    const section = readFileSync(join(CONTRACT_DIR, 'rules.yaml'), 'utf8').split('# ── Relations and unstated limits (issue 42) ──')[1]!.split('\n# ── ')[0]!;
    const ids = [...section.matchAll(/^- id: (\S+)$/gm)].map((m) => m[1]!);
    assert.ok(ids.length >= sent.length + 2, 'the section lost its rules');
    assert.deepEqual(ids.filter((id) => !RELATION_FAULTS.some((f) => f.rule === id)), []);
  });
});

describe('strings without a stated limit (LIM-UNSTATED-LENGTH)', () => {
  it('finds the free string fields of both operations', () => {
    assert.ok(fieldsOf('change_receiver', 'free').some((f) => f.path === 'receiver.counteragent.name'));
    assert.ok(fieldsOf('change_pickup', 'free').some((f) => f.path === 'contactPersons.name'));
  });

  it('sends every one at every length past 255, 1,000 and 4,000 characters', () => {
    assert.deepEqual(unsentLengths(cases), []);
  });

  it('fails on a field no case sends: without the third party\'s contact person names, each length is reported', () => {
    const without = cases.filter((c) => !Object.keys(c.set ?? {}).some((k) => fieldOf(k) === 'third.contactPersons.name'));
    assert.deepEqual(unsentLengths(without), UNSTATED_LENGTHS.map((n) => `change_receiver third.contactPersons.name at ${n}`));
  });
});
