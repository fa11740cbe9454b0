/**
 * `rules` and `explain`: the rule catalog as a vendor reads it when a rule failed, from
 * contract/rules.yaml, the scenarios of suites/, the properties and violators the generators
 * register (src/cli/judges.ts) and contract/assumptions.yaml.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { CONTRACT_DIR, loadRules, type Level, type Rule } from '../contract/load.ts';
import { loadAllCases } from '../scenario/load.ts';
import { generatorJudges } from './judges.ts';

export class UnknownRule extends Error {}

export const LEVELS: Level[] = ['MUST', 'SHOULD', 'INFO'];

/** `rules [--level L] [--json]`: one line per rule (ID, level, spec section, title), or the entries as JSON. */
export function rulesText(level: Level | undefined, json: boolean): string {
  const rules = loadRules().filter((r) => !level || r.level === level);
  if (json) return JSON.stringify(rules, null, 2);
  const width = Math.max(...rules.map((r) => r.id.length));
  return [
    ...rules.map((r) => `${r.id.padEnd(width)}  ${r.level.padEnd(6)}  ${`§${r.spec.section}`.padEnd(10)}  ${r.title}`),
    `${rules.length} rules${level ? ` at level ${level}` : ''}`,
  ].join('\n');
}

interface Assumption { id: string; point: string; spec?: string; default?: string; profile?: string; rule?: string }

const assumptionsOf = (id: string): Assumption[] =>
  (parse(readFileSync(join(CONTRACT_DIR, 'assumptions.yaml'), 'utf8')) as Assumption[]).filter((a) => a.rule === id);

/** The catalog entry of `id`, or UnknownRule naming the closest IDs. */
function ruleOf(id: string): Rule {
  const rules = loadRules();
  const rule = rules.find((r) => r.id === id.toUpperCase());
  if (rule) return rule;
  const family = id.toUpperCase().split('-').slice(0, 2).join('-');
  const near = rules.filter((r) => r.id.startsWith(family)).map((r) => r.id).slice(0, 5);
  throw new UnknownRule(`unknown rule ID ${id} (not in contract/rules.yaml)${near.length ? `; did you mean ${near.join(', ')}?` : '; `ocs-conformance rules` lists them'}`);
}

/** `explain RULE-ID`: what the rule says and everything that judges it. */
export function explainText(id: string): string {
  const rule = ruleOf(id);
  const cases = loadAllCases().filter((c) => c.rules.includes(rule.id));
  const judges = generatorJudges();
  const properties = judges.properties.filter((p) => p.rules.includes(rule.id));
  const violator = judges.violators.find((v) => v.rule === rule.id);
  const assumptions = assumptionsOf(rule.id);
  const expect = (e: unknown) => (typeof e === 'string' ? e : JSON.stringify(e));
  return [
    `${rule.id} (${rule.level}): ${rule.title}`,
    `Operations: ${rule.operations.join(', ')}`,
    `Spec section ${rule.spec.section}:`,
    `  ${rule.spec.quote}`,
    '',
    `Scenarios naming it (${cases.length}):`,
    ...(cases.length ? cases.map((c) => `  ${c.file}: ${c.name} [${c.formats.join(', ')}], expect ${expect(c.expect)}`) : ['  none']),
    `Properties naming it (${properties.length}):`,
    ...(properties.length ? properties.map((p) => `  ${p.title}`) : ['  none']),
    'Violator:',
    `  ${violator ? `generators/violators breaks it in ${violator.operations.join(', ')} (${violator.formats.join(', ')})${violator.why ? `; ${violator.why}` : ''}` : rule.violator ?? 'none'}`,
    `Assumptions (contract/assumptions.yaml) (${assumptions.length}):`,
    ...(assumptions.length ? assumptions.flatMap((a) => [
      `  ${a.id}: ${a.point}`,
      ...(a.spec ? [`    spec: ${a.spec}`] : []),
      ...(a.default ? [`    default: ${a.default}`] : []),
      ...(a.profile ? [`    profile: ${a.profile}`] : []),
    ]) : ['  none']),
  ].join('\n');
}
