/**
 * The words the service and the harness write of their own, which the masking gate leaves
 * standing where a secret happens to hold a run of one (src/profile/mask.ts): the field names of
 * every schema of the contract (the requests' `appkey` and `sessionID`, summary.json's
 * `unreachable`, …), the rule IDs whole (`TOP-SESSIONID-REQUIRED`), the operations and their
 * paths, the words of the rule catalog and the error catalog (the spec's own text: "the session
 * identifier", "no access"), and the names of the files a report names (the reports it writes,
 * the scenario files and sources its steps point at). Such a word where it stands is that word,
 * not the secret: masking
 * `session` in every rule title because a test account's sessionID is `test-session`, or
 * `appkey` in every request body because a key is `dummy-appkey`, would say nothing of the
 * secret, and would break every curl line that replays a request.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { FORMATS, loadErrors, loadRules, loadSchemas, operationPath, OPERATIONS, ROOT } from '../contract/load.ts';

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
  // Each text whole (a run across its words is still its text), and each of its words and numbers.
  for (const text of prose) for (const [word] of [[text], ...text.matchAll(/[A-Za-z0-9_]+/g)]) all.add(word!);
  // Each rule ID, and the certificate's anchor of its row (src/report/html-grid.ts, ruleAnchor): `#rule-SAFE-…` holds `-SAFE-` across the two.
  for (const r of loadRules()) all.add(r.id).add(`rule-${r.id}`);
  for (const op of OPERATIONS) for (const f of FORMATS) all.add(op).add(operationPath(op, f));
  for (const f of [...REPORT_FILES, ...OWN_DIRS.flatMap(filesUnder)]) all.add(f).add(f.split('/').at(-1)!);
  return (words = [...all].filter((w) => w.length >= SHORTEST));
}

/** What a run writes under its report directory, by name. */
const REPORT_FILES = ['conformance.html', 'summary.json', 'junit.xml', 'html/index.html', 'mutation.html', 'mutation.json'];

/** The folders whose files a report points at (a step's scenario file and line, a property's source). */
const OWN_DIRS = ['suites', 'generators', 'src', 'contract'];

/** The files under a folder of the harness, as paths from its root. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    // parentPath from Node 20.12, path before it.
    .map((e) => relative(ROOT, join(e.parentPath ?? e.path, e.name)));
}
