/**
 * The repository's import graph, read with TypeScript's own scanner (ts.preProcessFile: import
 * and export lines, `import type`, `import()` of a literal), and what DESIGN's Layout forbids in
 * it: a circle, inside a folder or between folders, and an arrow that runs up a floor (between
 * the top folders, or between src/'s folders), or into or out of reference/.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The harness's floors, top first: a file imports from its own floor and those below it only. */
export const FLOORS = ['scripts', 'suites', 'generators', 'src'];

/**
 * src/'s own floors, top first, by the same rule (docs/architecture.md): the command line, the
 * reports, the run, the checks, the scenarios, the profile, then what everything reads: the
 * HTTP client, the codecs, the contract and time.
 */
export const SRC_FLOORS = ['cli', 'report', 'runner', 'checks', 'scenario', 'profile', 'client', 'codec', 'contract', 'time'];

/**
 * Beside the floors: the harness starts the reference as a process, so none of src/, suites/ and
 * generators/ imports it and it imports none of them (scripts/, above, drive it: the bench and
 * the mutation run).
 */
const REFERENCE = 'reference';
const HARNESS = ['suites', 'generators', 'src'];

const SKIPPED = new Set(['node_modules', 'reports', 'test-results', 'blob-report']);
const CODE = /\.(ts|mts|js|mjs)$/;

function codeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name.startsWith('.') || SKIPPED.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return codeFiles(path);
    return CODE.test(name) ? [path] : [];
  });
}

/** Each file's imports of other files of the repository, by path relative to `root`; packages and node: modules are left out. */
export function importGraph(root: string): Map<string, string[]> {
  const files = codeFiles(root);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const imported = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles
      .map((f) => f.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => resolve(dirname(file), spec))
      .map((target) => [target, `${target}.ts`, join(target, 'index.ts')].find((c) => known.has(c)))
      .filter((target): target is string => target !== undefined && target !== file);
    graph.set(relative(root, file), [...new Set(imported.map((t) => relative(root, t)))]);
  }
  return graph;
}

/** The circles of the graph (Tarjan's strongly connected components), each its files sorted and joined by ` <-> `. */
export function circles(graph: Map<string, string[]>): string[] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = stack.splice(stack.indexOf(v));
    if (component.length > 1) found.push(component.sort().join(' <-> '));
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found.sort();
}

/** The arrows between folders that Layout forbids, each `from -> to`. */
export function wrongWay(graph: Map<string, string[]>): string[] {
  const up = (floors: string[], from: string, to: string): boolean => {
    const [f, t] = [floors.indexOf(from), floors.indexOf(to)];
    return f >= 0 && t >= 0 && t < f;
  };
  const forbidden = (from: string, to: string): boolean => {
    const [[a, inA], [b, inB]] = [from.split('/'), to.split('/')];
    if (a === 'src' && b === 'src') return up(SRC_FLOORS, inA!, inB!);
    if (FLOORS.includes(a!) && FLOORS.includes(b!)) return up(FLOORS, a!, b!);
    return (HARNESS.includes(a!) && b === REFERENCE) || (a === REFERENCE && FLOORS.includes(b!));
  };
  return [...graph].flatMap(([from, tos]) => tos.filter((to) => forbidden(from, to)).map((to) => `${from} -> ${to}`)).sort();
}
