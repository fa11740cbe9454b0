/**
 * Cases that walk a catalogue of value edges (`valueEdges: integers | dates | times |
 * credentials`, docs/value-edges.md): a copy of the case per field of the set's type and entry
 * of the set, in every format the case runs in. The fields come from the request schemas (an
 * address-book ID, a YYYY-MM-DD date, an HH:MM time: src/contract/value-edges.ts) or, for the
 * credentials, from the bases (`$ref: credentials.*`), so a field added later is reached too.
 * Each copy is judged on the rule its field (or its entry) names, with its entry's expectation,
 * and its value is made when the request is built: from the value the valid request holds there
 * (the known ID, the secret) or from the target's clock.
 */
import { fieldsOfKind, valueEdgeSets, type EdgeEntry, type EdgeSet } from '../contract/value-edges.ts';
import type { Operation } from '../contract/load.ts';
import { nearMiss, NEAR_MISSES, type NearMissKind } from '../profile/near-misses.ts';
import type { LoadedProfile } from '../profile/load.ts';
import { EDGE_DAYS, type EdgeDay } from '../time/calendar.ts';
import { clockOf } from '../time/clock.ts';
import { MissingFixture, NOT_APPLICABLE } from './missing.ts';
import { ScenarioError, type Bases, type LoadedCase, type ValueEdge } from './types.ts';

/** The period of the time object (spec 2.8): every other HH:MM pair, the break, lies inside it. */
const WINDOW = 'worktime';
/** The other end of a pair the walked time is sent in: a break from noon, or to it. */
const NOON = '12:00';

/** A copy's name says what it expects; a recorded one's is a noun phrase, as its record reads it (`refuses … with 100001`). */
const VERB: Record<NonNullable<EdgeEntry['expect']>, string> = { accepted: ' is accepted', rejected: ' is refused', record: '' };

const propertyOf = (field: string): string => field.split('.').filter((s) => !/^[0-9]+$/.test(s)).at(-1)!;
const roleOf = (field: string): 'start' | 'end' | undefined => (/Start$/.test(field) ? 'start' : /End$/.test(field) ? 'end' : undefined);

/** The base's fields filled with `$ref: credentials.<name>`, as dotted paths. */
function credentialFields(base: unknown, bases: Bases, path = ''): string[] {
  if (base === null || typeof base !== 'object' || Array.isArray(base)) return [];
  const node = base as Record<string, unknown>;
  if (typeof node.$ref === 'string') return node.$ref.startsWith('credentials.') ? [path] : [];
  if (typeof node.$fragment === 'string') return credentialFields(bases.fragments[node.$fragment], bases, path);
  return Object.entries(node).flatMap(([k, v]) => credentialFields(v, bases, path ? `${path}.${k}` : k));
}

function fieldsOf(set: string, op: Operation, base: unknown, bases: Bases): string[] {
  switch (set) {
    case 'integers': return fieldsOfKind(op, 'id');
    case 'dates': return fieldsOfKind(op, 'date');
    case 'times': return fieldsOfKind(op, 'hhmm');
    default: return credentialFields(base, bases);
  }
}

/** Whether an entry says how its value is made, in the terms its set reads. */
function entryProblem(set: string, e: EdgeEntry): string | undefined {
  if (!e.expect) return 'has no expect';
  if (set === 'integers' && e.add === undefined && e.times === undefined) return 'has neither add nor times';
  if (set === 'dates' && !(EDGE_DAYS as readonly string[]).includes(e.day ?? '')) return `names no day of ${EDGE_DAYS.join(', ')}`;
  if (set === 'times' && (!e.value || !e.role)) return 'needs a value and a role';
  if (set === 'credentials' && !(NEAR_MISSES as readonly string[]).includes(e.miss ?? '')) return `names no near miss of ${NEAR_MISSES.join(', ')}`;
  return undefined;
}

/**
 * A case with `valueEdges` as one copy per field and entry, named after the case and both (`a near
 * miss of the profile's credential: the appkey with its first character changed is refused`); any
 * other case as it is. Every copy's rule must be one the case names, and every rule it names
 * must judge a copy, so the file says what its cases are judged on.
 */
export function valueEdgeCopies(c: LoadedCase, bases: Bases, key: string): LoadedCase[] {
  if (!c.valueEdges) return [c];
  const name = c.valueEdges;
  const set: EdgeSet = valueEdgeSets()[name]!;
  const { valueEdges: _, ...template } = c;
  const copies = fieldsOf(name, c.operation, bases.bases[c.operation][c.base ?? 'valid'], bases).flatMap((field) =>
    set.entries.filter((e) => name !== 'times' || e.role === roleOf(field)).map((e) => {
      const problem = entryProblem(name, e);
      if (problem) throw new ScenarioError(`${set.file}: key sets.${name}.entries.${e.id}: ${problem}`);
      const rule = e.rule ?? set.rules?.[propertyOf(field)];
      if (!rule) throw new ScenarioError(`${set.file}: key sets.${name}.rules: no rule for the field ${propertyOf(field)} (${field} of ${c.operation})`);
      if (!c.rules.includes(rule)) throw new ScenarioError(`${key}.rules: ${field} ${e.id} of ${set.file} is judged on ${rule}, which the case does not name`);
      const edge: ValueEdge = { set: name, entry: e.id, field };
      return { ...template, name: `${c.name}: the ${field} ${e.label ?? e.id}${VERB[e.expect!]}`, rules: [rule], expect: e.expect!, valueEdge: edge };
    }));
  const idle = c.rules.filter((r) => !copies.some((copy) => copy.rules.includes(r)));
  if (!copies.length || idle.length) throw new ScenarioError(`${key}.rules: ${idle.length ? idle.join(', ') : 'its rules'} judge${idle.length === 1 ? 's' : ''} none of the ${name} edges of ${c.operation}`);
  return copies;
}

const valueAt = (body: unknown, path: string): unknown => path.split('.').reduce<unknown>((cur, seg) => (cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown>)[seg] : undefined), body);

/**
 * The fields to set in the built request `body` for a copy's edge (dotted paths), from the profile
 * and the target's clock; `missing` is thrown, with the reason, when the profile gives none to send.
 */
export function valueEdgeSettings(body: Record<string, unknown>, edge: ValueEdge, profile: LoadedProfile, now: Date): Record<string, unknown> {
  const entry = valueEdgeSets()[edge.set]!.entries.find((e) => e.id === edge.entry);
  if (!entry) throw new Error(`no entry ${edge.entry} in the value edges ${edge.set}`);
  const label = entry.label ?? entry.id;
  const current = valueAt(body, edge.field);
  switch (edge.set) {
    case 'integers': {
      if (typeof current !== 'number') throw new MissingFixture(`the valid request holds no integer at ${edge.field} to move`);
      return { [edge.field]: entry.add !== undefined ? current + entry.add : current * entry.times! };
    }
    case 'dates': {
      const clock = clockOf(profile);
      const day = clock.edgeDay(entry.day as EdgeDay, now);
      if (day === undefined) throw new MissingFixture(`${NOT_APPLICABLE}${clock.timeZone ?? 'UTC (the profile gives no timeZone)'} keeps one UTC offset over the next two years: no day changes it, so none is sent (${label})`);
      return { [edge.field]: day };
    }
    case 'times': {
      const [container, own] = [edge.field.split('.').slice(0, -1).join('.'), propertyOf(edge.field)];
      const pair = own.replace(/(Start|End)$/, '');
      const at = (p: string): string => (container ? `${container}.${p}` : p);
      const window = { [at(`${WINDOW}${entry.role === 'start' ? 'Start' : 'End'}`)]: entry.value };
      const other = pair === WINDOW ? {} : { [at(`${pair}${entry.role === 'start' ? 'End' : 'Start'}`)]: NOON };
      return { ...window, ...other, [edge.field]: entry.value };
    }
    default: {
      if (typeof current !== 'string') throw new MissingFixture(`the valid request holds no credential at ${edge.field}`);
      const miss = nearMiss(entry.miss as NearMissKind, current, Object.values(profile.secrets));
      if ('none' in miss) throw new MissingFixture(`no near miss (${label}) of ${edge.field} is sent: ${miss.none}`);
      return { [edge.field]: miss.value };
    }
  }
}
