import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { CONTRACT_DIR, FORMATS, loadErrors, loadRules, loadSchemas, OPERATIONS, operationPath, ROOT, type Format, type Operation } from './load.ts';

/**
 * An OpenAPI 3.1 description of both operations on both paths, generated from the contract
 * alone: the request, success and error schemas of contract/schemas (bundled: every
 * `common.json#/$defs/…` and local `#/$defs/…` becomes a component), their limits and one-of
 * pairs as they stand there, the documented errors of contract/errors.yaml, and the catalog's
 * rule IDs under `x-ocs-rules`. Where the spec says "not shown" (HTTP verb, content types, the
 * XML response root) the document takes the harness's defaults of contract/assumptions.yaml and
 * says so under `x-ocs-assumptions`. Output is deterministic: the same contract gives the same
 * bytes.
 */

/** The contract schema files an operation is described with; the profile and scenario schemas are the harness's own. */
const SCHEMA_FILES: Record<Operation, { request: string; response: string }> = {
  change_receiver: { request: 'change-receiver.request.json', response: 'change-receiver.response.json' },
  change_pickup: { request: 'change-pickup.request.json', response: 'change-pickup.response.json' },
};
const ERROR_FILE = 'error.response.json';
const COMMON_FILE = 'common.json';

const MEDIA_TYPE: Record<Format, string> = { json: 'application/json', xml: 'application/xml' };

const SUMMARY: Record<Operation, string> = {
  change_receiver: 'Change the receiver of a placed order',
  change_pickup: 'Change the dispatch (pickup) address, date and time of an order',
};
const SECTIONS: Record<Operation, { request: string; response: string }> = {
  change_receiver: { request: '2.1 to 2.3', response: '2.4' },
  change_pickup: { request: '2.6 to 2.8', response: '2.9' },
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `change-receiver.request.json` → `ChangeReceiverRequest`; `common.json` → `Common`. */
export function componentName(file: string, def?: string): string {
  const base = file.replace(/\.json$/, '').split(/[-.]/).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return def ? `${base}.${def}` : base;
}

/** Rewrites a contract `$ref` to the component it was bundled into; anything else is an error naming the file. */
function bundledRef(ref: string, file: string, known: Set<string>): string {
  const m = /^([a-z0-9.-]*\.json)?#\/\$defs\/([A-Za-z0-9_]+)$/.exec(ref);
  if (!m) throw new Error(`contract/schemas/${file}: $ref ${JSON.stringify(ref)} is not of the form [file.json]#/$defs/NAME, which export-openapi bundles`);
  const name = componentName(m[1] ?? file, m[2]);
  if (!known.has(name)) throw new Error(`contract/schemas/${file}: $ref ${JSON.stringify(ref)} points at no definition (no ${m[2]} in ${m[1] ?? file}'s $defs)`);
  return `#/components/schemas/${name}`;
}

/**
 * A contract schema made fit to sit under components/schemas: `$id` dropped (a relative `$id`
 * would change the base URI every bundled `$ref` resolves against), `$defs` lifted out, every
 * `$ref` rewritten, and arrays marked as repeated elements for XML (spec 2: "In XML each array
 * element is a repeated element with the field's name").
 */
function embed(schema: Json, file: string, known: Set<string>, root = true): Json {
  if (Array.isArray(schema)) return schema.map((s) => embed(s, file, known, false));
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$id' || key === '$defs' || key === '$schema') {
      if (root) continue;
      throw new Error(`contract/schemas/${file}: ${key} below the top level is not bundled by export-openapi; move it to the file's top-level $defs`);
    }
    if (key === '$ref') out[key] = bundledRef(String(value), file, known);
    // Property names are data, not schemas: keep them, embed what they map to.
    else if (key === 'properties' && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, embed(v, file, known, false)]));
    } else out[key] = embed(value, file, known, false);
  }
  if (out.type === 'array') out.xml = { wrapped: false };
  return out;
}

/** Every contract schema the description uses (of `all`, by file name), bundled into components/schemas. */
export function bundledSchemas(all = loadSchemas() as Record<string, JsonObject>): Record<string, JsonObject> {
  const files = [COMMON_FILE, ...OPERATIONS.flatMap((op) => [SCHEMA_FILES[op].request, SCHEMA_FILES[op].response]), ERROR_FILE];
  const known = new Set<string>();
  for (const file of files) {
    const schema = all[file];
    if (!schema) throw new Error(`contract/schemas/${file}: missing (export-openapi needs it)`);
    if (schema.$schema !== undefined && schema.$schema !== 'https://json-schema.org/draft/2020-12/schema') {
      throw new Error(`contract/schemas/${file}: $schema ${JSON.stringify(schema.$schema)} is not the 2020-12 dialect an OpenAPI 3.1 document embeds`);
    }
    if (file !== COMMON_FILE) known.add(componentName(file));
    for (const def of Object.keys(isObject(schema.$defs) ? schema.$defs : {})) known.add(componentName(file, def));
  }
  const out: Record<string, JsonObject> = {};
  for (const file of files) {
    const schema = all[file]!;
    if (file !== COMMON_FILE) out[componentName(file)] = embed(schema, file, known) as JsonObject;
    for (const [def, body] of Object.entries(isObject(schema.$defs) ? schema.$defs : {})) {
      out[componentName(file, def)] = embed(body, file, known, false) as JsonObject;
    }
  }
  // The roots of the XML bodies: `request` (spec 2); `response` is the harness's default
  // (contract/assumptions.yaml A-XML-RESPONSE-ROOT: the spec does not show it).
  for (const op of OPERATIONS) {
    out[componentName(SCHEMA_FILES[op].request)]!.xml = { name: 'request' };
    out[componentName(SCHEMA_FILES[op].response)]!.xml = { name: 'response' };
  }
  out[componentName(ERROR_FILE)]!.xml = { name: 'response' };
  return out;
}

const ref = (file: string): JsonObject => ({ $ref: `#/components/schemas/${componentName(file)}` });

function version(): string {
  return String((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version);
}

function operation(op: Operation, format: Format): JsonObject {
  const files = SCHEMA_FILES[op];
  const media = MEDIA_TYPE[format];
  const errors = loadErrors().filter((e) => e.operation === op);
  const rules = loadRules().filter((r) => r.operations.includes(op));
  const xmlNote = format === 'xml'
    ? ' XML: the root element of a request is `request`; each array element is a repeated element with the field\'s name (spec 2).'
    : '';
  return {
    operationId: `${op}_${format}`,
    summary: `${SUMMARY[op]} (${format.toUpperCase()})`,
    description:
      `Spec sections ${SECTIONS[op].request} (request) and ${SECTIONS[op].response} (response). ` +
      `appkey and sessionID travel in the body (spec 5); the verb is not shown by the spec, POST is the harness's default.${xmlNote}`,
    tags: [op],
    requestBody: {
      required: true,
      content: { [media]: { schema: ref(files.request) } },
    },
    responses: {
      '200': {
        description: `Accepted: the documented success body (spec ${SECTIONS[op].response}), metadata.status 200.`,
        content: { [media]: { schema: ref(files.response) } },
      },
      '400': {
        description:
          'Refused: metadata.status 400 (spec 7). The documented error numbers of this operation: ' +
          errors.map((e) => `${e.code} (${e.meaning}${e.detail === 'none' ? '' : ` ${e.detail}`})`).join('; ') +
          '. Validation and authentication refusals carry numbers the spec does not show; the rest of the error body is not shown either.',
        content: { [media]: { schema: ref(ERROR_FILE) } },
        'x-ocs-errors': errors.map((e) => ({ code: e.code, meaning: e.meaning, detail: e.detail, rule: e.rule })),
      },
    },
    'x-ocs-rules': rules.map((r) => r.id),
  };
}

/** The points of contract/assumptions.yaml this document had to take a position on. */
const ASSUMED = ['A-HTTP-VERB', 'A-CONTENT-TYPE', 'A-XML-RESPONSE-ROOT', 'A-ERROR-BODY'];

function assumptions(): Json[] {
  const all = parse(readFileSync(join(CONTRACT_DIR, 'assumptions.yaml'), 'utf8')) as { id: string; point: string; default: string }[];
  return ASSUMED.map((id) => {
    const a = all.find((x) => x.id === id);
    if (!a) throw new Error(`contract/assumptions.yaml: no entry ${id} (export-openapi states it)`);
    return { id, point: a.point, default: a.default };
  });
}

/** The OpenAPI 3.1 document, as a plain object. */
export function openapiDocument(): JsonObject {
  const paths: JsonObject = {};
  for (const op of OPERATIONS) {
    for (const format of FORMATS) paths[operationPath(op, format)] = { post: operation(op, format) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Order Change Service',
      version: version(),
      description:
        'Receiver change and dispatch address/time change, each on a JSON path and an XML path with the same payload ' +
        'shape. Generated by ocs-conformance export-openapi from its contract (contract/schemas, contract/errors.yaml, ' +
        'contract/rules.yaml); `x-ocs-rules` names the catalog rules each operation is judged on ' +
        '(`npx ocs-conformance explain RULE-ID`). Conditions that need the target\'s world (a legal form\'s ' +
        'individual or legal entity, the region and same-day rules) are not expressible here and are checked by the harness.',
    },
    servers: [{ url: '{base_url}', description: 'The target (spec 4: "Base address: `{base_url}`").', variables: { base_url: { default: 'http://127.0.0.1:8080' } } }],
    tags: OPERATIONS.map((op) => ({ name: op, description: SUMMARY[op] })),
    paths,
    components: { schemas: bundledSchemas() },
    'x-ocs-assumptions': assumptions(),
  };
}

/** The document as YAML or JSON text, ending in a newline. */
export function renderOpenapi(format: 'yaml' | 'json'): string {
  const doc = openapiDocument();
  if (format === 'json') return JSON.stringify(doc, null, 2) + '\n';
  if (format === 'yaml') return stringify(doc, { aliasDuplicateObjects: false, lineWidth: 0 });
  throw new Error(`export-openapi: unknown format ${JSON.stringify(format)} (yaml or json)`);
}
