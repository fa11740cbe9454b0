// The catalogue of lax readers (contract/lax-readers.yaml) checked whole: its schema, its
// families' rules and readings, each operator's rewrite and what it makes of its sample in each
// format, the sweep reaching every operator, a fault of each family, and the judging of a
// rewritten request by the reference's answer (src/checks/lax.ts).
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { judgeLax, type AppliedRewrite } from '../../src/checks/lax.ts';
import { checkedContractFile, checkedYaml } from '../../src/contract/ajv.ts';
import { CONTRACT_DIR, FORMATS, OPERATIONS, ROOT, keptAsJson, ruleById } from '../../src/contract/load.ts';
import { LAX_FILE, LAX_OPEN_RULE, laxCatalogue, laxProblems, type LaxCatalogue } from '../../src/contract/lax-readers.ts';
import type { WireResponse } from '../../src/client/transport.ts';
import { OPERATORS, REWRITE_IDS } from '../../generators/rewrites/operators.ts';
import { applyDraws } from '../../generators/rewrites/draw.ts';
import { laxSweep } from '../../generators/rewrites/property.ts';
import { fromLogical, sitesOf } from '../../generators/rewrites/tree.ts';
import { writeTree, xmlBody } from '../../generators/rewrites/write.ts';
import { LAX_READER_FAULTS } from '../../reference/faults/lax-readers.ts';
import { referenceProfile } from '../harness/helpers.ts';

const catalogue = laxCatalogue();
const assumptions = new Set((parse(readFileSync(join(CONTRACT_DIR, 'assumptions.yaml'), 'utf8')) as { id: string }[]).map((a) => a.id));
const byId = (id: string) => OPERATORS().find((o) => o.id === id)!;

describe('contract/lax-readers.yaml', () => {
  it('meets its schema, and names only rules of the catalog and entries of the assumptions register', () => {
    const { problems } = checkedYaml(readFileSync(LAX_FILE, 'utf8'), 'contract/lax-readers.yaml', 'lax-readers.schema.json');
    assert.deepEqual(problems, []);
    assert.deepEqual(laxProblems(catalogue, assumptions), []);
    for (const f of Object.values(catalogue.families)) assert.equal(ruleById(f.rule).level, 'MUST', `${f.rule} judges a family: a MUST rule`);
    assert.equal(ruleById(LAX_OPEN_RULE).level, 'INFO');
  });

  it('is read as checkedYaml reads it, kept for its text and the schemas\' (a changed text or schema read anew, a reading with problems never kept)', () => {
    const { data } = checkedYaml(readFileSync(LAX_FILE, 'utf8'), 'contract/lax-readers.yaml', 'lax-readers.schema.json');
    assert.deepEqual(checkedContractFile('contract/lax-readers.yaml', 'lax-readers.schema.json'), data);
    assert.deepEqual(catalogue, data);
    const name = `test-kept-${process.pid}`;
    const kept = join(ROOT, 'node_modules', '.cache', 'ocs-contract', `${name}.json`);
    try {
      let made = 0;
      const make = (v: string) => () => { made++; return { v }; };
      assert.deepEqual(keptAsJson(name, 'a', make('a'), 's'), { v: 'a' });
      assert.deepEqual(keptAsJson(name, 'a', make('x'), 's'), { v: 'a' }, 'the same text and salt: kept');
      assert.deepEqual(keptAsJson(name, 'b', make('b'), 's'), { v: 'b' }, 'another text: made anew');
      assert.deepEqual(keptAsJson(name, 'b', make('c'), 't'), { v: 'c' }, 'another salt (a changed schema): made anew');
      assert.equal(made, 3);
      assert.throws(() => keptAsJson(name, 'd', () => { throw new Error('problems'); }, 't'), /problems/);
      assert.deepEqual(keptAsJson(name, 'b', make('y'), 't'), { v: 'c' }, 'a failed reading replaced nothing kept');
      assert.equal(made, 3);
      assert.throws(() => keptAsJson(name, 'd', () => { throw new Error('problems again'); }, 't'), /problems again/, 'a text that failed fails again');
      // What JSON would change is made each time, never kept changed.
      assert.ok(Number.isNaN((keptAsJson(name, 'e', () => ({ v: Number.NaN }), 't') as { v: number }).v));
      assert.ok(Number.isNaN((keptAsJson(name, 'e', () => ({ v: Number.NaN }), 't') as { v: number }).v), 'not kept as null');
      assert.deepEqual(keptAsJson(name, 'b', make('z'), 't'), { v: 'c' }, 'nor kept in place of the last reading');
    } finally {
      rmSync(kept, { force: true });
    }
  });

  it('tells a broken catalogue: an unknown family, an unknown assumption, an ID twice, a sample in a format the operator does not apply to', () => {
    const broken: LaxCatalogue = structuredClone(catalogue);
    broken.operators[0]!.family = 'nowhere';
    broken.operators[1]!.accepted = 'A-NOT-REGISTERED';
    broken.operators[2]!.id = broken.operators[3]!.id;
    broken.operators[4]!.sample.json = '{}';
    const problems = laxProblems(broken, assumptions).join('\n');
    for (const m of [/family nowhere/, /A-NOT-REGISTERED/, /given twice/, /sample\.json is given/]) assert.match(problems, m);
  });

  it('gives every family operators, each family a fault of the reference that blames its rule, and at least four families', () => {
    const families = Object.entries(catalogue.families);
    assert.ok(families.length >= 4);
    for (const [name, f] of families) {
      assert.ok(catalogue.operators.some((o) => o.family === name), `family ${name} has no operator`);
      assert.ok(LAX_READER_FAULTS.some((fault) => fault.rule === f.rule), `family ${name} has no fault in reference/faults/lax-readers.ts`);
    }
  });

  it('has a rewrite for every operator, and an operator for every rewrite', () => {
    assert.deepEqual([...REWRITE_IDS].sort(), catalogue.operators.map((o) => o.id).sort());
  });

  for (const op of catalogue.operators) {
    it(`${op.id}: makes of its sample what the catalogue shows, in each format it applies to`, () => {
      const tree = fromLogical(op.sample.value);
      const at = op.sample.at.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k));
      const site = sitesOf(tree).find((s) => JSON.stringify(s.at) === JSON.stringify(at));
      assert.ok(site, `no place ${op.sample.at} in the sample`);
      for (const format of FORMATS) {
        const made = byId(op.id).rewrite(tree, site, format);
        if (!op.formats.includes(format)) {
          assert.equal(made, undefined, `${op.id} applies to ${format}, which the catalogue does not list`);
          continue;
        }
        assert.ok(made, `${op.id} does not apply to its own sample in ${format}`);
        assert.equal(format === 'json' ? writeTree('json', made) : xmlBody(made), op.sample[format]);
      }
    });
  }
});

describe('the rewriter', () => {
  it('writes an unrewritten tree as the logical request it came from', () => {
    const request = { orderID: '26-0000101', receiver: { counteragentID: 6001, contactIDs: [5001, 5002] }, changeOrderPayer: false, name: 'a < b & "c"' };
    assert.equal(writeTree('json', fromLogical(request)), JSON.stringify(request));
    assert.equal(xmlBody(fromLogical(request)), '<request><orderID>26-0000101</orderID><receiver><counteragentID>6001</counteragentID><contactIDs>5001</contactIDs><contactIDs>5002</contactIDs></receiver><changeOrderPayer>false</changeOrderPayer><name>a &lt; b &amp; "c"</name></request>');
  });

  it('never rewrites a credential\'s value, and passes over a draw whose place takes no operator', () => {
    const tree = fromLogical({ appkey: 'ref-k7Qw-Xp4z-0001' });
    const names = OPERATORS().filter((o) => o.rewrite(tree, sitesOf(tree)[0]!, 'json')).map((o) => o.family);
    assert.deepEqual([...new Set(names)], ['names', 'shapes']);
    const values = OPERATORS().filter((o) => ['spellings', 'edges'].includes(o.family) && o.rewrite(tree, sitesOf(tree)[0]!, 'xml'));
    assert.deepEqual(values, []);
    assert.deepEqual(applyDraws(fromLogical({}), [{ site: 3, op: 1 }], 'json').applied, []);
  });

  it('sweeps every operator somewhere in both operations, each operator once at each place', () => {
    const g = { profile: referenceProfile(), now: new Date('2026-11-27T09:00:00Z') };
    const reached = new Set<string>();
    for (const op of OPERATIONS) {
      for (const format of FORMATS) {
        const seen = new Set<string>();
        for (const v of laxSweep(op, format, g)) {
          const [r] = applyDraws(fromLogical(v.request), v.draws, format).applied;
          const key = `${r!.operator.id} ${r!.at}`;
          assert.ok(!seen.has(key), `${key} is swept twice`);
          seen.add(key);
          reached.add(r!.operator.id);
        }
      }
    }
    assert.deepEqual(catalogue.operators.map((o) => o.id).filter((id) => !reached.has(id)), []);
  });
});

describe('judging a rewritten request by the reference', () => {
  const res = (status: number): WireResponse => ({ status, headers: {}, body: status === 200 ? '{"data":{}}' : '{"errors":[]}' }) as unknown as WireResponse;
  const applied = (id: string): AppliedRewrite[] => [{ operator: byId(id), at: 'orderID' }];
  const verdicts = (id: string, target: number, oracle: number) => judgeLax(applied(id), res(target), res(oracle), 'says', 'evidence').map((f) => `${f.rule} ${f.verdict}`);

  it('fails the family rule where the target takes what the reference refuses on a reading that is a MUST', () => {
    assert.deepEqual(verdicts('name-upper-case', 200, 400), ['LAX-MEMBER-NAMES fail']);
  });

  it('records under INFO-LAX-OPEN, never fails, where the reading rests on an open point', () => {
    assert.deepEqual(verdicts('name-upper-case', 400, 200), ['LAX-MEMBER-NAMES pass', `${LAX_OPEN_RULE} pass`]);
    assert.deepEqual(verdicts('number-plus-sign', 200, 400), ['LAX-SPELLINGS pass', `${LAX_OPEN_RULE} pass`]);
  });

  it('fails a refusal of false, and any answer but 200 and 400 whatever the reference said; errs on an oracle that fails', () => {
    assert.deepEqual(verdicts('false-value', 400, 200), ['LAX-VALUE-SHAPES fail']);
    assert.deepEqual(verdicts('null-value', 500, 400), ['LAX-VALUE-SHAPES fail']);
    assert.deepEqual(verdicts('null-value', 400, 500), ['LAX-VALUE-SHAPES error']);
    assert.deepEqual(verdicts('trailing-space', 400, 400), ['LAX-EDGES pass']);
  });
});
