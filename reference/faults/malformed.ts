import { FAITHFUL } from '../hooks.ts';
import type { Format } from '../codec/index.ts';
import type { Fault } from './fault.ts';

/** A service that writes the text of its answers on `format`'s paths through `change`, as a hand-made encoder would. */
export const written = (format: Format, name: string, description: string, change: (text: string) => string): Fault => ({
  name, rule: 'RSP-FORMAT-FOLLOWS-PATH', description,
  write: (res, reply, at) => FAITHFUL.write(res, at.format === format ? { ...reply, text: change(reply.text) } : reply, at),
});

/** A JSON string member's value, escapes included: `$1` is everything up to its closing quote. */
const member = (key: string): RegExp => new RegExp(String.raw`("${key}":"(?:[^"\\]|\\.)*)"`, 'g');

const UNESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

/** Answers that are not well-formed in the format their path names, though complete and well framed. */
export const MALFORMED_FAULTS: Fault[] = [
  written('json', 'json-answer-raw-control-character',
    'ends each error\'s detail in a JSON answer with a raw line feed (read with its line end from a message file), which JSON forbids inside a string',
    (text) => text.replace(member('detail'), '$1\n"')),
  written('xml', 'xml-answer-bare-ampersand-in-echo',
    'writes foundAddresses source and result into an XML answer unescaped, so a search holding & or < makes the answer not well-formed',
    (text) => text.replace(/<(source|result)>([^<]*)<\/\1>/g, (_, tag: string, inner: string) =>
      `<${tag}>${inner.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => UNESCAPED[entity]!)}</${tag}>`)),
];
