import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, join } from 'node:path';
import { parse } from 'yaml';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CONTRACT_DIR = join(ROOT, 'contract');

export type Level = 'MUST' | 'SHOULD' | 'INFO';
export type Operation = 'change_receiver' | 'change_pickup';
export const OPERATIONS: Operation[] = ['change_receiver', 'change_pickup'];
export type Format = 'json' | 'xml';
export const FORMATS: Format[] = ['json', 'xml'];

export interface Rule {
  id: string;
  level: Level;
  operations: Operation[];
  title: string;
  spec: { section: string; quote: string };
  /** `none: <reason>` when no request can break the rule (generators/violators has the rest). */
  violator?: string;
  /** `safety`: a probe the spec does not state (INFO, IDs `SAFE-…`), shown in its own section of the report. */
  family?: 'safety';
  /** The standard sentence a rule of HTTP's own matter applies (the WIRE rules: RFC 9110, RFC 9112). */
  standard?: { document: string; section: string; quote: string };
  /** `format`: the rule holds a request to its format's own standard, RFC 8259 or XML 1.0 (src/contract/layers.ts). */
  layer?: 'format';
}

/** The path of an operation in a format (spec 4: `/v3/orders/change_receiver.json` and the like). */
export const operationPath = (op: Operation, format: Format): string => `/v3/orders/${op}.${format}`;

/** The rules judged on every answer, whatever was sent: the response rules, the wire rules of an answer's own framing, its HTTP fields (src/checks/http-fields.ts) and the SHOULDs of its body's standard (src/checks/body-standards.ts). */
const EVERY_ANSWER = new Set(['WIRE-RESPONSE-FRAMING', 'WIRE-KEEP-ALIVE', 'HTTP-DATE', 'HTTP-DATE-FORMAT', 'HTTP-DATE-NOW', 'HTTP-CONTENT-ENCODING',
  'BODY-JSON-UNIQUE-NAMES', 'BODY-XML-DECLARATION']);
export const isResponseRule = (id: string): boolean => id.startsWith('RSP-') || EVERY_ANSWER.has(id);

export interface DocumentedError {
  code: number;
  operation: Operation;
  meaning: string;
  detail: string;
  rule: string;
  fixture: string;
}

/** Where readYaml keeps what it parsed: beside Playwright's transform cache (src/runner/caches.ts), never in the OS's temporary directory. */
const YAML_CACHE = join(ROOT, 'node_modules', '.cache', 'ocs-contract');

/**
 * A contract file's YAML, parsed once per text: rules.yaml takes 75 to 150 ms of CPU to parse
 * in each of a run's processes (the plan check, Playwright's runner, every worker), JSON.parse
 * of the same data under a millisecond. Kept as JSON with a hash of the text it came from; where
 * the cache cannot be written (an installed package's folder), each process parses. The text
 * edges' catalogues, the relations and the reference's fixtures are read so too: a run's runner
 * and worker parsed them as they started (issue 44). Kept under the file's name: two files of
 * one name take turns, each parsed again when the other was kept last, never read as the other.
 */
export function readYaml<T>(path: string): T {
  const text = readFileSync(path, 'utf8');
  return keptAsJson(basename(path), text, () => parse(text) as T);
}

/**
 * What `make` gives for `text` (and `salt`: whatever else it depends on), made once per text
 * and kept as JSON under `name` with their hash (readYaml above; a contract file read and
 * checked against its schema, src/contract/ajv.ts). `make` may throw: nothing is kept then.
 */
export function keptAsJson<T>(name: string, text: string, make: () => T, salt = ''): T {
  const hash = createHash('sha1').update(salt).update('\0').update(text).digest('hex');
  const kept = join(YAML_CACHE, `${name}.json`);
  try {
    const cached = JSON.parse(readFileSync(kept, 'utf8')) as { hash: string; data: T };
    if (cached.hash === hash) return cached.data;
  } catch { /* not kept yet, or unreadable: made below */ }
  const data = make();
  // What JSON cannot carry as it is (a NaN, an undefined) is made again each time, not kept changed.
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(data) ?? 'null'), data)) return data;
  try {
    mkdirSync(YAML_CACHE, { recursive: true });
    writeFileSync(`${kept}.${process.pid}`, JSON.stringify({ hash, data }));
    renameSync(`${kept}.${process.pid}`, kept);
  } catch { /* a folder this user may not write: made every time, as before */ }
  return data;
}

let rules: Rule[] | undefined;
export function loadRules(): Rule[] {
  rules ??= readYaml<Rule[]>(join(CONTRACT_DIR, 'rules.yaml'));
  return rules;
}

// Looked up for every finding of every response: by key, not by a walk of the catalog.
let byId: Map<string, Rule> | undefined;
export function ruleById(id: string): Rule {
  byId ??= new Map(loadRules().map((r) => [r.id, r]));
  const rule = byId.get(id);
  if (!rule) throw new Error(`unknown rule ID ${id} (not in contract/rules.yaml)`);
  return rule;
}

// Read once: every answer's outcome looks its error numbers up here, and parsing the file for
// each of a run's 8,000 answers took 5% of a worker's time.
let errors: readonly DocumentedError[] | undefined;
export function loadErrors(): readonly DocumentedError[] {
  errors ??= Object.freeze(readYaml<DocumentedError[]>(join(CONTRACT_DIR, 'errors.yaml')).map((e) => Object.freeze(e)));
  return errors;
}

export function loadSchemas(): Record<string, object> {
  const dir = join(CONTRACT_DIR, 'schemas');
  const out: Record<string, object> = {};
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    out[name] = JSON.parse(readFileSync(join(dir, name), 'utf8'));
  }
  return out;
}
