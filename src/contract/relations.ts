/**
 * The metamorphic relations of contract/relations.yaml (issue 42): what must hold between
 * requests and their answers, each with the spec sentence it comes from and the rule a broken
 * one fails. src/runner/relations.ts sends the relations no other code covers (`covered` absent).
 */
import { join } from 'node:path';
import { CONTRACT_DIR, readYaml } from './load.ts';

export interface Relation {
  id: string;
  rule: string;
  source: { section: string; quote: string };
  relation: string;
  sends: string;
  /** The code that already sends it, under an existing rule. */
  covered?: string;
}

let relations: readonly Relation[] | undefined;
export const loadRelations = (): readonly Relation[] =>
  (relations ??= Object.freeze(readYaml<Relation[]>(join(CONTRACT_DIR, 'relations.yaml'))));

/** A relation by its id; an id not in the file is a mistake of the scenario or generator that names it. */
export function relationById(id: string): Relation {
  const found = loadRelations().find((r) => r.id === id);
  if (!found) throw new Error(`contract/relations.yaml has no relation ${id}`);
  return found;
}
