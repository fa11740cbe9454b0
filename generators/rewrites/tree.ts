/**
 * A request as a tree a rewrite can change in ways a logical object cannot hold (issue 41): a
 * number written 6.001e3, a member moved into an XML attribute or given a namespace prefix, a
 * value left as JSON text. generators/rewrites/write.ts writes it in either format.
 */

/** `text`: a JSON string, XML character data; `literal`: written as is (a JSON number, true, null), XML character data too. */
export type Node =
  | { kind: 'object'; members: Member[] }
  | { kind: 'array'; items: Node[] }
  | { kind: 'text'; value: string }
  | { kind: 'literal'; value: string };

/** A member: in XML an element, or with `attribute` an attribute of its parent's element; `prefix` gives the element a namespace. */
export interface Member { name: string; node: Node; attribute?: boolean; prefix?: string }

/** A place of the tree: member names and array indexes from the root. */
export type At = (string | number)[];

export function fromLogical(v: unknown): Node {
  if (Array.isArray(v)) return { kind: 'array', items: v.map(fromLogical) };
  if (v !== null && typeof v === 'object') return { kind: 'object', members: Object.entries(v).map(([name, child]) => ({ name, node: fromLogical(child) })) };
  if (typeof v === 'string') return { kind: 'text', value: v };
  return { kind: 'literal', value: v === null ? 'null' : String(v) };
}

/** A place of the tree, as the operators see it. */
export interface Site {
  at: At;
  node: Node;
  /** The member's name, when the place is a member (not an array's element). */
  name?: string;
  /** The members above it, outermost first (`receiver` for receiver.counteragentID). */
  above: string[];
  /** Whether its parent is an object that is itself a member of an object (a member that can be lifted a level). */
  liftable: boolean;
}

/** Every place of the tree, each member and each element of an array, in document order. */
export function sitesOf(root: Node): Site[] {
  const out: Site[] = [];
  const walk = (node: Node, at: At, above: string[]): void => {
    if (node.kind === 'object') {
      for (const m of node.members) {
        const here = [...at, m.name];
        // A member of an object that is itself a member (not an array's element) can go up a level.
        out.push({ at: here, node: m.node, name: m.name, above, liftable: at.length > 0 && typeof at.at(-1) === 'string' });
        walk(m.node, here, [...above, m.name]);
      }
    } else if (node.kind === 'array') {
      node.items.forEach((item, i) => {
        out.push({ at: [...at, i], node: item, above, liftable: false });
        walk(item, [...at, i], above);
      });
    }
  };
  walk(root, [], []);
  return out;
}

/** The tree with the place `at` changed by `change`: a member's change gets the member, an element's its node (as a member without a name). */
export function changeAt(root: Node, at: At, change: (m: Member) => Member[]): Node {
  const [head, ...rest] = at;
  if (head === undefined) throw new Error('changeAt needs a place');
  if (root.kind === 'object' && typeof head === 'string') {
    const members = root.members.flatMap((m) => (m.name !== head ? [m] : rest.length ? [{ ...m, node: changeAt(m.node, rest, change) }] : change(m)));
    return { ...root, members };
  }
  if (root.kind === 'array' && typeof head === 'number') {
    const items = root.items.flatMap((item, i) => (i !== head ? [item] : rest.length ? [changeAt(item, rest, change)] : change({ name: '', node: item }).map((m) => m.node)));
    return { ...root, items };
  }
  throw new Error(`no place ${at.join('.')} in the tree`);
}

/** The object at `at` with `member` appended to its members. */
export function appendAt(root: Node, at: At, member: Member): Node {
  if (at.length === 0) {
    if (root.kind !== 'object') throw new Error('a member goes into an object');
    return { ...root, members: [...root.members, member] };
  }
  return changeAt(root, at, (m) => [{ ...m, node: appendAt(m.node, [], member) }]);
}
