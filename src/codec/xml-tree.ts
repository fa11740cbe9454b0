/** fast-xml-parser's ordered tree (`preserveOrder`): an element, a text, a CDATA section or a comment per node. */
export type Node = Record<string, Node[] | string>;

export const TEXT = '#text';
export const CDATA = '#cdata';
export const COMMENT = '#comment';

/** The logical request as fast-xml-parser's ordered tree: arrays as repeated elements (spec 2), scalars as text. */
export function treeOf(body: unknown, root = 'request'): Node[] {
  return [{ [root]: childrenOf(body) }];
}

function childrenOf(value: unknown): Node[] {
  if (value === null || typeof value !== 'object') return value === undefined ? [] : [{ [TEXT]: String(value) }];
  return Object.entries(value).filter(([, v]) => v !== undefined)
    .flatMap(([name, v]) => (Array.isArray(v) ? v : [v]).map((el): Node => ({ [name]: childrenOf(el) })));
}
