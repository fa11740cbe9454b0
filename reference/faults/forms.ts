import { refuse } from '../errors.ts';
import type { Format } from '../codec/index.ts';
import type { Fault } from './fault.ts';

/** Keeps a leading byte order mark, so a fault sees the text as it came (the reference drops it when it reads). */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A service that reads some equivalent forms of a request wrongly (issue 16, BODY-FORMS):
 * each fault bends the text of a body on one format's path as received, so the faithful
 * reader then reads what the faulty one would have. A body that is not UTF-8 passes
 * unchanged (reading it as text would repair it).
 */
const bent = (format: Format, name: string, description: string, f: (text: string) => string): Fault => ({
  name, rule: 'BODY-FORMS', description,
  received: (body, at) => {
    if (at.format !== format) return body;
    let text: string;
    try {
      text = utf8.decode(body);
    } catch {
      return body;
    }
    return Buffer.from(f(text), 'utf8');
  },
});
const xmlText = (name: string, description: string, f: (text: string) => string): Fault => bent('xml', name, description, f);

const malformed = (message: string, format = 'XML'): never => {
  throw refuse(100003, { detail: `Некорректный ${format}.`, message });
};

/** Whitespace and comments, which may stand between elements. */
const BETWEEN = String.raw`(?:\s|<!--[\s\S]*?-->)*`;

/** The XML declaration, after a byte order mark if there is one. */
const declaration = (t: string): string => /^\uFEFF?(<\?xml[\s\S]*?\?>)/.exec(t)?.[1] ?? '';

/** A backslash and the character it escapes, taken pairwise from the left as a JSON reader does, so `\\/` is a backslash and a slash. */
const ESCAPE = /\\(u[0-9a-fA-F]{4}|[\s\S])/g;

export const FORM_FAULTS: Fault[] = [
  xmlText('xml-declaration-required', 'refuses an XML request without an XML declaration (100003)',
    (t) => (t.trimStart().startsWith('<?xml') ? t : malformed('An XML declaration is required.'))),
  xmlText('xml-cdata-read-as-empty', 'reads a CDATA section as nothing, so a value written in one is empty',
    (t) => t.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '')),
  xmlText('xml-decimal-references-undecoded', 'leaves decimal character references (&#1052;) undecoded, as text',
    (t) => t.replace(/&#(?=[0-9])/g, '&amp;#')),
  xmlText('xml-hex-references-undecoded', 'leaves hexadecimal character references (&#x41C;) undecoded, as text',
    (t) => t.replace(/&#(?=[xX])/g, '&amp;#')),
  xmlText('xml-quote-entities-undecoded', 'leaves &quot; and &apos; undecoded, as text (it knows only &amp;, &lt; and &gt;)',
    (t) => t.replace(/&(?=(?:quot|apos);)/g, '&amp;')),
  xmlText('xml-comments-refused', 'refuses an XML request holding a comment (100003)',
    (t) => (t.includes('<!--') ? malformed('Comments are not accepted.') : t)),
  xmlText('xml-indentation-refused', 'refuses whitespace between elements, so an indented XML request (100003)',
    (t) => (/>\s+</.test(t) ? malformed('Text between elements.') : t)),
  xmlText('xml-comment-restarts-repeated-elements', 'starts a repeated element\'s list anew after a comment, so keeps only the elements after the last one',
    (t) => t.replace(new RegExp(String.raw`<([A-Za-z_][\w.-]*)>[^<]*</\1>(?=${BETWEEN}<!--[\s\S]*?-->${BETWEEN}<\1>)`, 'g'), '')),
  xmlText('xml-appkey-first-required', 'reads the credentials by position: refuses an XML request whose first element is not appkey (100002)',
    (t) => {
      if (new RegExp(String.raw`<request>${BETWEEN}<appkey>`).test(t)) return t;
      throw refuse(100002, { fields: ['appkey'] });
    }),
  bent('json', 'json-unicode-escapes-undecoded', 'leaves \\u escapes in JSON strings undecoded, as text',
    (t) => t.replace(/\\u(?=[0-9a-fA-F]{4})/g, '\\\\u')),

  xmlText('xml-byte-order-mark-refused', 'refuses an XML request starting with a UTF-8 byte order mark (100003), taking it for text before the root',
    (t) => (t.startsWith('\uFEFF') ? malformed('Text before the root element.') : t)),
  xmlText('xml-single-quoted-declaration-refused', 'refuses an XML declaration in single quotes (100003): it reads version and encoding in double quotes only',
    (t) => (declaration(t).includes("'") ? malformed('Malformed XML declaration.') : t)),
  xmlText('xml-spaced-declaration-refused', 'refuses whitespace around = or before ?> in the XML declaration (100003)',
    (t) => (/\s=|=\s|\s\?>/.test(declaration(t)) ? malformed('Malformed XML declaration.') : t)),
  xmlText('xml-standalone-declaration-refused', 'refuses an XML declaration with standalone (100003): it knows version and encoding only',
    (t) => (declaration(t).includes('standalone') ? malformed('Unknown pseudo-attribute in the XML declaration.') : t)),
  xmlText('xml-declaration-encoding-required', 'refuses an XML declaration without an encoding (100003), though UTF-8 is then the default',
    (t) => (declaration(t) && !declaration(t).includes('encoding') ? malformed('The XML declaration names no encoding.') : t)),
  xmlText('xml-tag-whitespace-misread', 'takes an element\'s name up to its >, so reads <appkey > as a field named "appkey " and finds no appkey',
    (t) => t.replace(/<(\/?[A-Za-z_][\w.-]*)\s+>/g, '<$1_>')),
  xmlText('xml-carriage-return-refused', 'refuses a carriage return between elements (100003): it skips spaces, tabs and line feeds there, not CR',
    (t) => (/>[ \t\n]*\r\s*</.test(t) ? malformed('Text between elements.') : t)),
  bent('json', 'json-escaped-solidus-kept', 'reads \\/ in a JSON string as the two characters \\/, not as /',
    (t) => t.replace(ESCAPE, (e) => (e === '\\/' ? '\\\\/' : e))),
  bent('json', 'json-lower-case-escapes-undecoded', 'decodes a \\u escape written in upper-case hex only; one in lower-case hex (\\u041c) stays as text',
    (t) => t.replace(ESCAPE, (e, escaped: string) => (/^u.*[a-f]/.test(escaped) ? `\\${e}` : e))),
  bent('json', 'json-escaped-names-undecoded', 'matches member names as written, so a name written with \\u escapes names no field',
    (t) => t.replace(/"(?:[^"\\]|\\.)*"(\s*:)?/g, (token, colon: string | undefined) => (colon ? token.replace(/\\u/g, '\\\\u') : token))),
  bent('json', 'json-control-whitespace-refused', 'refuses a JSON text holding a raw tab or carriage return (100003): a filter of control characters run over the whole body, the whitespace between tokens too',
    (t) => (/[\t\r]/.test(t) ? malformed('Control character in the request body.', 'JSON') : t)),
];
