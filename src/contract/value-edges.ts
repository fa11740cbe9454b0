/**
 * The catalogues of value edges (issue 32: contract/edges/integers.yaml, dates.yaml,
 * credentials.yaml, responses.yaml), read and checked against value-edges.schema.json, and the
 * fields of a type found in the request schemas, so a field added to a schema is reached too.
 */
import { checkedContractFile, schemaById } from './ajv.ts';
import type { Operation } from './load.ts';

export interface EdgeEntry {
  id: string;
  label?: string;
  source: string;
  catches?: string;
  expect?: 'accepted' | 'rejected' | 'record';
  /** The rule it is judged on, where the set's `rules` by field do not say. */
  rule?: string;
  add?: number;
  times?: number;
  day?: string;
  value?: string;
  role?: 'start' | 'end';
  miss?: string;
  verdict?: 'pass' | 'fail';
  shift?: string;
  beyond?: boolean;
}

export interface EdgeSet {
  /** The catalogue file it is in, from the checkout's root. */
  file: string;
  title: string;
  fields: string;
  rules?: Record<string, string>;
  entries: EdgeEntry[];
}

export const VALUE_EDGE_FILES = ['integers', 'dates', 'credentials', 'responses'] as const;

let sets: Record<string, EdgeSet> | undefined;

/** Every set of every value-edge catalogue, by name (`integers`, `dates`, `times`, `credentials`, `format`, `plausibility`). */
export function valueEdgeSets(): Record<string, EdgeSet> {
  if (sets) return sets;
  const out: Record<string, EdgeSet> = {};
  for (const name of VALUE_EDGE_FILES) {
    const file = `contract/edges/${name}.yaml`;
    const data = checkedContractFile(file, 'value-edges.schema.json');
    for (const [set, body] of Object.entries((data as { sets: Record<string, Omit<EdgeSet, 'file'>> }).sets)) {
      if (out[set]) throw new Error(`${file}: key sets.${set}: a set of that name is also in ${out[set].file}`);
      const ids = body.entries.map((e) => e.id);
      const twice = ids.find((id, i) => ids.indexOf(id) !== i);
      if (twice) throw new Error(`${file}: key sets.${set}.entries: the id ${twice} is given twice`);
      out[set] = { file, ...body };
    }
  }
  return (sets = out);
}

/** The kinds of field the request schemas say a value edge goes in. */
export type FieldKind = 'id' | 'date' | 'hhmm';

type Node = Record<string, unknown>;

const REF_KIND: Record<string, FieldKind> = { 'common.json#/$defs/id': 'id', 'common.json#/$defs/idList': 'id', 'common.json#/$defs/hhmm': 'hhmm' };

/** A string pattern that takes a calendar date and nothing longer. */
const takesDate = (node: Node): boolean => {
  if (node.type !== 'string' || typeof node.pattern !== 'string') return false;
  const re = new RegExp(node.pattern as string);
  return re.test('2028-02-29') && !re.test('2028-02-29T00:00') && !re.test('29.02.2028');
};

/**
 * The dotted paths (an array's first element as `.0`) of an operation's request fields of a
 * kind: an address-book ID (common.json#/$defs/id or idList), an HH:MM time (hhmm), or a
 * string whose pattern takes a YYYY-MM-DD date.
 */
export function fieldsOfKind(op: Operation, kind: FieldKind): string[] {
  const schemaId = `${op.replace('_', '-')}.request.json`;
  const root = schemaById(schemaId) as Node;
  const resolve = (ref: string): Node => {
    const [file, pointer] = ref.split('#');
    const doc = (file ? schemaById(file) : root) as Node;
    return pointer!.split('/').filter(Boolean).reduce<Node>((n, seg) => n[seg] as Node, doc);
  };
  const out: string[] = [];
  const walk = (node: Node, path: string): void => {
    const ref = typeof node.$ref === 'string' ? node.$ref : undefined;
    if (ref && REF_KIND[ref] === kind) {
      out.push(ref.endsWith('List') ? `${path}.0` : path);
      return;
    }
    if (ref) return walk(resolve(ref), path);
    if (kind === 'date' && takesDate(node)) out.push(path);
    for (const [key, child] of Object.entries((node.properties ?? {}) as Record<string, Node>)) walk(child, path ? `${path}.${key}` : key);
  };
  walk(root, '');
  return out;
}
