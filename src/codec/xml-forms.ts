import { XMLBuilder, type XmlBuilderOptions } from 'fast-xml-parser';
import { DECLARATION } from './xml.ts';
import { CDATA, COMMENT, type Node, TEXT, treeOf } from './xml-tree.ts';

/**
 * Equivalent serializations of one logical XML request (issue 16, DESIGN principle 10): each
 * form carries the same elements holding the same text, so any XML reader reads the same
 * request from each. The compact form is what every case sends (src/codec/xml.ts
 * `encodeXml`, which already writes the five specials as entity references); each other form
 * is fast-xml-parser's XMLBuilder over the request's ordered element tree, with one small
 * named transform of the tree, one builder option or another prolog. Nothing here writes XML
 * by hand.
 */
export const XML_FORMS = [
  'pretty', 'no-declaration', 'cdata', 'decimal-references', 'hex-references', 'bare-specials', 'comments', 'reordered',
  'byte-order-mark', 'single-quoted-declaration', 'spaced-declaration', 'standalone-declaration', 'declaration-without-encoding',
  'tag-whitespace', 'line-ends',
] as const;
export type XmlForm = (typeof XML_FORMS)[number];

/**
 * The credentials are written as the compact form writes them, never as character references
 * or in CDATA: the masks of src/profile/mask.ts know a secret in its JSON, XML and URL
 * spellings, and a reference-encoded one, or one split in two CDATA sections at a `]]>`,
 * would reach a report unmasked. Every other value is written in the form.
 */
const CREDENTIALS = new Set(['appkey', 'sessionID']);

interface FormDef {
  /** What the form changes, for the report. */
  description: string;
  /** What stands before the root: the XML declaration, a byte order mark, or nothing. */
  prolog: string;
  options: Partial<XmlBuilderOptions>;
  tree?: (nodes: Node[]) => Node[];
}

const codePoints = (s: string, ref: (cp: number) => string): string => [...s].map((ch) => ref(ch.codePointAt(0)!)).join('');

type TextForm = (text: string) => Node[];

/** Every value's text through `f`, the top-level credentials' through `credentials`. */
const eachText = (f: TextForm, credentials = f) => (nodes: Node[]): Node[] => nodes.map((n) => mapText(n, f, credentials, true));

function mapText(node: Node, f: TextForm, credentials: TextForm, top: boolean): Node {
  const [name, children] = Object.entries(node)[0]!;
  if (typeof children === 'string' || name.startsWith('#')) return node;
  const g = top && CREDENTIALS.has(name) ? credentials : f;
  return { [name]: children.flatMap((c) => (TEXT in c ? g(String(c[TEXT])) : [mapText(c, f, credentials, top && name === 'request')])) };
}

/** What XML requires escaped in text, and no more (the builder's own escaping is off in the forms that use it). */
const minimal: TextForm = (t) => [{ [TEXT]: t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/]]>/g, ']]&gt;') }];

/**
 * A reference keeps a carriage return that a reader turns into a line feed when it stands in
 * the text (XML 1.0, 2.11), so the text is first taken as a reader takes the compact form's.
 */
const references = (ref: (cp: number) => string): ReturnType<typeof eachText> =>
  eachText((t) => [{ [TEXT]: codePoints(t.replace(/\r\n?/g, '\n'), ref) }], minimal);

/** `]]>` cannot stand inside a CDATA section: the value is split there into two sections. */
const inCdata = (text: string): Node[] => text.split(']]>').map((piece, i, all) => `${i ? '>' : ''}${piece}${i < all.length - 1 ? ']]' : ''}`)
  .map((piece) => ({ [CDATA]: [{ [TEXT]: piece }] }));

const comment = (): Node => ({ [COMMENT]: [{ [TEXT]: ' a comment between elements ' }] });

/** A comment before the root, before every element and after the last child of each element that holds elements. */
function withComments(nodes: Node[]): Node[] {
  const holdsElements = (children: Node[]): boolean => children.some((c) => !(TEXT in c));
  return nodes.flatMap((n) => {
    const [name, children] = Object.entries(n)[0]!;
    if (typeof children === 'string' || !holdsElements(children)) return [comment(), n];
    return [comment(), { [name]: [...withComments(children), comment()] }];
  });
}

/** Siblings in reverse order; the repeated elements of one array stay together, in their order. */
function reordered(nodes: Node[]): Node[] {
  const groups: Node[][] = [];
  for (const n of nodes) {
    const name = Object.keys(n)[0]!;
    const last = groups.at(-1);
    if (last && Object.keys(last[0]!)[0] === name) last.push(n);
    else groups.push([n]);
  }
  return groups.reverse().flat().map((n) => {
    const [name, children] = Object.entries(n)[0]!;
    return typeof children === 'string' || name.startsWith('#') ? n : { [name]: reordered(children) };
  });
}

/**
 * Each element's name with a space after it, which the builder writes as it is given: `<name >`
 * and `</name >`, the whitespace XML 1.0 allows before the `>` of a start and an end tag
 * (productions STag and ETag, `S? '>'`).
 */
function spacedTags(nodes: Node[]): Node[] {
  return nodes.map((n) => {
    const [name, children] = Object.entries(n)[0]!;
    return typeof children === 'string' || name.startsWith('#') ? n : { [`${name} `]: spacedTags(children) };
  });
}

const LINE_END = '\r\n';

/**
 * A CR LF and a tab per level before every element and before the end tag of each element
 * holding elements, and a CR LF before and after the root: whitespace (XML 1.0, production S)
 * where `pretty` has line feeds and spaces, which a reader turns into line feeds (2.11).
 */
function lineEnds(nodes: Node[]): Node[] {
  const indented = (children: Node[], depth: number): Node[] => {
    if (!children.some((c) => !(TEXT in c))) return children;
    const at = (d: number): Node => ({ [TEXT]: LINE_END + '\t'.repeat(d) });
    return [...children.flatMap((c) => [at(depth + 1), inside(c, depth + 1)]), at(depth)];
  };
  const inside = (n: Node, depth: number): Node => {
    const [name, children] = Object.entries(n)[0]!;
    return typeof children === 'string' || name.startsWith('#') ? n : { [name]: indented(children, depth) };
  };
  return [{ [TEXT]: LINE_END }, ...nodes.map((n) => inside(n, 0)), { [TEXT]: LINE_END }];
}

/**
 * The declarations XML 1.0 makes equal to the compact form's (2.8 XMLDecl, 4.3.3): quotes of
 * either kind, whitespace around `=` and before `?>`, `standalone` (it means nothing without
 * markup declarations), and no encoding declaration (UTF-8 is then the default).
 */
const DECLARATIONS = {
  singleQuoted: "<?xml version='1.0' encoding='UTF-8'?>",
  spaced: '<?xml  version = "1.0"  encoding = "UTF-8"  ?>',
  standalone: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
  withoutEncoding: '<?xml version="1.0"?>',
};

/** U+FEFF, which a UTF-8 document entity may begin with (XML 1.0 4.3.3, Appendix F): the bytes EF BB BF. */
const BYTE_ORDER_MARK = '\uFEFF';

const FORMS: Record<XmlForm, FormDef> = {
  pretty: { description: 'indented two spaces, a line break between elements', prolog: DECLARATION, options: { format: true, indentBy: '  ' } },
  'no-declaration': { description: 'without the XML declaration', prolog: '', options: {} },
  cdata: { description: 'every value but the credentials in a CDATA section', prolog: DECLARATION, options: {}, tree: eachText(inCdata, (t) => [{ [TEXT]: t }]) },
  'decimal-references': {
    description: 'every character of every value but the credentials as a decimal character reference (&#1052;)', prolog: DECLARATION,
    options: { processEntities: false }, tree: references((cp) => `&#${cp};`),
  },
  'hex-references': {
    description: 'every character of every value but the credentials as a hexadecimal character reference (&#x41C;)', prolog: DECLARATION,
    options: { processEntities: false }, tree: references((cp) => `&#x${cp.toString(16).toUpperCase()};`),
  },
  'bare-specials': {
    description: 'quotes and > written as themselves, only & and < (and the > of ]]>) as entity references', prolog: DECLARATION,
    options: { processEntities: false }, tree: eachText(minimal),
  },
  comments: { description: 'a comment before the root, before every element and after the last child of each element holding elements', prolog: DECLARATION, options: {}, tree: withComments },
  reordered: { description: 'siblings in reverse order (the elements of one array together, in their order)', prolog: DECLARATION, options: {}, tree: reordered },
  'byte-order-mark': { description: 'starting with a UTF-8 byte order mark (EF BB BF) before the declaration', prolog: BYTE_ORDER_MARK + DECLARATION, options: {} },
  'single-quoted-declaration': { description: `the declaration in single quotes (${DECLARATIONS.singleQuoted})`, prolog: DECLARATIONS.singleQuoted, options: {} },
  'spaced-declaration': { description: `whitespace around = and before ?> in the declaration (${DECLARATIONS.spaced})`, prolog: DECLARATIONS.spaced, options: {} },
  'standalone-declaration': { description: `the declaration with standalone (${DECLARATIONS.standalone})`, prolog: DECLARATIONS.standalone, options: {} },
  'declaration-without-encoding': { description: `the declaration without an encoding (${DECLARATIONS.withoutEncoding})`, prolog: DECLARATIONS.withoutEncoding, options: {} },
  'tag-whitespace': { description: 'a space before the > of every start and end tag (<name >, </name >)', prolog: DECLARATION, options: {}, tree: spacedTags },
  'line-ends': {
    description: 'CR LF line ends and tab indentation between elements, after the declaration and after the root', prolog: DECLARATION, options: {}, tree: lineEnds,
  },
};

export const describeXmlForm = (form: XmlForm): string => FORMS[form].description;

const builders = new Map<XmlForm | 'compact', XMLBuilder>();

function builderFor(form: XmlForm | 'compact'): XMLBuilder {
  let b = builders.get(form);
  if (!b) {
    const options = form === 'compact' ? {} : FORMS[form].options;
    b = new XMLBuilder({ preserveOrder: true, ignoreAttributes: true, suppressEmptyNode: false, cdataPropName: CDATA, commentPropName: COMMENT, ...options });
    builders.set(form, b);
  }
  return b;
}

/** A request object in one XML form; `compact` builds the tree as it is (a test holds it equal to `encodeXml`). */
export function encodeXmlForm(body: unknown, form: XmlForm | 'compact'): string {
  const def = form === 'compact' ? undefined : FORMS[form];
  const tree = def?.tree ? def.tree(treeOf(body)) : treeOf(body);
  return (def?.prolog ?? DECLARATION) + (builderFor(form).build(tree) as string);
}
