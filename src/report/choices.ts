/**
 * What a target chose where the spec is open, in words: an INFO rule's record (a line per case,
 * `<case>: HTTP 400 with error number 100001 at errors.0.code; body shape …: <body>`, from
 * src/report/summary.ts) read back as `accepts A, B; refuses C with 100001`, so the certificate
 * leads with the choice and keeps the statuses and bodies as its evidence. Values the profile
 * gave (its storePayer literals) are named by value, in backticks.
 */

import { FORMATS } from '../contract/load.ts';
import { readProfile } from '../profile/load.ts';
import type { RuleRow } from './summary-shape.ts';

/** Reads the profile's n-th (0-based) value of a list fixture (`storePayers`), when it has one. */
export type ProfileValue = (list: string, index: number) => string | undefined;

/** The profile's list fixtures, by name; nothing when it cannot be read (a merge without it). */
export function profileValues(file: string | undefined): ProfileValue {
  let fixtures: Record<string, unknown> = {};
  try {
    if (file) fixtures = (readProfile(file).fixtures ?? {}) as Record<string, unknown>;
  } catch {
    // Named by their place in the profile instead.
  }
  return (list, index) => {
    const v = (fixtures[list] as unknown[] | undefined)?.[index];
    return typeof v === 'string' ? v : undefined;
  };
}

/** Gives each recorded rule its `chosen` words, per format. */
export function describeChoices(rows: RuleRow[], value: ProfileValue): void {
  for (const r of rows) {
    const chosen = Object.fromEntries(FORMATS.flatMap((f) => (r.recorded?.[f] ? [[f, chosenWords(r.recorded[f]!, value)]] : [])));
    if (Object.keys(chosen).length) r.chosen = chosen;
  }
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];
const PROFILE_VALUE = new RegExp(`the profile's (${ORDINALS.join('|')}) (\\w+) literal`, 'g');

/** `the profile's first storePayer literal` → `` `sender` `` */
function named(what: string, value: ProfileValue): string {
  return what.replace(PROFILE_VALUE, (phrase, ordinal: string, field: string) => {
    const v = value(`${field}s`, ORDINALS.indexOf(ordinal));
    return v === undefined ? phrase : `\`${v}\``;
  });
}

/** What the target did with a case, as a verb before the case and words after it: `refuses … with 100001`. */
function verbOf(outcome: string): { verb: string; after: string } {
  const status = /^HTTP (\d{3})/.exec(outcome)?.[1];
  const numbers = /with error numbers? ([^;:]+)/.exec(outcome)?.[1]?.split(', ').map((n) => n.split(' at ')[0]).join(', ');
  if (status === '200') return { verb: 'accepts', after: '' };
  if (status === '400') return { verb: 'refuses', after: numbers ? ` with ${numbers}` : /the target refused it/.test(outcome) ? '' : ' without an error number' };
  if (status?.startsWith('5')) return { verb: 'breaks on', after: ` (HTTP ${status}${numbers ? `, ${numbers}` : ''})` };
  return { verb: 'answers', after: ` with HTTP ${status ?? '?'}${numbers ? `, ${numbers}` : ''}` };
}

/**
 * The most cases a group names: a record of many long-named cases (every counting of every
 * limited field) would make the choice a paragraph; the rest are counted, and the record beneath
 * lists them.
 */
const NAMED = 3;

const listed = (cases: string[]): string => (cases.length <= NAMED ? cases.join(', ') : `${cases.slice(0, NAMED - 1).join(', ')} and ${cases.length - NAMED + 1} more`);

/**
 * `accepts `sender`, `receiver` without third; refuses `third` without third with 100001`: the
 * record's cases grouped by what the target did, in the order first met, at most NAMED named.
 */
export function chosenWords(record: string, value: ProfileValue = () => undefined): string {
  const groups = new Map<string, { verb: string; after: string; cases: string[] }>();
  let more = '';
  for (const line of record.split('\n')) {
    const rest = /^… and (\d+) more checks?$/.exec(line);
    if (rest) { more = `; and ${rest[1]} more`; continue; }
    const at = line.search(/: HTTP \d{3}/);
    const { verb, after } = verbOf(at < 0 ? line : line.slice(at + 2));
    const g = groups.get(verb + after) ?? { verb, after, cases: [] };
    g.cases.push(at < 0 ? 'a case' : named(line.slice(0, at), value));
    groups.set(verb + after, g);
  }
  return [...groups.values()].map((g) => `${g.verb} ${listed(g.cases)}${g.after}`).join('; ') + more;
}

/**
 * Where the record's refusals carried their error number and the shape of their body, each
 * distinct pair once: `number at `errors.0.code`, body `{metadata{…},errors[{…}]}``; none
 * when no refusal recorded a shape.
 */
export function errorBodyWords(record: string): string | undefined {
  const seen = new Set<string>();
  for (const line of record.split('\n')) {
    const shape = /; body shape (\S+):/.exec(line)?.[1];
    if (!shape) continue;
    const at = /with error numbers? \S+ at ([^;:,\s]+)/.exec(line)?.[1];
    seen.add(`${at ? `number at \`${at}\`, ` : ''}body \`${shape}\``);
  }
  return seen.size ? [...seen].join('; ') : undefined;
}
