/**
 * What each operator of contract/lax-readers.yaml does to a place of a request's tree. The
 * catalogue is the data a reviewer reads (family, reader, source, sample); this is how it is
 * done, one small function per operator, and tests/contract/lax-readers.test.ts holds the two
 * to the same IDs and to each sample.
 */
import type { Format } from '../../src/contract/load.ts';
import { laxCatalogue, type Applies, type LaxOperator } from '../../src/contract/lax-readers.ts';
import { appendAt, changeAt, type Member, type Node, type Site } from './tree.ts';

/** Never rewritten as values: their near misses are contract/edges/credentials.yaml's, and the report masks know them only as sent. */
const CREDENTIALS = new Set(['appkey', 'sessionID']);
/** Strings a target looks up or matches rather than keeps: the ones a collation or a trim would take for another. */
const IDENTIFIERS = new Set(['orderID', 'storePayer', 'variant', 'form', 'street', 'document.type']);

const isScalar = (n: Node): n is Extract<Node, { kind: 'text' | 'literal' }> => n.kind === 'text' || n.kind === 'literal';
const credential = (s: Site): boolean => s.at.length === 1 && CREDENTIALS.has(String(s.name));
const integer = (s: Site): boolean => s.node.kind === 'literal' && /^\d+$/.test(s.node.value);
const digits = (s: Site): boolean => s.node.kind === 'text' && /^\d+$/.test(s.node.value) && !credential(s);
const identifier = (s: Site): boolean => s.node.kind === 'text' && s.name !== undefined && (IDENTIFIERS.has(s.name) || IDENTIFIERS.has(`${s.above.at(-1)}.${s.name}`));

/** Whether an operator is drawn at a place, by the catalogue's `applies`. */
const APPLIES: Record<Applies, (s: Site, format: Format) => boolean> = {
  member: (s) => s.name !== undefined,
  nested: (s) => s.name !== undefined && s.liftable,
  scalar: (s) => s.name !== undefined && isScalar(s.node) && !credential(s),
  array: (s) => s.name !== undefined && s.node.kind === 'array',
  integer: (s) => integer(s),
  number: (s) => integer(s),
  boolean: (s) => s.node.kind === 'literal' && (s.node.value === 'true' || s.node.value === 'false'),
  digits: (s) => digits(s),
  'text-number': (s, format) => digits(s) || (format === 'xml' && integer(s)),
  identifier: (s) => identifier(s),
  'identifier-or-digits': (s) => identifier(s) || digits(s),
};

/** A rewrite of one member (or of an array's element, a member without a name); undefined where it would change nothing. */
type Rewrite = (m: Member, format: Format) => Member | undefined;

const renamed = (to: (name: string) => string): Rewrite => (m) => (to(m.name) === m.name ? undefined : { ...m, name: to(m.name) });

/** The scalar written otherwise, kept a JSON string or a JSON literal as it was. */
const respelled = (to: (value: string) => string | undefined): Rewrite => (m) => {
  if (!isScalar(m.node)) return undefined;
  const value = to(m.node.value);
  return value === undefined || value === m.node.value ? undefined : { ...m, node: { kind: m.node.kind, value } };
};

const as = (kind: 'text' | 'literal', to: (value: string) => string | undefined = (v) => v): Rewrite => (m) => {
  if (!isScalar(m.node)) return undefined;
  const value = to(m.node.value);
  return value === undefined ? undefined : { ...m, node: { kind, value } };
};

const FULL_WIDTH_ZERO = 0xff10;

const exponent = (v: string): string => {
  const rest = v.slice(1).replace(/0+$/, '');
  return `${v[0]}${rest ? `.${rest}` : ''}e${v.length - 1}`;
};

const empty = (n: Node): Node => (n.kind === 'object' ? { kind: 'object', members: [] } : n.kind === 'array' ? { kind: 'array', items: [] } : { kind: 'text', value: '' });

const REWRITES: Record<string, Rewrite> = {
  'name-lower-case': renamed((n) => n.toLowerCase()),
  'name-upper-case': renamed((n) => n.toUpperCase()),
  'name-snake-case': renamed((n) => n.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()),
  'xml-namespace-prefix': (m) => ({ ...m, prefix: 'lax' }),
  'xml-attribute': (m) => ({ ...m, attribute: true }),
  'number-as-string': as('text'),
  'string-as-number': as('literal', (v) => (/^[1-9]\d{0,14}$/.test(v) ? v : undefined)),
  'boolean-as-number': as('literal', (v) => (v === 'true' ? '1' : '0')),
  'boolean-as-word': as('text', (v) => (v === 'true' ? 'yes' : 'no')),
  'scalar-in-array': (m) => ({ ...m, node: { kind: 'array', items: [m.node] } }),
  'array-as-scalar': (m) => (m.node.kind === 'array' && m.node.items.length === 1 ? { ...m, node: m.node.items[0]! } : undefined),
  'null-value': (m) => ({ ...m, node: { kind: 'literal', value: 'null' } }),
  'empty-value': (m) => ({ ...m, node: empty(m.node) }),
  'false-value': respelled((v) => (v === 'true' ? 'false' : undefined)),
  'number-exponent': respelled(exponent),
  'number-fraction': respelled((v) => `${v}.0`),
  'number-leading-zeros': respelled((v) => `00${v}`),
  'number-plus-sign': respelled((v) => `+${v}`),
  'number-hexadecimal': respelled((v) => `0x${BigInt(v).toString(16)}`),
  'number-full-width': respelled((v) => v.replace(/\d/g, (d) => String.fromCharCode(FULL_WIDTH_ZERO + Number(d)))),
  'number-space-padded': respelled((v) => ` ${v}`),
  'identifier-case': respelled((v) => (v.toUpperCase() !== v ? v.toUpperCase() : v.toLowerCase())),
  'nul-suffix': respelled((v) => `${v}\u0000x`),
  'trailing-junk': respelled((v) => `${v}abc`),
  'trailing-space': respelled((v) => `${v} `),
};

/** member-lifted: the member leaves its object for the object that holds it, unless one of that name is there already. */
function lifted(root: Node, site: Site): Node | undefined {
  const up = site.at.slice(0, -2);
  let holder: Node = root;
  for (const k of up) holder = holder.kind === 'object' ? holder.members.find((m) => m.name === k)!.node : holder.kind === 'array' ? holder.items[k as number]! : holder;
  if (holder.kind !== 'object' || holder.members.some((m) => m.name === site.name)) return undefined;
  return appendAt(changeAt(root, site.at, () => []), up, { name: site.name!, node: site.node });
}

/** An operator of the catalogue with what it does. */
export interface Operator extends LaxOperator {
  /** The tree with this operator at `site`, or undefined where it does not apply there or would change nothing. */
  rewrite(root: Node, site: Site, format: Format): Node | undefined;
}

function operator(entry: LaxOperator): Operator {
  const one = REWRITES[entry.id];
  if (!one && entry.id !== 'member-lifted') throw new Error(`contract/lax-readers.yaml: operator ${entry.id} has no rewrite in generators/rewrites/operators.ts`);
  return {
    ...entry,
    rewrite(root, site, format) {
      if (!entry.formats.includes(format) || !APPLIES[entry.applies](site, format)) return undefined;
      if (!one) return lifted(root, site);
      const member: Member = { name: site.name ?? '', node: site.node };
      const changed = one(member, format);
      return changed ? changeAt(root, site.at, () => [changed]) : undefined;
    },
  };
}

let operators: Operator[] | undefined;
/** Every operator of the catalogue, in its order. */
export const OPERATORS = (): Operator[] => (operators ??= laxCatalogue().operators.map(operator));

/** The IDs that have a rewrite here (the test holds them to the catalogue's). */
export const REWRITE_IDS: readonly string[] = [...Object.keys(REWRITES), 'member-lifted'];
