import { ruleById, type Format, type Rule } from './load.ts';

/**
 * The layer a rule holds a target to (docs/verdicts.md): the service's own rules, the spec's, or
 * a standard beneath them. Known from the catalog: a rule whose `standard` is RFC 9110 or RFC 9112
 * is HTTP's (the WIRE and HTTP rules); a rule with `layer: format` (BODY-FORMS: any text its
 * format's grammar allows is the request) is the standard of the path's format, RFC 8259 on the
 * JSON path and XML 1.0 on the XML path; every other rule is the service's, those quoting another
 * document included (RFC 3339's calendar for produce_date, OWASP's object-level authorization):
 * what they judge is the service's own handling of its fields and orders.
 */
export type Layer = 'service' | 'HTTP' | 'JSON' | 'XML';
export const LAYERS: Layer[] = ['service', 'HTTP', 'JSON', 'XML'];

const HTTP_DOCUMENTS = new Set(['RFC 9110', 'RFC 9112']);

export function layerOf(rule: Pick<Rule, 'standard' | 'layer'>, format: Format): Layer {
  if (rule.layer === 'format') return format === 'json' ? 'JSON' : 'XML';
  return rule.standard && HTTP_DOCUMENTS.has(rule.standard.document) ? 'HTTP' : 'service';
}

/** A rule of the service's own, in either format. */
export const isServiceRule = (id: string): boolean => layerOf(ruleById(id), 'json') === 'service';
