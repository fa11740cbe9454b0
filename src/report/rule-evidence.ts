import type { Format } from '../contract/load.ts';
import type { Finding } from '../checks/finding.ts';
import type { Part } from '../checks/part.ts';
import { curlLine, describeRequest, describeResponse } from './evidence.ts';
import type { RunContext } from '../runner/context.ts';

/**
 * The first check that broke (or warned on, or errored on) a rule in a format: what JUnit's
 * test case of that rule and format carries. Every text is masked and bounded, so a target that
 * breaks every rule still gives a junit.xml of a few MB (about 200 cases of at most ~10 KB).
 */
export interface RuleEvidence {
  rule: string;
  format: Format;
  /** `change_receiver [json] › CNT-CONTACTIDS-MAX [json] four receiver contactIDs are rejected`. */
  step: string;
  title: string;
  expected?: string;
  received?: string;
  request?: string;
  response?: string;
  curl?: string;
  rerun: string;
}

const MAX_TEXT = 1_000;
const MAX_REQUEST = 3_000;
const MAX_RESPONSE = 1_500;

/** Cuts a text to `max` characters, saying how long it was. */
export const bounded = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters in all)` : text);

export function ruleEvidence(f: Finding & { format: Format }, step: string, part: Part | undefined, ctx: RunContext, rerun: string): RuleEvidence {
  const exchange = part?.exchange;
  // Masked whole before it is cut: a secret the target echoes must not straddle the cut.
  const response = exchange?.response && describeResponse({ ...exchange.response, body: ctx.mask(exchange.response.body) });
  const curl = exchange && ctx.mask(curlLine(exchange.request, ctx.secrets));
  return {
    rule: f.rule,
    format: f.format,
    step,
    title: f.title,
    ...(f.expected !== undefined ? { expected: bounded(ctx.mask(f.expected), MAX_TEXT) } : {}),
    ...(f.received !== undefined ? { received: bounded(ctx.mask(f.received), MAX_TEXT) } : {}),
    ...(exchange ? { request: bounded(ctx.mask(describeRequest(exchange.request)), MAX_REQUEST) } : {}),
    ...(response ? { response: bounded(response, MAX_RESPONSE) } : {}),
    ...(curl ? { curl: curl.length > MAX_REQUEST ? `(a ${curl.length}-character curl line: see the step's evidence in the Playwright report)` : curl } : {}),
    rerun,
  };
}
