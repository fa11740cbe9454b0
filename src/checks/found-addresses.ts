import type { Operation } from '../contract/load.ts';
import { ruleById } from '../contract/load.ts';
import type { Finding } from './finding.ts';

/** The objects that may carry `search`, and the `field` path each reports (spec 2.5). */
const SEARCH_PARENTS: Record<Operation, string[]> = {
  change_receiver: ['receiver.counteragent.juridicalAddress', 'third.counteragent.juridicalAddress'],
  change_pickup: ['address'],
};

export interface SentSearch { field: string; source: string }

export function searchesSent(op: Operation, request: unknown): SentSearch[] {
  return SEARCH_PARENTS[op].flatMap((field) => {
    let cur: unknown = request;
    for (const seg of field.split('.')) cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[seg] : undefined;
    const search = cur && typeof cur === 'object' ? (cur as Record<string, unknown>).search : undefined;
    return typeof search === 'string' ? [{ field, source: search }] : [];
  });
}

interface Found { field?: unknown; source?: unknown; result?: unknown }

/** `expected` and `received` are told only for a failure: most checks pass, and their JSON costs. */
function finding(id: string, ok: boolean, expected: () => string, received: () => string): Finding {
  const rule = ruleById(id);
  return ok
    ? { rule: id, level: rule.level, verdict: 'pass', title: rule.title }
    : { rule: id, level: rule.level, verdict: 'fail', title: rule.title, expected: expected(), received: received() };
}

/** Where two strings part, told in code points, so an edge space or an escape shows in the evidence. */
export function firstDifference(sent: string, echoed: string): string {
  const a = [...sent];
  const b = [...echoed];
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const at = (cs: string[]): string => (i < cs.length ? `U+${cs[i]!.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : 'its end');
  return `${a.length} code points sent, ${b.length} echoed; the first difference is at code point ${i + 1}: sent ${at(a)}, echoed ${at(b)}`;
}

/**
 * Spec 2.4/2.9: foundAddresses is present only when a search was sent, and then holds one
 * entry per search with the documented field path and a result (RSP-FOUNDADDRESSES-PRESENT);
 * spec 2.5: each entry's source is the entered value exactly (RSP-FOUNDADDRESSES-SOURCE),
 * judged wherever an entry for the search's field is there to judge.
 */
export function checkFoundAddresses(op: Operation, request: unknown, data: unknown): Finding[] {
  const sent = searchesSent(op, request);
  const raw = data && typeof data === 'object' ? (data as Record<string, unknown>).foundAddresses : undefined;
  const found: Found[] = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw as Found];
  if (sent.length === 0) {
    return [finding('RSP-FOUNDADDRESSES-ABSENT', raw === undefined, () => 'no foundAddresses (no search was sent)', () => `foundAddresses ${JSON.stringify(raw)}`)];
  }
  const problems: string[] = [];
  const echoes: { s: SentSearch; entry: Found }[] = [];
  for (const s of sent) {
    const entry = found.find((f) => f.field === s.field);
    if (!entry) problems.push(`no entry with field "${s.field}"`);
    else {
      echoes.push({ s, entry });
      if (typeof entry.result !== 'string' || entry.result === '') problems.push(`field "${s.field}" has no result`);
    }
  }
  const extra = found.filter((f) => !sent.some((s) => s.field === f.field));
  if (extra.length) problems.push(`entries for fields no search was sent in: ${extra.map((f) => JSON.stringify(f.field)).join(', ')}`);
  const findings = [finding('RSP-FOUNDADDRESSES-PRESENT', problems.length === 0,
    () => `foundAddresses ${JSON.stringify(sent.map((s) => ({ field: s.field, source: s.source, result: '…' })))}`,
    () => `${problems.join('; ')}; foundAddresses ${JSON.stringify(raw)}`)];
  if (echoes.length === 0) return findings;
  const changed = echoes.filter(({ s, entry }) => entry.source !== s.source);
  const told = (): string => changed.map(({ s, entry }) => (typeof entry.source === 'string'
    ? `field "${s.field}" has source ${JSON.stringify(entry.source)}: ${firstDifference(s.source, entry.source)}`
    : `field "${s.field}" has source ${JSON.stringify(entry.source)}, not a string`)).join('; ');
  findings.push(finding('RSP-FOUNDADDRESSES-SOURCE', changed.length === 0,
    () => `source ${echoes.map(({ s }) => `${JSON.stringify(s.source)} for "${s.field}"`).join(', ')}, exactly as entered`,
    told));
  return findings;
}
