/**
 * What the loader checks of a case beyond its schema, and the copies a case becomes: one per
 * body form (`forms`) or per HTTP framing (`framings`). Every problem names the file and the key.
 */
import { loadRules, type Format, type Operation, type Rule } from '../contract/load.ts';
import { FORMS, isForm } from '../codec/forms.ts';
import { FRAMING_ALSO, FRAMING_RULE, FRAMINGS, isFraming } from '../client/framing.ts';
import { ScenarioError, type Bases, type Built, type Expect, type LoadedCase, type SequenceSpec } from './types.ts';

let byId: Map<string, Rule> | undefined;

/** Each rule is in the catalog and applies to the operation. */
export function checkRules(ids: readonly string[], op: Operation, key: string): void {
  byId ??= new Map(loadRules().map((r) => [r.id, r]));
  for (const id of ids) {
    const rule = byId.get(id);
    if (!rule) throw new ScenarioError(`${key}: unknown rule ID ${id}`);
    if (!rule.operations.includes(op)) throw new ScenarioError(`${key}: ${id} does not apply to ${op}`);
  }
}

/** A built request names a base the operation has; a raw one has a body for each format it is sent in. */
export function checkBuilt(c: Built, op: Operation, formats: readonly Format[], bases: Bases, key: string): void {
  const base = c.base ?? 'valid';
  if (!c.raw && !(base in (bases.bases[op] ?? {}))) throw new ScenarioError(`${key}.base: no base '${base}' for ${op} in suites/bases.yaml`);
  const noRaw = c.raw ? formats.filter((f) => c.raw![f] === undefined) : [];
  if (noRaw.length) throw new ScenarioError(`${key}.raw: no ${noRaw.join(' or ')} body for a case that runs in ${formats.join(' and ')}`);
}

/** What a sequence as a whole needs of the endpoint: an acceptance when any step expects one (src/runner/preflight.ts). */
export const sequenceExpect = (s: SequenceSpec): Expect => (s.steps.some((step) => step.expect === 'accepted') ? 'accepted' : 'rejected');

/**
 * The copies of a case: one per form of `forms` (in each of its formats that has the form: each
 * sends the request in that form and in the compact one, src/runner/compare.ts), or one per
 * framing of `framings` (each sends it in that framing and plainly, judged on the framing's
 * rule, which the case must name). Forms and framings are ways to send one built request, so a
 * raw, rewired or sequenced case has none.
 */
export function inEachVariant(c: LoadedCase, variants: { forms?: 'all' | string[]; framings?: 'all' | string[] }, key: string): LoadedCase[] {
  const { forms, framings } = variants;
  if (!forms && !framings) return [c];
  const which = forms ? 'forms' : 'framings';
  if (forms && framings) throw new ScenarioError(`${key}: a case sends its request in forms or in framings, not both`);
  if (c.raw || c.wire || c.sequence) throw new ScenarioError(`${key}.${which}: a case with raw or wire (or a sequence) sends no single built request to send otherwise`);
  if (framings) {
    const names = framings === 'all' ? [...FRAMINGS] : framings;
    return names.map((framing) => {
      if (!isFraming(framing)) throw new ScenarioError(`${key}.framings: no framing '${framing}' (${FRAMINGS.join(', ')})`);
      const rule = FRAMING_RULE[framing];
      if (!c.rules.includes(rule)) throw new ScenarioError(`${key}.rules: the framing '${framing}' is judged on ${rule}, which the case does not name`);
      // What the framing's answer shows beside its own rule (src/client/framing.ts FRAMING_ALSO) is judged on that copy too.
      return { ...c, name: `${c.name}: ${framing}`, rules: [rule, ...(FRAMING_ALSO[framing] ?? [])], framing };
    });
  }
  const names = forms === 'all' ? [...new Set(c.formats.flatMap((f) => FORMS[f]))] : forms!;
  return names.map((form) => {
    const formats = c.formats.filter((f) => isForm(f, form));
    if (!formats.length) throw new ScenarioError(`${key}.forms: ${c.formats.join(' and ')} ha${c.formats.length > 1 ? 've' : 's'} no form '${form}' (${c.formats.map((f) => `${f}: ${FORMS[f].join(', ')}`).join('; ')})`);
    return { ...c, name: `${c.name}: ${form}`, formats, form };
  });
}
