import type { Ajv, ErrorObject, Options, ValidateFunction } from 'ajv';
import { parseDocument, type Document, type LineCounter } from 'yaml';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CONTRACT_DIR, ROOT, keptAsJson, loadSchemas } from './load.ts';

// strictRequired and strictTypes are off: "exactly one of" is written as oneOf over bare
// required lists, which strict mode would want repeated with type "object" in every branch.
const OPTIONS: Options = { allErrors: true, strict: true, strictRequired: false, strictTypes: false };

const requireHere = createRequire(import.meta.url);
/** ajv, loaded when a schema is compiled or read through it (a process that only validates with kept validators never loads it). */
const newAjv = (options: Options): Ajv => new (requireHere('ajv') as typeof import('ajv')).Ajv(options);

/** One ajv instance holding every contract schema, compiled once per process. */
let ajv: Ajv | undefined;
function instance(): Ajv {
  if (!ajv) {
    ajv = newAjv(OPTIONS);
    for (const schema of Object.values(loadSchemas())) ajv.addSchema(schema);
  }
  return ajv;
}

// ajv compiles a schema once, but getSchema resolves its ID anew on every call: once per response.
const validators = new Map<string, ValidateFunction>();
export function validator(schemaId: string): ValidateFunction {
  let fn = validators.get(schemaId);
  if (!fn) {
    fn = keptValidator(schemaId);
    validators.set(schemaId, fn);
  }
  return fn;
}

/**
 * The validator of `schemaId` as ajv compiles it, kept as the JavaScript ajv writes for it
 * (ajv's standalone code) for the text of every contract schema, ajv's version and the options
 * (keptAsJson): building the instance (every schema checked against its meta-schema) and
 * compiling took each process of a run 50 to 120 ms of CPU before its first use (the plan check
 * the profile's schema, the runner's preflight and each worker the answers'). The same code,
 * from the same compiler, gives the same errors.
 */
function keptValidator(schemaId: string): ValidateFunction {
  const version = ajvVersion();
  const code = keptAsJson(`ajv+${schemaId}`, contractSchemasText(), () => {
    const compiler = newAjv({ ...OPTIONS, code: { source: true } });
    for (const schema of Object.values(loadSchemas())) compiler.addSchema(schema);
    const fn = compiler.getSchema(schemaId);
    if (!fn) throw new Error(`no schema ${schemaId} in contract/schemas`);
    return (requireHere('ajv/dist/standalone') as typeof import('ajv/dist/standalone/index.js')).default(compiler, fn);
  }, `${version}\0${JSON.stringify(OPTIONS)}`);
  const module = { exports: {} as { default?: ValidateFunction } };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- ajv's own output, made above from the contract's schemas
  new Function('require', 'module', 'exports', code)(requireHere, module, module.exports);
  return (module.exports.default ?? module.exports) as ValidateFunction;
}

/** Every contract schema by its $id, read as the files are (no ajv: the contract's walkers only read them). */
let schemas: Map<string | undefined, unknown> | undefined;
export function schemaById(schemaId: string): object {
  schemas ??= new Map(Object.values(loadSchemas()).map((s) => [(s as { $id?: string }).$id, s]));
  const schema = schemas.get(schemaId) ?? instance().getSchema(schemaId)?.schema;
  if (!schema || typeof schema !== 'object') throw new Error(`no schema ${schemaId}`);
  return schema;
}

/** A schema node, as the contract's walkers read it. */
export type SchemaNode = Record<string, unknown>;

/** The node a `$ref` names, read from the schema it is in (`baseId`) or another (`file#/pointer`), and the schema it is in. */
export function resolveRef(ref: string, baseId: string): { schema: SchemaNode; baseId: string } {
  const [file, pointer = ''] = ref.split('#');
  const id = file || baseId;
  let node: unknown = schemaById(id);
  for (const key of pointer.split('/').filter(Boolean)) node = (node as SchemaNode)[key];
  return { schema: node as SchemaNode, baseId: id };
}

/** An ajv error kept whole: where, which keyword, what the schema wanted and what was there. */
export interface SchemaViolation {
  instancePath: string;
  keyword: string;
  message: string;
  value: unknown;
}

export function violations(errors: ErrorObject[] | null | undefined, data: unknown): SchemaViolation[] {
  return (errors ?? []).map((e) => ({
    instancePath: e.instancePath,
    keyword: e.keyword,
    message: `${e.message ?? e.keyword}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`,
    value: valueAt(data, e.instancePath),
  }));
}

function valueAt(data: unknown, pointer: string): unknown {
  let cur: unknown = data;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/**
 * A YAML document read and, given a schema ID, checked against that schema. Each problem names the document and
 * the key (`profiles/x.yaml: key fixtures.orders.noAccess: must be string`), and an
 * unknown key by its name: the form both the profile and the scenario loaders report. The parsed
 * document comes back too, its positions counted by `lineCounter` when one is given.
 */
export function checkedYaml(text: string, name: string, schemaId?: string, lineCounter?: LineCounter): { data: unknown; problems: string[]; doc?: Document } {
  const doc = parseDocument(text, { lineCounter });
  if (doc.errors.length) return { data: undefined, problems: [`${name}: not valid YAML: ${doc.errors[0]!.message}`] };
  const data = doc.toJS() as unknown;
  if (!schemaId) return { data, problems: [], doc };
  const validate = validator(schemaId);
  if (validate(data)) return { data, problems: [], doc };
  const problems = (validate.errors ?? []).map((e) => {
    const key = e.instancePath.replace(/^\//, '').replace(/\//g, '.') || '(top level)';
    const extra = e.keyword === 'additionalProperties' ? ` '${(e.params as { additionalProperty: string }).additionalProperty}'` : '';
    return `${name}: key ${key}: ${e.message}${extra}`;
  });
  return { data, problems: [...new Set(problems)], doc };
}

/** The text of every contract schema, hashed: what a checked contract file's reading depends on beside its own text. */
let schemasText: string | undefined;
function contractSchemasText(): string {
  if (schemasText === undefined) {
    const dir = join(CONTRACT_DIR, 'schemas');
    schemasText = readdirSync(dir).filter((n) => n.endsWith('.json')).sort().map((n) => `${n}\0${readFileSync(join(dir, n), 'utf8')}`).join('\0');
  }
  return schemasText;
}

/**
 * A contract file (`file`, from the checkout's root) read and checked against its schema, as
 * checkedYaml does; throws its problems. A reading that passed is kept as JSON for its text and
 * the schemas' (keptAsJson): the lax readers' and value edges' catalogues took some 100 ms of
 * YAML parsing and schema compiling in every worker.
 */
export function checkedContractFile(file: string, schemaId: string): unknown {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return keptAsJson(file.replace(/[\\/]/g, '+'), text, () => {
    const { data, problems } = checkedYaml(text, file, schemaId);
    if (problems.length) throw new Error(problems.join('\n'));
    return data;
  }, `${schemaId}\0${contractSchemasText()}\0${ajvVersion()}\0${JSON.stringify(OPTIONS)}`);
}

/** ajv's version: a key of what it judged, kept (another ajv may judge otherwise). */
const ajvVersion = (): string => (requireHere('ajv/package.json') as { version: string }).version;
