/**
 * The verdict by layer (issue 43): how the service's own rules fared, and how the standards
 * beneath them (HTTP, JSON, XML: src/contract/layers.ts), each with its MUST rules failing. It
 * weighs nothing: the one verdict and exit code are the run's (a failing standard MUST is NOT
 * CONFORMANT); it says where the fix lies, often one setting or a proxy in front of the service
 * when only HTTP fails.
 */
import { FORMATS, ruleById } from '../contract/load.ts';
import { LAYERS, layerOf, type Layer } from '../contract/layers.ts';
import type { LayerVerdict, Summary } from './summary-shape.ts';
import { mustFails } from './waivers.ts';
import { firstOf } from './words.ts';

/** Each layer's MUST rules, those failing in a format of that layer (waived failures apart), and those not judged. */
export function layerVerdicts(s: Pick<Summary, 'rules' | 'unjudged'>): LayerVerdict[] {
  return LAYERS.map((layer): LayerVerdict => {
    const cells = s.rules.filter((r) => r.level === 'MUST').flatMap((r) => FORMATS.filter((f) => layerOf(ruleById(r.id), f) === layer).map((f) => ({ r, f })));
    const ids = (cs: typeof cells): string[] => [...new Set(cs.map(({ r }) => r.id))];
    const failing = ids(cells.filter(({ r, f }) => mustFails(r, f)));
    // Per cell: a JSON layer's rule judged in JSON is not unjudged there for a gap in XML.
    const unjudged = ids(cells.filter(({ r, f }) => s.unjudged.includes(r.id) && r[f] !== 'pass' && r[f] !== 'fail')).filter((id) => !failing.includes(id));
    return { layer, must: ids(cells).length, failing, unjudged, verdict: failing.length ? 'fail' : unjudged.length ? 'unjudged' : 'pass' };
  });
}

const LISTED = 4;
const named = (ids: string[]): string => firstOf(ids, LISTED);

/** The layers a report shows: none for a partial run or an unreachable target, whose layers would say only that. */
export function shownLayers(s: Pick<Summary, 'layers' | 'partial' | 'unreachable'>): LayerVerdict[] | undefined {
  return s.layers && !s.partial && !s.unreachable ? s.layers : undefined;
}

/**
 * `1 of 24 MUST rules failing (HTTP-ABSOLUTE-FORM)`, `passed (24 MUST rules)`, `none failing, 2 of 24 MUST rules not judged
 * in both formats` (a layer of both formats: the service's, HTTP's) or `… not judged` (JSON's, XML's: one format each).
 */
export function layerText(v: LayerVerdict): string {
  if (v.verdict === 'fail') return `${v.failing.length} of ${v.must} MUST rules failing (${named(v.failing)})`;
  if (v.verdict === 'unjudged') return `none failing, ${v.unjudged.length} of ${v.must} MUST rules not judged${v.layer === 'service' || v.layer === 'HTTP' ? ' in both formats' : ''}`;
  return `passed (${v.must} MUST rule${v.must === 1 ? '' : 's'})`;
}

const STANDARD_NAME: Record<Exclude<Layer, 'service'>, string> = { HTTP: 'HTTP (RFC 9110, RFC 9112)', JSON: 'JSON (RFC 8259)', XML: 'XML 1.0' };

/**
 * The console's and the certificate's lines: the service's rules, the standards beneath, and,
 * when only standards fail, that every rule of the service passed and where the fix lies.
 */
export function layerLines(layers: LayerVerdict[]): string[] {
  const service = layers.find((l) => l.layer === 'service')!;
  const standards = layers.filter((l) => l.layer !== 'service');
  const failing = standards.filter((l) => l.verdict === 'fail');
  return [
    `Service rules (the spec's own): ${service.verdict === 'pass' ? `every one passed (${service.must} MUST rules)` : layerText(service)}`,
    `Standards beneath: ${standards.map((l) => `${l.layer} ${layerText(l)}`).join('; ')}`,
    ...(service.verdict === 'pass' && failing.length
      ? [`Every rule of the service passed; what fails is ${failing.map((l) => STANDARD_NAME[l.layer as Exclude<Layer, 'service'>]).join(' and ')} beneath it, often one setting of the server or a proxy in front. A failing standard MUST still fails the run`]
      : []),
  ];
}
