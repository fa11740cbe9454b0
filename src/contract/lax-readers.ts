/**
 * The catalogue of lax readers (issue 41: contract/lax-readers.yaml), read once and checked
 * against lax-readers.schema.json and the rule catalog: what generators/rewrites/ draws and
 * what src/checks/lax.ts judges each rewritten request by.
 */
import { join } from 'node:path';
import { checkedContractFile } from './ajv.ts';
import { CONTRACT_DIR, loadRules, type Format } from './load.ts';

/** `must`: the other answer fails the family's rule; an assumption ID: the point is open. */
export type Reading = string;

export type Applies = 'member' | 'nested' | 'scalar' | 'array' | 'integer' | 'number' | 'boolean' | 'digits' | 'text-number' | 'identifier' | 'identifier-or-digits';

export interface LaxOperator {
  id: string;
  family: string;
  applies: Applies;
  formats: Format[];
  /** How the target's acceptance is judged when the reference refused the rewritten request. */
  refused: Reading;
  /** How the target's refusal is judged when the reference took the rewritten request. */
  accepted: Reading;
  reader: string;
  source: string;
  sample: { value: Record<string, unknown>; at: string; json?: string; xml?: string };
}

export interface LaxFamily { rule: string; title: string }

export interface LaxCatalogue { families: Record<string, LaxFamily>; operators: LaxOperator[] }

/** The INFO rule an answer is recorded under where the reference's answer rests on an open point. */
export const LAX_OPEN_RULE = 'INFO-LAX-OPEN';

export const LAX_FILE = join(CONTRACT_DIR, 'lax-readers.yaml');

let catalogue: LaxCatalogue | undefined;

/** The problems of a catalogue beyond its schema: unknown families, rules and assumptions, twice-given IDs, samples in formats it does not apply to. */
export function laxProblems(c: LaxCatalogue, assumptions: ReadonlySet<string>): string[] {
  const rules = new Set(loadRules().map((r) => r.id));
  const problems: string[] = [];
  for (const [name, f] of Object.entries(c.families)) if (!rules.has(f.rule)) problems.push(`families.${name}.rule: ${f.rule} is no rule of contract/rules.yaml`);
  const seen = new Set<string>();
  c.operators.forEach((op, i) => {
    const at = `operators[${i}] (${op.id})`;
    if (seen.has(op.id)) problems.push(`${at}: the id is given twice`);
    seen.add(op.id);
    if (!c.families[op.family]) problems.push(`${at}: family ${op.family} is none of families`);
    for (const r of [op.refused, op.accepted]) if (r !== 'must' && !assumptions.has(r)) problems.push(`${at}: ${r} is no entry of contract/assumptions.yaml`);
    for (const f of ['json', 'xml'] as const) {
      if (op.formats.includes(f) !== (op.sample[f] !== undefined)) problems.push(`${at}: sample.${f} is ${op.formats.includes(f) ? 'missing' : 'given'}, but the operator ${op.formats.includes(f) ? 'applies' : 'does not apply'} to ${f}`);
    }
  });
  return problems;
}

export function laxCatalogue(): LaxCatalogue {
  if (catalogue) return catalogue;
  return (catalogue = checkedContractFile('contract/lax-readers.yaml', 'lax-readers.schema.json') as LaxCatalogue);
}

/** The rules the lax readers' findings are judged on: each family's, then the INFO rule. */
export const laxRules = (): string[] => [...new Set(Object.values(laxCatalogue().families).map((f) => f.rule)), LAX_OPEN_RULE];
