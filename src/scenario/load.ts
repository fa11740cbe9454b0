import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { isSeq, LineCounter, type Document } from 'yaml';
import { checkedYaml } from '../contract/ajv.ts';
import { ROOT, loadRules, type Format, type Operation } from '../contract/load.ts';
import type { Wire } from './wire.ts';
import type { ListFixture } from '../profile/lists.ts';
import { eachEntry, runFixtures } from './each.ts';
import { FORMS, isForm } from '../codec/forms.ts';

export type Expect = 'accepted' | 'rejected' | 'record' | 'same-day' | 'past-date' | 'probe' | { error: number };

export interface ScenarioCase {
  name: string;
  rules: string[];
  base?: string;
  /** A list fixture the case walks: it runs once per entry (src/scenario/each.ts). */
  each?: ListFixture;
  set?: Record<string, unknown>;
  unset?: string[];
  /** A body sent verbatim in place of a built request, per format the case runs in. */
  raw?: Partial<Record<Format, string>>;
  wire?: Wire;
  expect: Expect;
  formats?: Format[];
  why?: string;
  /** Also send the request in these forms of its formats (src/codec/forms.ts), each beside the compact form. */
  forms?: 'all' | string[];
}

export interface ScenarioFile { operation: Operation; family: string; cases: ScenarioCase[] }

/** A case ready to run: where it came from, and the formats it runs in. */
export interface LoadedCase extends Omit<ScenarioCase, 'forms'> {
  file: string;
  index: number;
  /** The line of the file where the case starts: its step in Playwright's report points there. */
  line?: number;
  operation: Operation;
  family: string;
  formats: Format[];
  /** The entry of `each` this copy of the case reads. */
  entry?: { list: ListFixture; index: number };
  /** The one form this case sends its request in, in each of its formats, beside the compact form (a case of `forms`). */
  form?: string;
}

export interface Bases {
  fragments: Record<string, unknown>;
  bases: Record<Operation, Record<string, unknown>>;
}

export class ScenarioError extends Error {}

const SUITES_DIR = join(ROOT, 'suites');

function readYamlFile(path: string, schemaId?: string, lineCounter?: LineCounter): { data: unknown; doc?: Document } {
  const { data, problems, doc } = checkedYaml(readFileSync(path, 'utf8'), rel(path), schemaId, lineCounter);
  if (problems.length) throw new ScenarioError(problems.join('\n'));
  return { data, doc };
}

const rel = (path: string): string => relative(ROOT, path);

function scenarioFiles(dir = SUITES_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(join(dir, d.name)).filter((n) => n.endsWith('.yaml')).map((n) => join(dir, d.name, n)))
    .sort();
}

export function loadBases(dir = SUITES_DIR): Bases {
  return readYamlFile(join(dir, 'bases.yaml')).data as Bases;
}

/**
 * Loads one scenario file: checked against its JSON Schema, its rule IDs against the
 * catalog (and the operation each rule applies to), its bases against suites/bases.yaml.
 * Every problem names the file and the key.
 */
function loadScenarioFile(path: string, bases: Bases): LoadedCase[] {
  const counter = new LineCounter();
  const { data, doc } = readYamlFile(path, 'scenario.schema.json', counter);
  const file = data as ScenarioFile;
  const rules = new Map(loadRules().map((r) => [r.id, r]));
  const lines = caseLines(doc, counter);
  return file.cases.flatMap((c, index) => {
    const key = `${rel(path)}: key cases.${index}`;
    for (const id of c.rules) {
      const rule = rules.get(id);
      if (!rule) throw new ScenarioError(`${key}.rules: unknown rule ID ${id}`);
      if (!rule.operations.includes(file.operation)) throw new ScenarioError(`${key}.rules: ${id} does not apply to ${file.operation}`);
    }
    const base = c.base ?? 'valid';
    if (!c.raw && !(base in (bases.bases[file.operation] ?? {}))) throw new ScenarioError(`${key}.base: no base '${base}' for ${file.operation} in suites/bases.yaml`);
    const formats = c.formats ?? ['json', 'xml'];
    const noRaw = c.raw ? formats.filter((f) => c.raw![f] === undefined) : [];
    if (noRaw.length) throw new ScenarioError(`${key}.raw: no ${noRaw.join(' or ')} body for a case that runs in ${formats.join(' and ')}`);
    const { forms, ...own } = c;
    const loaded: LoadedCase = { ...own, file: rel(path), index, ...(lines[index] ? { line: lines[index] } : {}), operation: file.operation, family: file.family, formats };
    return forms ? inEachForm(loaded, forms, key) : [loaded];
  });
}

/** The line (from 1) where each element of the file's `cases` starts. */
function caseLines(doc: Document | undefined, counter: LineCounter): number[] {
  const cases = doc?.get('cases', true);
  return isSeq(cases) ? cases.items.map((item) => {
    const at = (item as { range?: [number, number, number] }).range?.[0];
    return at === undefined ? 0 : counter.linePos(at).line;
  }) : [];
}

/**
 * A case of `forms` is one case per form, named after it, in each of the case's formats that
 * has the form: each sends the request in that form and in the compact one (src/runner/forms.ts).
 * A form is a way of writing a built request, so a raw or rewired body has none.
 */
function inEachForm(c: LoadedCase, forms: 'all' | string[], key: string): LoadedCase[] {
  if (c.raw || c.wire) throw new ScenarioError(`${key}.forms: a case with raw or wire sends no built request to write in other forms`);
  const names = forms === 'all' ? [...new Set(c.formats.flatMap((f) => FORMS[f]))] : forms;
  return names.map((form) => {
    const formats = c.formats.filter((f) => isForm(f, form));
    if (!formats.length) throw new ScenarioError(`${key}.forms: ${c.formats.join(' and ')} ha${c.formats.length > 1 ? 've' : 's'} no form '${form}' (${c.formats.map((f) => `${f}: ${FORMS[f].join(', ')}`).join('; ')})`);
    return { ...c, name: `${c.name}: ${form}`, formats, form };
  });
}

/**
 * Every case under `dir`, a case that walks a list fixture (`each`) once per entry of the
 * profile's list: `fixtures`, else the run's profile (src/scenario/each.ts runFixtures).
 */
export function loadAllCases(dir = SUITES_DIR, fixtures?: Record<string, unknown>): LoadedCase[] {
  const bases = loadBases(dir);
  const loaded = scenarioFiles(dir).flatMap((f) => loadScenarioFile(f, bases));
  const cases = loaded.some((c) => c.each) ? eachEntry(loaded, fixtures ?? runFixtures()) : loaded;
  const seen = new Map<string, string>();
  for (const c of cases) {
    const key = `${c.operation}|${c.name}`;
    const prev = seen.get(key);
    if (prev) throw new ScenarioError(`${c.file}: key cases.${c.index}.name: '${c.name}' is also a case name in ${prev}`);
    seen.set(key, c.file);
  }
  return cases;
}

/**
 * Every case, read once per run: the first process that loads them (Playwright's main
 * process, listing the tests) keeps them in the file OCS_CASES_CACHE names, and every worker
 * reads that instead of parsing and checking the YAML again. Playwright starts a new worker
 * after each failed test, so this is paid per failure. The run removes the file when it starts.
 */
export function casesOfRun(env: NodeJS.ProcessEnv = process.env): LoadedCase[] {
  const cache = env.OCS_CASES_CACHE;
  if (cache && existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8')) as LoadedCase[];
  const cases = loadAllCases();
  if (cache) {
    mkdirSync(dirname(cache), { recursive: true });
    writeFileSync(`${cache}.${process.pid}`, JSON.stringify(cases));
    renameSync(`${cache}.${process.pid}`, cache);
  }
  return cases;
}
