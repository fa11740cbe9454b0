import { refuse } from '../errors.ts';
import type { Format } from '../codec/index.ts';
import type { Fault } from './fault.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

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

const malformed = (message: string): never => {
  throw refuse(100003, { detail: 'Некорректный XML.', message });
};

/** Whitespace and comments, which may stand between elements. */
const BETWEEN = String.raw`(?:\s|<!--[\s\S]*?-->)*`;

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
];
