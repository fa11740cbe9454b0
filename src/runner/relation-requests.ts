/**
 * The requests the relations of src/runner/relations.ts make of a first one (contract/relations.yaml):
 * a search replaced, a value copied into every place that can carry it, a remark placed among a
 * search's elements. Each keeps the request valid by the spec's own rules.
 */
import type { Operation } from '../contract/load.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The request with `search` of the object at `field` (a foundAddresses field path) set to `text`. */
export function withSearch(logical: Obj, field: string, text: string): Obj {
  const out = structuredClone(logical);
  const parent = field.split('.').reduce<unknown>((cur, seg) => (isObj(cur) ? cur[seg] : undefined), out);
  if (!isObj(parent)) throw new Error(`the request has no object at ${field}`);
  parent.search = text;
  // Spec 2.7: a flat comes with a search only when it holds coordinates, and a result is text.
  if (field === 'address') delete parent.flat;
  return out;
}

/** The lists whose elements may all be one value: contact persons and phone numbers (contactIDs and phoneIDs name entries of an address book, whose repetition the spec does not speak of). */
const LISTS = ['contactPersons', 'phoneNumbers'];

/**
 * REL-SAME-VALUE-PLACES: the first contact person and phone number of each holder in every element
 * of their lists (three, the most the spec allows), a member's e-mail as its receipt e-mail too
 * where it gives both, and for a receiver change the receiver as the third party too (storePayer
 * `third`, the one literal the spec gives).
 */
export function sameValueEverywhere(op: Operation, logical: Obj): Obj {
  const out = structuredClone(logical);
  const holders = op === 'change_receiver' ? [out.receiver] : [out];
  for (const h of holders) {
    if (!isObj(h)) continue;
    for (const list of LISTS) {
      const items = h[list];
      if (Array.isArray(items) && items.length > 0) h[list] = [0, 1, 2].map(() => structuredClone(items[0]));
    }
    if (typeof h.email === 'string' && isObj(h.dataForReceipt) && typeof h.dataForReceipt.email === 'string') h.dataForReceipt.email = h.email;
  }
  if (op === 'change_receiver' && isObj(out.receiver)) {
    out.third = structuredClone(out.receiver);
    out.storePayer = 'third';
  }
  return out;
}

/** Spec 2.7's coordinates form: two numbers separated by a comma, latitude first (a remark has no place in it). */
export const isCoordinates = (search: string): boolean => /^\s*[-+]?\d+(\.\d+)?\s*,\s*[-+]?\d+(\.\d+)?\s*$/.test(search);

/** Where a remark goes among a search's comma-separated elements. */
export const REMARK_PLACES = ['before', 'among', 'after'] as const;
export type RemarkPlace = (typeof REMARK_PLACES)[number];

/** The search with `remark` as an element of its own before its elements, after its first, or after its last. */
export function placeRemark(search: string, remark: string, place: RemarkPlace): string {
  if (place === 'before') return `${remark}, ${search}`;
  if (place === 'after') return `${search}, ${remark}`;
  const comma = search.indexOf(',');
  return comma < 0 ? `${search}, ${remark}` : `${search.slice(0, comma)}, ${remark},${search.slice(comma + 1)}`;
}
