import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { fileURLToPath } from 'node:url';

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
}

/** The path of an operation in a format (spec 4: `/v3/orders/change_receiver.json` and the like). */
export const operationPath = (op: Operation, format: Format): string => `/v3/orders/${op}.${format}`;

/** The rules judged on every answer, whatever was sent: the response rules, the wire rules of an answer's own framing, its HTTP fields (src/checks/http-fields.ts) and the SHOULDs of its body's standard (src/checks/body-standards.ts). */
const EVERY_ANSWER = new Set(['WIRE-RESPONSE-FRAMING', 'WIRE-KEEP-ALIVE', 'HTTP-DATE', 'HTTP-DATE-FORMAT', 'HTTP-DATE-NOW', 'HTTP-CONTENT-ENCODING',
  'HTTP-JSON-UNIQUE-NAMES', 'HTTP-XML-DECLARATION']);
export const isResponseRule = (id: string): boolean => id.startsWith('RSP-') || EVERY_ANSWER.has(id);

export interface DocumentedError {
  code: number;
  operation: Operation;
  meaning: string;
  detail: string;
  rule: string;
  fixture: string;
}

function readYaml<T>(path: string): T {
  return parse(readFileSync(path, 'utf8')) as T;
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
