/**
 * Rewrites drawn for a request (issue 41): each a place of its tree and an operator among those
 * that apply there in the format, both by index, so fast-check draws plain naturals and shrinks
 * a list of them to the fewest rewrites (and the earliest place and operator) that still show a
 * finding. The sweep lists every operator at every place instead, with no draw at all.
 */
import type { Format } from '../../src/contract/load.ts';
import type { AppliedRewrite } from '../../src/checks/lax.ts';
import { OPERATORS } from './operators.ts';
import { sitesOf, type Node } from './tree.ts';

/** One rewrite as drawn: which place (modulo the places there are), which operator (modulo those that apply there). */
export interface Draw { site: number; op: number }

export interface Rewritten { tree: Node; applied: AppliedRewrite[] }

/** The operators that change the place, with what each makes of the tree. */
function candidates(tree: Node, site: number, format: Format) {
  const sites = sitesOf(tree);
  if (sites.length === 0) return [];
  const at = sites[site % sites.length]!;
  return OPERATORS().flatMap((operator) => {
    const next = operator.rewrite(tree, at, format);
    return next ? [{ operator, next, at: at.at.join('.') }] : [];
  });
}

/** The draws applied in turn, each on the tree the one before left; a draw whose place takes no operator is passed over. */
export function applyDraws(root: Node, draws: readonly Draw[], format: Format): Rewritten {
  let tree = root;
  const applied: AppliedRewrite[] = [];
  for (const d of draws) {
    const options = candidates(tree, d.site, format);
    if (options.length === 0) continue;
    const pick = options[d.op % options.length]!;
    tree = pick.next;
    applied.push({ operator: pick.operator, at: pick.at });
  }
  return { tree, applied };
}

/** Every operator at every place of the tree, one rewrite each, as draws. */
export function sweepDraws(root: Node, format: Format): Draw[] {
  return sitesOf(root).flatMap((_, site) => candidates(root, site, format).map((__, op) => ({ site, op })));
}
