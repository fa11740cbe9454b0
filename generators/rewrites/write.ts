/**
 * A rewritten request's tree (generators/rewrites/tree.ts) as the body of either path: JSON
 * compact, member order kept; XML with the declaration and root `request` the harness sends
 * (src/codec/xml.ts), an array as repeated elements named after its member (spec 2), an empty
 * array as one empty element (what XML can say of it), attributes and namespace prefixes as the
 * rewrites put them.
 */
import type { Format } from '../../src/contract/load.ts';
import { DECLARATION } from '../../src/codec/xml.ts';
import type { Member, Node } from './tree.ts';

/** The namespace a prefixed element is put in: no reader of the service knows it. */
export const LAX_NAMESPACE = 'urn:ocs-conformance:lax';

function json(node: Node): string {
  switch (node.kind) {
    case 'object': return `{${node.members.map((m) => `${JSON.stringify(m.name)}:${json(m.node)}`).join(',')}}`;
    case 'array': return `[${node.items.map(json).join(',')}]`;
    case 'text': return JSON.stringify(node.value);
    case 'literal': return node.value;
  }
}

const escText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
const escAttr = (s: string): string => escText(s).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');

const scalarText = (node: Node): string => (node.kind === 'text' || node.kind === 'literal' ? node.value : '');

function element(m: Member): string {
  if (m.node.kind === 'array' && m.node.items.length > 0) return m.node.items.map((item) => element({ ...m, node: item })).join('');
  const name = m.prefix ? `${m.prefix}:${m.name}` : m.name;
  const ns = m.prefix ? ` xmlns:${m.prefix}="${LAX_NAMESPACE}"` : '';
  return `<${name}${ns}${attributes(m.node)}>${content(m.node)}</${name}>`;
}

const attributes = (node: Node): string =>
  (node.kind === 'object' ? node.members.filter((m) => m.attribute).map((m) => ` ${m.name}="${escAttr(scalarText(m.node))}"`).join('') : '');

function content(node: Node): string {
  if (node.kind === 'object') return node.members.filter((m) => !m.attribute).map(element).join('');
  if (node.kind === 'array') return '';
  return escText(node.value);
}

/** The tree as XML, without the declaration (what the catalogue's samples show). */
export const xmlBody = (root: Node): string => element({ name: 'request', node: root });

export function writeTree(format: Format, root: Node): string {
  return format === 'json' ? json(root) : DECLARATION + xmlBody(root);
}
