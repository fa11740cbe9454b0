import { parseCoordinates } from '../resolve.ts';
import { problems } from './problems.ts';
import { at, type Check, obj, sent, str } from './primitives.ts';

/** Where a new pickup address lies, as far as validation can tell (spec 2.7). */
export type PickupPlace = { search: string } | { street: string };

const PARTS = ['search', 'street', 'house', 'building', 'structure', 'flat'];

/** Spec 2.3 and 8. Its footnotes are not shown, so only "at least one field" is required (README). */
export function juridicalAddress(ck: Check, v: unknown, path: string): void {
  const o = obj(ck, v, path, true);
  if (!o) return;
  if (!PARTS.some((k) => sent(o[k]))) {
    ck.report([path], problems.atLeastOne(PARTS));
    return;
  }
  const search = str(ck, o.search, at(path, 'search'), { min: ck.limits.juridicalSearchMin, max: ck.limits.juridicalSearchMax });
  if (search !== undefined) ck.search(path, search);
  const street = str(ck, o.street, at(path, 'street'));
  if (street !== undefined) ck.ref('street', street, at(path, 'street'));
  const l = ck.limits;
  houseParts(ck, o, path, [l.juridicalHouse, l.juridicalBuilding, l.juridicalStructure, l.juridicalFlat]);
}

/** Spec 2.7: `search`, or both `street` and `house`; with `search`, no building or structure. */
export function pickupAddress(ck: Check, v: unknown, path: string): PickupPlace | undefined {
  const o = obj(ck, v, path, true);
  if (!o) return undefined;
  const l = ck.limits;
  const search = str(ck, o.search, at(path, 'search'), { max: l.addressSearch });
  const street = str(ck, o.street, at(path, 'street'));
  houseParts(ck, o, path, [l.addressHouse, l.addressBuilding, l.addressStructure, l.addressFlat]);
  if (sent(o.search)) {
    for (const k of ['building', 'structure']) {
      if (sent(o[k])) ck.report([at(path, k)], problems.notWith('search'));
    }
    if (sent(o.flat) && search !== undefined && !parseCoordinates(search)) {
      ck.report([at(path, 'flat')], problems.flatWithTextSearch());
    }
    if (search === undefined) return undefined;
    // README: with street and house beside it, search wins and the street is not looked up.
    ck.search(path, search);
    ck.ref('search', search, at(path, 'search'));
    return { search };
  }
  const missing = ['street', 'house'].filter((k) => !sent(o[k]));
  if (missing.length > 0 && ck.report([at(path, 'search'), ...missing.map((k) => at(path, k))], problems.streetAndHouse())) {
    return undefined;
  }
  if (street === undefined) return undefined;
  ck.ref('street', street, at(path, 'street'));
  return { street };
}

/** house, building, structure and flat, each at most its limit (spec 2.3, 2.7). */
function houseParts(ck: Check, o: Record<string, unknown>, path: string, max: [number, number, number, number]): void {
  ['house', 'building', 'structure', 'flat'].forEach((k, i) => str(ck, o[k], at(path, k), { max: max[i] }));
}
