// What a set of valid requests reaches: a label per one-of branch, optional field present or
// absent, array length and value at a limit (the list), so a test can name what a
// generator change stopped producing.
import type { Operation } from '../../src/contract/load.ts';
import type { Request } from '../../generators/index.ts';
import { profile } from './helpers.ts';
import { fixturesOf, legalAddresses, storePayers } from '../../generators/fixtures.ts';

type Obj = Record<string, unknown>;
const len = (s: unknown): number => [...String(s)].length;
const presence = (o: Obj, key: string, label: string): string => `${label} ${o[key] === undefined ? 'absent' : 'present'}`;

function names(values: unknown[], out: Set<string>): void {
  for (const v of values) {
    const s = String(v);
    if (/[а-яё]/i.test(s)) out.add('name: Cyrillic');
    for (const c of '&<>"\'') if (s.includes(c)) out.add(`name: ${c}`);
  }
}

function lists(h: Obj, out: Set<string>): void {
  for (const list of ['contactIDs', 'contactPersons', 'phoneIDs', 'phoneNumbers']) {
    if (Array.isArray(h[list])) out.add(`${list} ×${(h[list] as unknown[]).length}`);
  }
  names(((h.contactPersons as Obj[] | undefined) ?? []).map((p) => p.name), out);
  for (const p of (h.phoneNumbers as Obj[] | undefined) ?? []) {
    out.add(presence(p, 'ext', 'phone ext'));
    if (len(p.ext) === 5) out.add('phone ext at 5');
    const n = String(p.number);
    out.add(n.startsWith('+') ? 'phone number with plus' : 'phone number without plus');
    if (len(n) === 15) out.add(n.startsWith('+') ? 'phone number at 15 with plus' : 'phone number at 15 digits');
  }
}

function houseParts(a: Obj, prefix: string, out: Set<string>): void {
  const limits: Record<string, number> = { house: 7, building: 5, structure: 7, flat: 5 };
  for (const [k, max] of Object.entries(limits)) {
    if (k !== 'house') out.add(presence(a, k, `${prefix} ${k}`));
    if (len(a[k]) === max) out.add(`${prefix} ${k} at ${max}`);
  }
}

function member(m: Obj, out: Set<string>): void {
  lists(m, out);
  out.add(presence(m, 'email', 'email'));
  if (len(m.email) === 128) out.add('email at 128');
  const receipt = m.dataForReceipt as Obj | undefined;
  out.add(receipt ? `dataForReceipt ${Object.keys(receipt).sort().join('+')}` : 'dataForReceipt absent');
  if (receipt && len(receipt.email) === 128) out.add('dataForReceipt.email at 128');
  if (m.counteragentID !== undefined) out.add('counteragentID');
  const c = m.counteragent as Obj | undefined;
  if (!c) return;
  names([c.name], out);
  entries(c, out);
  const j = c.juridicalAddress as Obj | undefined;
  if (!j) return;
  legalAddressSource(j, out);
  if (j.search !== undefined) {
    out.add(legalAddresses(fixturesOf(profile)).some((a) => a.search === j.search) ? 'juridicalAddress search as is' : 'juridicalAddress search padded');
    if (len(j.search) === 1024) out.add('juridicalAddress search at 1024');
  } else {
    out.add('juridicalAddress street and house');
    houseParts(j, 'juridicalAddress', out);
  }
}

/** Which of the profile's individuals or legal entities a counteragent is (docs/profile-values.md). */
function entries(c: Obj, out: Set<string>): void {
  const f = fixturesOf(profile).counteragents;
  const i = (f?.individual ?? []).findIndex((x) => x.form === c.form && JSON.stringify(x.document) === JSON.stringify(c.document));
  const l = (f?.legal ?? []).findIndex((x) => x.form === c.form && x.inn === c.inn);
  if (i >= 0) out.add('individual').add(`individual entry ${i + 1}`);
  if (l >= 0) out.add('legal entity').add(`legal entry ${l + 1}`);
}

/** Where a legal address comes from: a juridicalAddress entry, or a pickup place inside or outside the pickup order's region. */
function legalAddressSource(j: Obj, out: Set<string>): void {
  const f = fixturesOf(profile);
  const same = (a: { search?: string; street?: string }): boolean =>
    (typeof j.search === 'string' && a.search !== undefined && (j.search === a.search || j.search.startsWith(`${a.search}, `))) || (j.street !== undefined && a.street === j.street);
  const entry = (f.juridicalAddress ?? []).findIndex(same);
  if (entry >= 0) out.add(`legal address: juridicalAddress entry ${entry + 1}`);
  for (const where of ['inRegion', 'outOfRegion'] as const) {
    const p = f.pickup?.[where];
    if ([...(p?.search ?? []).map((search) => ({ search })), ...(p?.streets ?? [])].some(same)) out.add(`legal address: pickup.${where}`);
  }
}

function pickup(r: Obj, out: Set<string>): void {
  lists(r, out);
  if (r.addressID !== undefined) out.add('addressID');
  const a = r.address as Obj | undefined;
  if (a?.search !== undefined) {
    const coordinates = /^[-0-9. ]+,[-0-9. ]+$/.test(String(a.search));
    out.add(coordinates ? `coordinates, flat ${a.flat === undefined ? 'absent' : 'present'}` : 'text search');
    if (len(a.search) === 1024) out.add('text search at 1024');
  } else if (a) {
    out.add('street and house');
    houseParts(a, 'address', out);
  }
  const t = r.time as Obj;
  out.add(t.breakStart === undefined ? 'time without break' : 'time with break');
  out.add(`exactTime ${t.exactTime === undefined ? 'absent' : String(t.exactTime)}`);
}

export function features(op: Operation, r: Request): Set<string> {
  const out = new Set<string>();
  if (op === 'change_pickup') {
    pickup(r, out);
    return out;
  }
  out.add(`storePayer ${String(r.storePayer)}${r.third ? ' with third' : ''}`);
  out.add(`changeOrderPayer ${String(r.changeOrderPayer)}`);
  for (const m of [r.receiver, r.third]) if (m) member(m as Obj, out);
  return out;
}

const eachLength = (lists: string[]): string[] => lists.flatMap((l) => [1, 2, 3].map((n) => `${l} ×${n}`));
const SHARED = [
  ...eachLength(['contactIDs', 'contactPersons', 'phoneIDs', 'phoneNumbers']),
  'phone ext present', 'phone ext absent', 'phone ext at 5',
  'name: Cyrillic', 'name: &', 'name: <', 'name: >', 'name: "', 'name: \'',
];
const houseFeatures = (prefix: string): string[] => [
  `${prefix} house at 7`,
  ...[['building', 5], ['structure', 7], ['flat', 5]].flatMap(([k, max]) => [`${prefix} ${k} present`, `${prefix} ${k} absent`, `${prefix} ${k} at ${max}`]),
];

/** What valid requests of each operation must reach between them. */
export const EXPECTED: Record<Operation, string[]> = {
  change_receiver: [
    ...SHARED,
    ...storePayers(fixturesOf(profile)).map((p) => `storePayer ${p}${p === 'third' ? ' with third' : ''}`),
    'changeOrderPayer true', 'changeOrderPayer false',
    'counteragentID', 'individual', 'legal entity',
    ...(fixturesOf(profile).counteragents?.individual ?? []).map((_, i) => `individual entry ${i + 1}`),
    ...(fixturesOf(profile).counteragents?.legal ?? []).map((_, i) => `legal entry ${i + 1}`),
    ...(fixturesOf(profile).juridicalAddress ?? []).map((_, i) => `legal address: juridicalAddress entry ${i + 1}`),
    'legal address: pickup.inRegion', 'legal address: pickup.outOfRegion',
    'phone number without plus', 'phone number at 15 digits',
    'email present', 'email absent', 'email at 128',
    'dataForReceipt absent', 'dataForReceipt phone', 'dataForReceipt email', 'dataForReceipt email+phone', 'dataForReceipt.email at 128',
    'juridicalAddress search as is', 'juridicalAddress search padded', 'juridicalAddress search at 1024',
    'juridicalAddress street and house', ...houseFeatures('juridicalAddress'),
  ],
  change_pickup: [
    ...SHARED,
    'phone number with plus', 'phone number without plus', 'phone number at 15 with plus', 'phone number at 15 digits',
    'addressID', 'text search', 'text search at 1024', 'coordinates, flat present', 'coordinates, flat absent',
    'street and house', ...houseFeatures('address'),
    'time with break', 'time without break', 'exactTime true', 'exactTime false', 'exactTime absent',
  ],
};
