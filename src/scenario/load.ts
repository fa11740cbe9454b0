import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { isSeq, LineCounter, type Document } from 'yaml';
import { checkedYaml } from '../contract/ajv.ts';
import { CONTRACT_DIR, keptAsJson, ROOT } from '../contract/load.ts';
import { eachEntry, runFixtures } from './each.ts';
import { checkBuilt, checkRules, inEachVariant, sequenceExpect } from './variants.ts';
import { checkMessage } from './messages.ts';
import { valueEdgeCopies } from './value-edges.ts';
import { relationById } from '../contract/relations.ts';

export { ScenarioError } from './types.ts';
export type { Bases, Expect, LoadedCase, ScenarioCase, ScenarioFile, SequenceSpec, SequenceStep } from './types.ts';
import { ScenarioError, type Bases, type LoadedCase, type ScenarioFile } from './types.ts';

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
  const lines = caseLines(doc, counter);
  return file.cases.flatMap((c, index) => {
    const key = `${rel(path)}: key cases.${index}`;
    checkRules(c.rules, file.operation, `${key}.rules`);
    const formats = c.formats ?? ['json', 'xml'];
    if (c.sequence) {
      c.sequence.steps.forEach((step, i) => {
        const at = `${key}.sequence.steps.${i}`;
        const op = step.operation ?? file.operation;
        checkRules(step.rules, op, `${at}.rules`);
        checkBuilt(step, op, step.format ? [step.format] : formats, bases, at);
      });
    } else checkBuilt(c, file.operation, formats, bases, key);
    if (c.message) checkMessage({ ...c, message: c.message }, key);
    if (c.relation && !c.rules.includes(relationById(c.relation).rule)) {
      throw new ScenarioError(`${key}.rules: relation ${c.relation} is judged on ${relationById(c.relation).rule}, which rules must name`);
    }
    const { forms, framings, expect, ...own } = c;
    const loaded: LoadedCase = {
      ...own, expect: c.sequence ? sequenceExpect(c.sequence) : expect!, file: rel(path), index, ...(lines[index] ? { line: lines[index] } : {}), operation: file.operation, family: file.family, formats,
    };
    return inEachVariant(loaded, { forms, framings }, key).flatMap((v) => valueEdgeCopies(v, bases, key));
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
 * Every case under `dir`, a case that walks a list fixture (`each`) once per entry of the
 * profile's list: `fixtures`, else the run's profile (src/scenario/each.ts runFixtures).
 */
export function loadAllCases(dir = SUITES_DIR, fixtures?: Record<string, unknown>): LoadedCase[] {
  return withEntries(readScenarios(dir), fixtures);
}

/** Every scenario file under `dir`, read and checked, its `each` cases not yet copied per entry. */
export function readScenarios(dir = SUITES_DIR): LoadedCase[] {
  const bases = loadBases(dir);
  return scenarioFiles(dir).flatMap((f) => loadScenarioFile(f, bases));
}

/**
 * readScenarios, kept as JSON (src/contract/load.ts keptAsJson) for the text of every file it reads
 * (the scenarios, suites/bases.yaml, everything under contract/) and `code`, the key of the
 * compiled module that checks them (bin/compiled.js: a hash of every source it was built from).
 * Reading and checking the YAML is about 0.45 s of CPU in the plan check, on the way of every run;
 * the texts' hash and the JSON, a few milliseconds. Only scenarios that passed are kept: an edited
 * file is read and checked anew, and its problem named as always. Without `code` (TypeScript run
 * through tsx, whose sources nothing here hashes) the scenarios are read every time.
 */
export function keptScenarios(code: string | undefined, dir = SUITES_DIR): LoadedCase[] {
  if (!code) return readScenarios(dir);
  const files = [join(dir, 'bases.yaml'), ...scenarioFiles(dir), ...filesUnder(CONTRACT_DIR)];
  const text = files.map((f) => `${rel(f)}\0${readFileSync(f, 'utf8')}`).join('\0');
  return keptAsJson('scenarios', text, () => readScenarios(dir), `${code}\0${ROOT}`);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(join(dir, d.name)) : [join(dir, d.name)])).sort();
}

/** The cases of readScenarios with each `each` case copied per entry of the list in `fixtures`, else of the run's profile; names checked unique. */
export function withEntries(loaded: LoadedCase[], fixtures?: Record<string, unknown>): LoadedCase[] {
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
 * Every case, read once per run: `ocs-conformance run` keeps those it read to check the inputs
 * in the file OCS_CASES_CACHE names (src/cli/run.ts), else the first process that loads them
 * (Playwright's main process, listing the tests) does, and every other process reads that
 * instead of parsing and checking the YAML again (about half a second of CPU). Playwright starts
 * a new worker after each failed test, so this is paid per failure. A run started without
 * `ocs-conformance run` removes the file when it starts (playwright.config.ts).
 */
export function casesOfRun(env: NodeJS.ProcessEnv = process.env): LoadedCase[] {
  const cache = env.OCS_CASES_CACHE;
  if (cache && existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8')) as LoadedCase[];
  const cases = loadAllCases();
  if (cache) keepCases(cache, cases);
  return cases;
}

/** Writes the run's cases where casesOfRun reads them, whole or not at all. */
export function keepCases(cache: string, cases: LoadedCase[]): void {
  mkdirSync(dirname(cache), { recursive: true });
  writeFileSync(`${cache}.${process.pid}`, JSON.stringify(cases));
  renameSync(`${cache}.${process.pid}`, cache);
}
