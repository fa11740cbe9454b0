/**
 * The words the service and the harness write of their own, which the masking gate leaves
 * standing where a secret happens to hold one (src/profile/mask.ts): the field names of every
 * schema of the contract (the requests' `appkey` and `sessionID`, summary.json's `unreachable`, …)
 * and the words of the rule catalog and the error catalog (the spec's own text: "the session
 * identifier", "no access"). Such a word where it stands is that word, not the secret: masking
 * `session` in every rule title because a test account's sessionID is `test-session`, or
 * `appkey` in every request body because a key is `dummy-appkey`, would say nothing of the
 * secret, and would break every curl line that replays a request.
 */
import { loadErrors, loadRules, loadSchemas } from '../contract/load.ts';

/** Shorter words cannot hold a run of a secret long enough to be masked (FRAGMENT). */
const SHORTEST = 6;

let words: string[] | undefined;

export function publicWords(): string[] {
  if (words) return words;
  const all = new Set<string>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const props = (node as { properties?: unknown }).properties;
    if (props && typeof props === 'object') for (const k of Object.keys(props)) all.add(k);
    for (const v of Object.values(node)) walk(v);
  };
  for (const schema of Object.values(loadSchemas())) walk(schema);
  const prose = [
    ...loadRules().flatMap((r) => [r.title, r.spec.quote, r.standard?.quote ?? '']),
    ...loadErrors().flatMap((e) => [e.meaning, e.detail]),
  ];
  for (const text of prose) for (const [word] of text.matchAll(/[A-Za-z_]+/g)) all.add(word);
  return (words = [...all].filter((w) => w.length >= SHORTEST));
}
