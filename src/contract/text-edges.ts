/**
 * The catalogues of text edges (issue 32, methods 1a and 1b): contract/edges/text.yaml (how a
 * limit may be counted, and what a digit is) and contract/edges/free-text.yaml (text that breaks
 * the code behind an API). The scenarios' `$edges` operator (src/scenario/text-edges.ts) and the
 * generators (generators/edges-text.ts, generators/free-text.ts) draw from them.
 */
import { join } from 'node:path';
import { CONTRACT_DIR, readYaml, type Operation } from './load.ts';

/** How a server may count a string (the keys of text.yaml `countings`). */
export type Counting = 'codePoints' | 'utf16' | 'utf8' | 'nfc' | 'nfd' | 'nfkc' | 'nfkd' | 'graphemes' | 'visible' | 'trimmed';

/** An edge of text with a limit: at the limit (accepted), one past it (refused), or doubtful (recorded). */
export interface LimitEdge {
  id: string;
  text: string;
  side: 'at' | 'past' | 'doubtful';
  longer?: Counting[];
  shorter?: Counting[];
  /** `edge`: whitespace that leads the value, where trimming drops it. */
  place?: 'edge';
  source: string;
}

/** A numeric character: a decimal digit other than ASCII (doubtful), or no decimal digit at all (refused). */
export interface DigitEdge { id: string; text: string; side: 'digit' | 'not-digit'; source: string }

/** Field path patterns (`*` is one segment) and the rule that judges the field, per operation. */
export type RulesByPath = Record<Operation, Record<string, string>>;

export interface TextCatalogue {
  countings: Record<Counting, string>;
  limited: LimitEdge[];
  digits: DigitEdge[];
  limitRules: RulesByPath;
  digitRules: RulesByPath;
}

/** Where a free-text entry is sent: a name, a search's remark, a house part (at most 5 characters), an e-mail's local part. */
export type Fit = 'name' | 'search' | 'part' | 'email';

export interface FreeTextEntry {
  id: string;
  kind: string;
  text: string;
  fits: Fit[];
  /** It breaks code only as a whole value: sent alone, never inside other text. */
  whole?: boolean;
  source: string;
}

export interface FreeTextCatalogue { fromProfile: string[]; entries: FreeTextEntry[] }

const EDGES_DIR = join(CONTRACT_DIR, 'edges');

let text: TextCatalogue | undefined;
let free: FreeTextCatalogue | undefined;

export function textCatalogue(): TextCatalogue {
  text ??= readYaml<TextCatalogue>(join(EDGES_DIR, 'text.yaml'));
  return text;
}

export function freeTextCatalogue(): FreeTextCatalogue {
  free ??= readYaml<FreeTextCatalogue>(join(EDGES_DIR, 'free-text.yaml'));
  return free;
}

/** The entries of a side of text.yaml, in the catalogue's order. */
export const limitEdges = (side: LimitEdge['side']): LimitEdge[] => textCatalogue().limited.filter((e) => e.side === side);

/** The free-text entries that fit `fit`; without whole values unless asked for. */
export const fitting = (fit: Fit, wholeToo = false): FreeTextEntry[] =>
  freeTextCatalogue().entries.filter((e) => e.fits.includes(fit) && (wholeToo || !e.whole));

/** Whether a dotted field path (array indexes left out) matches a pattern whose `*` is one segment. */
export function pathMatches(pattern: string, path: string): boolean {
  const p = pattern.split('.');
  const f = path.split('.');
  return p.length === f.length && p.every((seg, i) => seg === '*' || seg === f[i]);
}

/** The rule of `rules` whose pattern matches the path, if any. */
export function ruleAt(rules: RulesByPath, op: Operation, path: string): string | undefined {
  return Object.entries(rules[op]).find(([pattern]) => pathMatches(pattern, path))?.[1];
}
