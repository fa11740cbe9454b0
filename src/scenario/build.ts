import type { LoadedProfile } from '../profile/load.ts';
import { knownIds, kindOf, likeKindOf, namedLike, namedUnknowns, sameFormPools } from '../profile/unknowns.ts';
import { clockOf, type DateName } from '../time/clock.ts';
import type { Bases, LoadedCase } from './types.ts';
import { edgeText, type EdgeSpec } from './text-edges.ts';
import { MissingFixture } from './missing.ts';
import { identitiesRoot } from './identities.ts';
import { valueEdgeSettings } from './value-edges.ts';
import { isUnstated, unstatedText } from './lengths.ts';

export { MissingFixture };

/** `now`: the target's clock (src/time/clock.ts), which every date is computed on. */
export interface BuildContext { profile: LoadedProfile; bases: Bases; now: Date }

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** The logical request of a case: its base, with `set` applied and `unset` removed. */
export function buildRequest(c: Pick<LoadedCase, 'operation' | 'base' | 'set' | 'unset' | 'entry' | 'valueEdge'>, given: BuildContext): Record<string, unknown> {
  const ctx: CaseContext = { ...given, entry: c.entry };
  const base = ctx.bases.bases[c.operation][c.base ?? 'valid'];
  const body = resolve(base, ctx) as Record<string, unknown>;
  for (const [path, value] of Object.entries(c.set ?? {})) {
    setPath(body, path, isUnstated(value) ? unstatedText(value.$unstated, c.operation, path, ctx.profile) : resolve(value, ctx));
  }
  for (const path of c.unset ?? []) unsetPath(body, path);
  if (c.valueEdge) for (const [path, value] of Object.entries(valueEdgeSettings(body, c.valueEdge, ctx.profile, ctx.now))) setPath(body, path, value);
  return body;
}

/** A build's context with the entry of a list fixture the case walks (src/scenario/each.ts). */
interface CaseContext extends BuildContext { entry?: LoadedCase['entry'] }

/**
 * A fixture by its dotted path. A list fixture (src/profile/lists.ts) read through by a key,
 * not an index, is the entry the case walks (`each`), else its first entry.
 */
function lookup(path: string, ctx: CaseContext): unknown {
  if (path.startsWith('credentials.')) {
    const key = path.slice('credentials.'.length) as 'appkey' | 'sessionID';
    return ctx.profile.secrets[key];
  }
  let cur: unknown = path.startsWith('identities.') ? identitiesRoot(ctx.profile) : ctx.profile.fixtures;
  const segs = path.split('.');
  for (const [i, seg] of segs.entries()) {
    if (Array.isArray(cur) && !/^[0-9]+$/.test(seg)) {
      const list = segs.slice(0, i).join('.');
      cur = cur[ctx.entry?.list === list ? ctx.entry.index : 0];
    }
    if (cur === null || typeof cur !== 'object' || !(seg in cur)) {
      throw new MissingFixture(`the profile has no fixtures.${path}${ctx.entry && path.startsWith(`${ctx.entry.list}.`) ? ` in entry ${ctx.entry.index + 1} of fixtures.${ctx.entry.list}` : ''}`);
    }
    cur = (cur as Record<string, unknown>)[seg];
  }
  if (Array.isArray(cur) && ctx.entry?.list === path) cur = cur[ctx.entry.index];
  return structuredClone(cur);
}

function resolve(value: unknown, ctx: CaseContext): unknown {
  if (Array.isArray(value)) return value.map((v) => resolve(v, ctx));
  if (value === null || typeof value !== 'object') return value;
  const v = value as Record<string, Json>;
  if ('$ref' in v) {
    const found = lookup(String(v.$ref), ctx);
    // A search is text: the profile's value with text added at an edge still names its place (A-SEARCH-ADDITIONS).
    if (typeof v.lead === 'string' || typeof v.trail === 'string') return `${v.lead ?? ''}${String(found)}${v.trail ?? ''}`;
    // A known ID written as the string of its digits: a type violation only, never an unknown ID.
    if (v.as === 'string') {
      if (typeof found !== 'number') throw new Error(`$ref ${v.$ref} with as: string needs a number, the profile gives ${JSON.stringify(found)}`);
      return String(found);
    }
    if (typeof v.take !== 'number') return found;
    if (!Array.isArray(found) || found.length < v.take) {
      throw new MissingFixture(`the profile's fixtures.${v.$ref} has fewer than ${v.take} elements`);
    }
    return found.slice(0, v.take);
  }
  if ('$fragment' in v) {
    const fragment = ctx.bases.fragments[String(v.$fragment)];
    if (fragment === undefined) throw new Error(`suites/bases.yaml has no fragment ${v.$fragment}`);
    return resolve(fragment, ctx);
  }
  if ('$text' in v) {
    const { length, of, prefix = '', suffix = '' } = v.$text as { length: number; of: string; prefix?: string; suffix?: string };
    return prefix + fill(of, length - [...prefix].length - [...suffix].length) + suffix;
  }
  if ('$email' in v) return emailOfLength(Number(v.$email));
  if ('$edges' in v) return edgeText(v.$edges as unknown as EdgeSpec, (path) => lookup(path, ctx));
  if ('$pad' in v) {
    const { ref, length, override, unit, lead = '', trail = '' } = v.$pad as { ref: string; length: number; override?: string; unit?: string; lead?: string; trail?: string };
    if (override) {
      try { return lookup(override, ctx); } catch (err) { if (!(err instanceof MissingFixture)) throw err; }
    }
    return lead + padAddress(String(lookup(ref, ctx)), length - [...lead].length - [...trail].length, unit) + trail;
  }
  if ('$date' in v) return dateIn(String(v.$date), ctx);
  if ('$unknown' in v) return `ocs-unknown-${v.$unknown}-${Math.random().toString(36).slice(2, 8)}`;
  // A value the profile names unknown (fixtures.unknown) is sent as named: the `nth` of its kind.
  if ('$unknownId' in v) return nthOf(namedUnknowns(ctx.profile, kindOf(String(v.$unknownId))), v.nth) ?? unknownId(ctx);
  if ('$unknownLike' in v) {
    const path = String(v.$unknownLike);
    const like = likeKindOf(path);
    const known = String(lookup(path, ctx));
    return nthOf(namedLike(ctx.profile, like, known), v.nth) ?? unknownLike(known);
  }
  return Object.fromEntries(Object.entries(v).map(([k, child]) => [k, resolve(child, ctx)]));
}

/**
 * The `nth` (from 0, default 0) of the values a profile names, counted round when it names
 * fewer: the look-up cases of a kind ask for the first and the second, so each of the one or
 * two values the profile may name is sent (docs/known-unknowns.md).
 */
function nthOf<T>(named: T[] | undefined, nth: Json | undefined): T | undefined {
  if (nth !== undefined && !(typeof nth === 'number' && Number.isInteger(nth) && nth >= 0)) throw new Error(`nth ${JSON.stringify(nth)}: a named unknown is picked by an index from 0`);
  if (!named) return undefined;
  return named[(nth ?? 0) % named.length];
}

/**
 * An address-book ID no target is likely to hold (README "How scenarios are interpreted"):
 * nine digits, drawn anew each time, never one of the profile's IDs.
 */
function unknownId(ctx: CaseContext): number {
  const known = knownIds(ctx.profile.fixtures);
  let id: number;
  do id = 900_000_000 + Math.floor(Math.random() * 99_999_999); while (known.has(id));
  return id;
}

/** A value of the same form as a known one that the target does not know (sameFormPools), drawn with Math.random. */
export function unknownLike(known: string): string {
  const pools = sameFormPools(known);
  for (;;) {
    const out = pools.map((pool) => pool[Math.floor(Math.random() * pool.length)]!).join('');
    if (out !== known) return out;
  }
}

function fill(unit: string, length: number): string {
  if (length < 0) throw new Error(`cannot fill ${length} characters`);
  const chars = [...unit];
  if (chars.length === 0) return '';
  // Repeated whole, then cut by code points: a generated search is filled to 1,024 per run.
  return unit.repeat(Math.floor(length / chars.length)) + chars.slice(0, length % chars.length).join('');
}

/** An address of exactly `length` characters (spec 8: email at most 128 characters). */
export function emailOfLength(length: number): string {
  const domain = '@example.com';
  return fill('a', length - domain.length) + domain;
}

/**
 * An address search padded to exactly `length` characters with a trailing comma element of
 * filler letters, so the elements that resolve it (the city) stay as the profile gave them.
 */
export function padAddress(base: string, length: number, unit = 'д'): string {
  return `${base}, ${fill(unit, length - [...base].length - 2)}`;
}

const DATES = new Set<string>(['today', 'tomorrow', 'yesterday', 'weekAgo', 'nextWeekday']);

function dateIn(which: string, ctx: CaseContext): string {
  if (!DATES.has(which)) throw new Error(`unknown $date '${which}'`);
  return clockOf(ctx.profile).date(which as DateName, ctx.now);
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const segs = path.split('.');
  let cur: Record<string, unknown> = target;
  for (const [i, seg] of segs.slice(0, -1).entries()) {
    if (cur[seg] === null || typeof cur[seg] !== 'object') cur[seg] = /^[0-9]+$/.test(segs[i + 1]!) ? [] : {};
    cur = cur[seg] as Record<string, unknown>;
  }
  cur[segs.at(-1)!] = value;
}

function unsetPath(target: Record<string, unknown>, path: string): void {
  const segs = path.split('.');
  let cur: unknown = target;
  for (const seg of segs.slice(0, -1)) {
    if (cur === null || typeof cur !== 'object') return;
    cur = (cur as Record<string, unknown>)[seg];
  }
  if (cur === null || typeof cur !== 'object') return;
  if (Array.isArray(cur)) cur.splice(Number(segs.at(-1)), 1);
  else delete (cur as Record<string, unknown>)[segs.at(-1)!];
}
