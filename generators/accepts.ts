import type { Operation } from '../src/contract/load.ts';
import { COORDINATES } from './broken-conditions.ts';
import type { Request } from './receiver.ts';

type Obj = Record<string, unknown>;
/**
 * Whether `v` is a string of exactly `n` code points, counted as a string's iterator counts
 * them (a surrogate pair is one, a lone surrogate one) but without a string per code point;
 * a code point is one or two UTF-16 units, so only a length from n to 2n is counted.
 */
function ofChars(v: unknown, n: number): boolean {
  if (typeof v !== 'string' || v.length < n || v.length > 2 * n) return false;
  let count = 0;
  for (let i = 0; i < v.length; i++, count++) {
    const unit = v.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < v.length) {
      const next = v.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return count === n;
}
const objects = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);

/** Rules a branch choice exercises ("accept either alone"), as against a limit or a format. */
const BRANCHES = new Set(['RCV-STOREPAYER-VALUES', 'MBR-COUNTERAGENT-NEITHER', 'CNT-CONTACTS-NEITHER', 'CNT-PHONES-NEITHER', 'MBR-RECEIPT-PHONE-OR-EMAIL', 'PCK-ADDRESS-NEITHER', 'PCK-ADDRESS-SEARCH-OR-STREET-HOUSE']);

/**
 * The accept side of the catalog rules a valid request exercises beyond the plainest valid
 * request: a list of three, a string at its limit, a format or an optional field present
 * ("MUST accept three contactIDs and reject four"), or failing those the second branch of
 * a one-of. When a valid request is refused these are the rules to blame; shrinking has by
 * then removed every feature the refusal does not need. Empty for the plainest request.
 */
export function acceptRules(op: Operation, request: Request): string[] {
  const out = new Set<string>();
  if (op === 'change_receiver') {
    if (request.storePayer === 'third' && request.third !== undefined) out.add('RCV-STOREPAYER-VALUES');
    if (request.changeOrderPayer === true) out.add('RCV-CHANGEORDERPAYER-BOOLEAN');
    for (const m of [request.receiver, request.third]) if (m && typeof m === 'object') member(m as Obj, out);
  } else pickup(request, out);
  const specific = [...out].filter((r) => !BRANCHES.has(r));
  return specific.length ? specific : [...out];
}

const LIST_MAXIMA: [string, string][] = [['contactIDs', 'CNT-CONTACTIDS-MAX'], ['contactPersons', 'CNT-CONTACTPERSONS-MAX'], ['phoneIDs', 'CNT-PHONEIDS-MAX'], ['phoneNumbers', 'CNT-PHONENUMBERS-MAX']];

function lists(h: Obj, out: Set<string>, numberMax: string): void {
  if (h.contactPersons !== undefined) out.add('CNT-CONTACTS-NEITHER');
  if (h.phoneNumbers !== undefined) out.add('CNT-PHONES-NEITHER');
  for (const [list, rule] of LIST_MAXIMA) if (Array.isArray(h[list]) && (h[list] as unknown[]).length === 3) out.add(rule);
  for (const p of objects(h.phoneNumbers)) {
    if (ofChars(p.number, 15)) out.add(numberMax);
    if (String(p.number).startsWith('+')) out.add('PCK-PHONE-NUMBER-CHARSET');
    if (ofChars(p.ext, 5)) out.add('CNT-PHONE-EXT-MAX');
  }
}

const PART_LIMITS: [string, number][] = [['house', 7], ['building', 5], ['structure', 7], ['flat', 5]];

function member(m: Obj, out: Set<string>): void {
  lists(m, out, 'MBR-PHONE-NUMBER-MAX');
  if (m.counteragent !== undefined) out.add('MBR-COUNTERAGENT-NEITHER');
  if (ofChars(m.email, 128)) out.add('MBR-EMAIL-MAX');
  const receipt = m.dataForReceipt as Obj | undefined;
  if (receipt) {
    out.add('MBR-RECEIPT-PHONE-OR-EMAIL');
    if (receipt.phone !== undefined) out.add('MBR-RECEIPT-PHONE-FORMAT');
    if (ofChars(receipt.email, 128)) out.add('MBR-RECEIPT-EMAIL-MAX');
  }
  const j = (m.counteragent as Obj | undefined)?.juridicalAddress as Obj | undefined;
  if (!j) return;
  if (ofChars(j.search, 1024)) out.add('CAG-JADDR-SEARCH-MAX');
  for (const [part, max] of PART_LIMITS) if (ofChars(j[part], max)) out.add(`CAG-JADDR-${part.toUpperCase()}-MAX`);
}

function pickup(r: Obj, out: Set<string>): void {
  lists(r, out, 'PCK-PHONE-NUMBER-MAX');
  const t = r.time as Obj | undefined;
  if (t?.breakStart !== undefined || t?.breakEnd !== undefined) out.add('PCK-TIME-BREAK-FORMAT');
  if (t?.exactTime !== undefined) out.add('PCK-TIME-EXACTTIME-BOOLEAN');
  const a = r.address as Obj | undefined;
  if (!a) return;
  out.add('PCK-ADDRESS-NEITHER');
  out.add('PCK-ADDRESS-SEARCH-OR-STREET-HOUSE');
  if (ofChars(a.search, 1024)) out.add('PCK-ADDRESS-SEARCH-MAX');
  if (a.flat !== undefined && typeof a.search === 'string' && COORDINATES.test(a.search)) out.add('PCK-ADDRESS-FLAT-WITH-COORDINATES-ONLY');
  for (const [part, max] of PART_LIMITS) if (ofChars(a[part], max)) out.add(`PCK-ADDRESS-${part.toUpperCase()}-MAX`);
}
