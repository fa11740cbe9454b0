import { resolveRef, schemaById, type SchemaNode } from '../contract/ajv.ts';

/**
 * What a JSON Schema says about each field path, as far as XML needs it: whether the
 * element repeats (an array) and which scalar its text stands for. Paths join property
 * names with dots and leave array indexes out, as fast-xml-parser's jPath does.
 */
export type Scalar = 'integer' | 'boolean' | 'string';
export interface FieldShape { array: boolean; scalar?: Scalar }
export type Shape = Map<string, FieldShape>;

type Schema = SchemaNode;

const cache = new Map<string, Shape>();

export function shapeOf(schemaId: string): Shape {
  let shape = cache.get(schemaId);
  if (!shape) {
    shape = new Map();
    walk(schemaById(schemaId) as Schema, schemaId, '', shape, new Set());
    cache.set(schemaId, shape);
  }
  return shape;
}

function walk(schema: Schema, baseId: string, path: string, out: Shape, seen: Set<string>): void {
  if (typeof schema.$ref === 'string') {
    const key = `${baseId}|${schema.$ref}|${path}`;
    if (seen.has(key)) return;
    seen.add(key);
    const target = resolveRef(schema.$ref, baseId);
    walk(target.schema, target.baseId, path, out, seen);
  }
  for (const combinator of ['allOf', 'anyOf', 'oneOf']) {
    for (const branch of (schema[combinator] as Schema[] | undefined) ?? []) walk(branch, baseId, path, out, seen);
  }
  for (const branch of ['then', 'else']) {
    if (schema[branch]) walk(schema[branch] as Schema, baseId, path, out, seen);
  }
  const props = schema.properties as Record<string, Schema> | undefined;
  for (const [name, sub] of Object.entries(props ?? {})) {
    const childPath = path ? `${path}.${name}` : name;
    const field = fieldOf(sub, baseId);
    if (field) out.set(childPath, { ...out.get(childPath), ...field });
    walk(field?.array ? itemsOf(sub, baseId) : sub, baseId, childPath, out, seen);
  }
}

function deref(schema: Schema, baseId: string): { schema: Schema; baseId: string } {
  let cur = { schema, baseId };
  while (typeof cur.schema.$ref === 'string') cur = resolveRef(cur.schema.$ref, cur.baseId);
  return cur;
}

function itemsOf(schema: Schema, baseId: string): Schema {
  const { schema: s } = deref(schema, baseId);
  return (s.items as Schema | undefined) ?? {};
}

function fieldOf(schema: Schema, baseId: string): FieldShape | undefined {
  const { schema: s, baseId: b } = deref(schema, baseId);
  if (s.type === 'array') return { array: true, scalar: scalarOf(itemsOf(s, b), b) };
  const scalar = scalarOf(s, b);
  return scalar ? { array: false, scalar } : undefined;
}

function scalarOf(schema: Schema, baseId: string): Scalar | undefined {
  const { schema: s } = deref(schema, baseId);
  if (s.type === 'integer' || s.type === 'boolean' || s.type === 'string') return s.type;
  if (typeof s.const === 'number') return 'integer';
  if (typeof s.const === 'string') return 'string';
  return undefined;
}
