// The rule catalog as data: well-formed entries, verbatim spec quotes, stable IDs (a
// snapshot), coverage by scenarios, and the documented errors of spec section 7.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { CONTRACT_DIR, ROOT, type Rule } from '../../src/contract/load.ts';
import { loadAllCases, type LoadedCase } from '../../src/scenario/load.ts';

const rules = parse(readFileSync(join(CONTRACT_DIR, 'rules.yaml'), 'utf8')) as Rule[];
const VENDORED_SPEC = join(CONTRACT_DIR, 'order-change-service.md');
const spec = readFileSync(VENDORED_SPEC, 'utf8');
const SNAPSHOT = join(ROOT, 'tests', 'snapshots', 'rule-ids.txt');

const LEVEL_PREFIX: Record<string, string> = { MUST: 'MUST ', SHOULD: 'SHOULD ', INFO: 'INFO: ' };
const OPERATIONS = new Set(['change_receiver', 'change_pickup']);

describe('contract/rules.yaml', () => {
  it('is a non-empty list', () => {
    assert.ok(Array.isArray(rules) && rules.length > 0, 'rules.yaml holds no list of rules');
  });

  for (const [i, r] of rules.entries()) {
    it(`${r.id ?? `entry ${i}`} is well formed and quotes the spec verbatim`, () => {
      assert.match(String(r.id), /^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/, `entry ${i}: id`);
      assert.ok(['MUST', 'SHOULD', 'INFO'].includes(r.level), `${r.id}: level ${r.level} is not MUST, SHOULD or INFO`);
      assert.ok(Array.isArray(r.operations) && r.operations.length > 0, `${r.id}: operations is empty`);
      for (const op of r.operations) assert.ok(OPERATIONS.has(op), `${r.id}: unknown operation ${op}`);
      assert.equal(new Set(r.operations).size, r.operations.length, `${r.id}: an operation is listed twice`);
      assert.equal(typeof r.title, 'string', `${r.id}: title`);
      assert.ok(r.title.startsWith(LEVEL_PREFIX[r.level]!), `${r.id}: title "${r.title}" does not begin with "${LEVEL_PREFIX[r.level]}"`);
      assert.equal(typeof r.spec?.section, 'string', `${r.id}: spec.section`);
      assert.ok(typeof r.spec?.quote === 'string' && r.spec.quote.length > 0, `${r.id}: spec.quote is empty`);
      assert.ok(spec.includes(r.spec.quote), `${r.id}: spec.quote is not a verbatim substring of contract/order-change-service.md: ${r.spec.quote}`);
    });
  }

  it('has unique IDs', () => {
    const seen = new Set<string>();
    const dupes = rules.map((r) => r.id).filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
    assert.deepEqual(dupes, [], `duplicate rule IDs: ${dupes.join(', ')}`);
  });
});

describe('the vendored spec', () => {
  const shared = join(ROOT, '..', 'shared', 'spec', 'order-change-service.md');
  it(existsSync(shared) ? 'equals ../shared/spec/order-change-service.md' : 'is a non-empty copy of the Order Change Service spec', () => {
    if (existsSync(shared)) {
      assert.ok(readFileSync(shared, 'utf8') === spec, `contract/order-change-service.md differs from ${shared}: copy it again`);
    } else {
      assert.ok(spec.trim().length > 0, 'contract/order-change-service.md is empty');
      assert.ok(spec.includes('Order Change Service'), 'contract/order-change-service.md does not mention "Order Change Service"');
    }
  });
});

describe('rule ID snapshot', () => {
  it('equals tests/snapshots/rule-ids.txt', () => {
    const current = rules.map((r) => `${r.id} ${r.level}`);
    const stored = readFileSync(SNAPSHOT, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean);
    if (current.join('\n') === stored.join('\n')) return;
    const added = current.filter((l) => !stored.includes(l));
    const removed = stored.filter((l) => !current.includes(l));
    assert.fail([
      'rule IDs changed: update tests/snapshots/rule-ids.txt deliberately (IDs are stable, never renamed or reused)',
      `added: ${added.length ? added.join(', ') : '(none)'}`,
      `removed: ${removed.length ? removed.join(', ') : '(none)'}`,
      ...(added.length || removed.length ? [] : ['(same entries, different order)']),
    ].join('\n'));
  });
});

describe('scenario coverage of the catalog', () => {
  let cases: LoadedCase[] = [];
  it('the scenarios under suites/ load', () => {
    cases = loadAllCases();
    assert.ok(cases.length > 0, 'no scenario cases under suites/');
  });

  const casesOf = (id: string): LoadedCase[] => cases.filter((c) => c.rules.includes(id));
  // `same-day` demands a rejection outside a weekday before 16:00 local time, `past-date` one of yesterday, so both count.
  const rejects = (c: LoadedCase): boolean => c.expect === 'rejected' || c.expect === 'same-day' || c.expect === 'past-date' || typeof c.expect === 'object';

  it('names every catalog rule in at least one case', () => {
    const missing = rules.filter((r) => casesOf(r.id).length === 0).map((r) => r.id);
    assert.deepEqual(missing, [], `rules no scenario names: ${missing.join(', ')}`);
  });

  // A rule's title says what it demands: "reject"/"refuse"/"answer <error>" needs a case the
  // target must refuse, "accept" a case it must take. Both, where the title says both.
  const demandsRefusal = (title: string): boolean => /\b(reject|refuse|answer \d+)/.test(title);
  const demandsAcceptance = (title: string): boolean => /\baccept/.test(title);

  // Both formats, always (DESIGN principle 4): each side of a rule is shown in JSON and in XML.
  const inFormat = (id: string, format: 'json' | 'xml'): LoadedCase[] => casesOf(id).filter((c) => c.formats.includes(format));

  it('has a rejecting case in each format for every MUST and SHOULD rule whose title demands a refusal', () => {
    const judged = rules.filter((r) => r.level !== 'INFO' && demandsRefusal(r.title));
    assert.ok(judged.length > 60, `only ${judged.length} rules demand a refusal: the title pattern broke`);
    const missing = judged.flatMap((r) => (['json', 'xml'] as const).filter((f) => !inFormat(r.id, f).some(rejects)).map((f) => `${r.id} [${f}]`));
    assert.deepEqual(missing, [], `rules with no case expecting a rejection or an error: ${missing.join(', ')}`);
  });

  it('has an accepted case in each format for every MUST and SHOULD rule whose title demands acceptance', () => {
    const judged = rules.filter((r) => r.level !== 'INFO' && demandsAcceptance(r.title));
    assert.ok(judged.some((r) => /-(MAX|MIN)$/.test(r.id)), 'no limit rule demands acceptance: the title pattern broke');
    const missing = judged.flatMap((r) => (['json', 'xml'] as const).filter((f) => !inFormat(r.id, f).some((c) => c.expect === 'accepted')).map((f) => `${r.id} [${f}]`));
    assert.deepEqual(missing, [], `rules with no accepted case: ${missing.join(', ')}`);
  });
});

describe('contract/errors.yaml', () => {
  interface DocumentedErrorRow { code: number; operation: string; meaning: string; rule: string }
  const errors = parse(readFileSync(join(CONTRACT_DIR, 'errors.yaml'), 'utf8')) as DocumentedErrorRow[];

  /** The rows of the table in spec section 7: number, HTTP code, operation, meaning. */
  function section7(): { code: number; http: number; operation: string; meaning: string }[] {
    const start = spec.indexOf('\n## 7.');
    assert.ok(start >= 0, 'the spec has no section 7');
    const end = spec.indexOf('\n## ', start + 1);
    const section = spec.slice(start, end < 0 ? undefined : end);
    return [...section.matchAll(/^\|\s*([0-9]+)\s*\|\s*([0-9]+)\s*\|\s*([^|]+?)\s*\|\s*([^|]+?)\s*\|/gm)].map((m) => ({
      code: Number(m[1]), http: Number(m[2]), operation: m[3]!, meaning: m[4]!,
    }));
  }
  const OPERATION_NAMES: Record<string, string> = { 'Change receiver': 'change_receiver', 'Change pickup': 'change_pickup' };

  it('lists exactly the documented numbers of spec section 7', () => {
    const table = section7();
    assert.equal(table.length, 5, `spec section 7 should document five numbers, found ${table.map((t) => t.code).join(', ')}`);
    assert.deepEqual(errors.map((e) => e.code).sort(), table.map((t) => t.code).sort());
  });

  it('gives each its operation and meaning as in the spec, and HTTP 400', () => {
    for (const row of section7()) {
      const e = errors.find((x) => x.code === row.code);
      assert.ok(e, `errors.yaml lacks ${row.code}`);
      assert.equal(row.http, 400, `spec row ${row.code}`);
      assert.equal(e.operation, OPERATION_NAMES[row.operation], `${row.code}: operation`);
      assert.equal(e.meaning, row.meaning, `${row.code}: meaning`);
    }
  });

  it('ties each to a MUST rule of the catalog for the same operation', () => {
    for (const e of errors) {
      const rule = rules.find((r) => r.id === e.rule);
      assert.ok(rule, `${e.code}: rule ${e.rule} is not in contract/rules.yaml`);
      assert.equal(rule.level, 'MUST', `${e.code}: rule ${e.rule} is ${rule.level}, not MUST`);
      assert.ok((rule.operations as string[]).includes(e.operation), `${e.code}: rule ${e.rule} does not apply to ${e.operation}`);
    }
  });
});
