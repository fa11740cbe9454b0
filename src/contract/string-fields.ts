/**
 * The string and list fields of a request, read from its JSON Schema (contract/schemas), so a
 * field the contract gains later is reached by every probe drawn from them (issue 32: "derive
 * the fields of a type from the contract's request schemas").
 */
import { resolveRef, schemaById, type SchemaNode } from './ajv.ts';
import type { Operation } from './load.ts';
import { freeTextCatalogue, ruleAt, textCatalogue } from './text-edges.ts';

type Schema = SchemaNode;

/** A field of a request: its dotted path (array indexes left out, as in contract/edges/text.yaml) and its constraints. */
export interface RequestField {
  path: string;
  type: 'string' | 'array';
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  maxItems?: number;
}

/** What a string field holds: text with a limit, digits, free text, a value of the profile, or a format of its own. */
export type TextKind = 'limited' | 'digits' | 'free' | 'profile' | 'formatted';

const cache = new Map<Operation, RequestField[]>();

/** Every string and array field of the operation's request schema, each path once. */
export function requestFields(op: Operation): RequestField[] {
  let fields = cache.get(op);
  if (!fields) {
    const id = `${op.replace('_', '-')}.request.json`;
    const found = new Map<string, RequestField>();
    walk(schemaById(id) as Schema, id, '', found, new Set());
    cache.set(op, (fields = [...found.values()]));
  }
  return fields;
}

/** How a string field is sent (contract/edges/text.yaml limitRules and digitRules, free-text.yaml fromProfile). */
export function textKind(op: Operation, field: RequestField): TextKind {
  const text = textCatalogue();
  if (ruleAt(text.limitRules, op, field.path)) return 'limited';
  if (ruleAt(text.digitRules, op, field.path)) return 'digits';
  if (freeTextCatalogue().fromProfile.includes(field.path.split('.').at(-1)!)) return 'profile';
  return field.pattern === undefined && field.maxLength === undefined ? 'free' : 'formatted';
}

/** The string fields of a kind. */
export const fieldsOf = (op: Operation, kind: TextKind): RequestField[] =>
  requestFields(op).filter((f) => f.type === 'string' && textKind(op, f) === kind);

/** Walks properties, array items, $ref and the combinators, as src/codec/shape.ts does for XML. */
function walk(schema: Schema, baseId: string, path: string, out: Map<string, RequestField>, seen: Set<string>): void {
  if (typeof schema.$ref === 'string') {
    const key = `${baseId}|${schema.$ref}|${path}`;
    if (seen.has(key)) return;
    seen.add(key);
    const target = resolveRef(schema.$ref, baseId);
    walk(target.schema, target.baseId, path, out, seen);
    return;
  }
  if (path && (schema.type === 'string' || schema.type === 'array')) {
    const field: RequestField = { ...out.get(path), path, type: schema.type };
    for (const key of ['maxLength', 'minLength', 'maxItems'] as const) if (typeof schema[key] === 'number') field[key] = schema[key] as number;
    if (typeof schema.pattern === 'string') field.pattern = schema.pattern;
    out.set(path, field);
  }
  for (const combinator of ['allOf', 'anyOf', 'oneOf']) {
    for (const branch of (schema[combinator] as Schema[] | undefined) ?? []) walk(branch, baseId, path, out, seen);
  }
  for (const branch of ['then', 'else']) if (schema[branch]) walk(schema[branch] as Schema, baseId, path, out, seen);
  if (schema.items) walk(schema.items as Schema, baseId, path, out, seen);
  for (const [name, sub] of Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {})) {
    walk(sub, baseId, path ? `${path}.${name}` : name, out, seen);
  }
}
