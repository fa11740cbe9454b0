import type { Format } from '../contract/load.ts';
import { describeJsonForm, encodeJsonForm, JSON_FORMS, type JsonForm } from './json-forms.ts';
import { describeXmlForm, encodeXmlForm, XML_FORMS, type XmlForm } from './xml-forms.ts';

/**
 * The equivalent forms of a request body in each format (BODY-FORMS, docs/xml-forms.md): a
 * form is named within its format; `pretty` and `reordered` exist in both.
 */
export const FORMS: Record<Format, readonly string[]> = { json: JSON_FORMS, xml: XML_FORMS };

export const isForm = (format: Format, form: string): boolean => FORMS[format].includes(form);

/** The request written in `form` of `format`; throws on a form the format does not have (a harness bug). */
export function encodeForm(format: Format, body: unknown, form: string): string {
  if (!isForm(format, form)) throw new Error(`${format} has no form '${form}'`);
  return format === 'json' ? encodeJsonForm(body, form as JsonForm) : encodeXmlForm(body, form as XmlForm);
}

export const describeForm = (format: Format, form: string): string =>
  (format === 'json' ? describeJsonForm(form as JsonForm) : describeXmlForm(form as XmlForm));
