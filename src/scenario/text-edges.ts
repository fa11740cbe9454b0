/**
 * The `$edges` operator of the scenarios (docs/scenarios.md): a value drawn from the catalogues
 * of text edges (contract/edges/text.yaml, free-text.yaml), so the cases send what the catalogue
 * lists and a new entry reaches them without an edit.
 *
 *   { $edges: { catalogue: text, side: at, length: 7 } }     7 code points of every `at` entry in turn
 *   { $edges: { catalogue: text, side: past, length: 8 } }   8 code points: the edge entries first, then
 *                                                            the other `past` entries between filler
 *   { $edges: { catalogue: text, entry: combining-acute, length: 8 } }   the entry, after filler to 8
 *   { $edges: { catalogue: free-text, fits: name } }         every entry that fits a name, joined by spaces
 *                                                            (an e-mail's without them)
 *   { $edges: { catalogue: free-text, entry: sql-comment, ref: juridicalAddress.search } }
 *                                                            the profile's search, a comma, then the entry
 * `ref` makes the text a remark after the profile's value (a search keeps its place:
 * A-SEARCH-ADDITIONS); `length` then counts the whole value. `suffix` ends the value inside
 * `length` (an e-mail's domain); `fill` is the filler (default `1`); `override` names a
 * fixture sent instead when the profile has it (a 1024-character search the target resolves).
 */
import { fitting, freeTextCatalogue, limitEdges, textCatalogue } from '../contract/text-edges.ts';
import { MissingFixture } from './missing.ts';

export interface EdgeSpec {
  catalogue: 'text' | 'digits' | 'free-text';
  side?: 'at' | 'past';
  entry?: string;
  fits?: 'name' | 'search' | 'part' | 'email';
  length?: number;
  ref?: string;
  override?: string;
  suffix?: string;
  fill?: string;
}

const codePoints = (s: string): number => [...s].length;

/** The code points of `units` in turn until `n` of them (each `at` entry is one code point, so each stays whole). */
function cycle(units: string[], n: number): string {
  if (n < 0) throw new Error(`$edges: no room for ${n} code points`);
  const all = [...units.join('')];
  return Array.from({ length: n }, (_, i) => all[i % all.length]).join('');
}

/** `n` code points: filler and the units in turn, filler first, then filler alone. */
function interleave(units: string[], n: number, filler: string): string {
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    out.push(filler);
    if (i < units.length && out.length < n) out.push(units[i]!);
  }
  return out.join('');
}

function entryText(spec: EdgeSpec): string {
  const list = spec.catalogue === 'free-text' ? freeTextCatalogue().entries : spec.catalogue === 'digits' ? textCatalogue().digits : textCatalogue().limited;
  const found = list.find((e) => e.id === spec.entry);
  if (!found) throw new Error(`$edges: contract/edges/${spec.catalogue === 'free-text' ? 'free-text' : 'text'}.yaml has no ${spec.catalogue === 'digits' ? 'digits' : 'entry'} ${spec.entry}`);
  return found.text;
}

/** The value `spec` names; `lookup` reads a fixture of the profile, throwing MissingFixture when it has none. */
export function edgeText(spec: EdgeSpec, lookup: (path: string) => unknown): string {
  if (spec.override) {
    try { return String(lookup(spec.override)); } catch (err) { if (!(err instanceof MissingFixture)) throw err; }
  }
  const base = spec.ref === undefined ? '' : `${String(lookup(spec.ref))}, `;
  const suffix = spec.suffix ?? '';
  const room = spec.length === undefined ? undefined : spec.length - codePoints(base) - codePoints(suffix);
  const filler = spec.fill ?? '1';
  if (spec.side) {
    if (room === undefined) throw new Error(`$edges: side ${spec.side} needs a length`);
    if (spec.side === 'at') return base + cycle(limitEdges('at').map((e) => e.text), room) + suffix;
    const past = limitEdges('past');
    const lead = past.filter((e) => e.place === 'edge').map((e) => e.text).join('');
    const inner = past.filter((e) => e.place !== 'edge').map((e) => e.text);
    return lead + base + interleave(inner, room - codePoints(lead), filler) + suffix;
  }
  // An e-mail's local part holds no space (A-EMAIL-FORMAT): its entries are joined as they are.
  const text = spec.fits ? fitting(spec.fits).map((e) => e.text).join(spec.fits === 'email' ? '' : ' ') : entryText(spec);
  if (room === undefined) return base + text + suffix;
  return base + cycle([filler], room - codePoints(text)) + text + suffix;
}
