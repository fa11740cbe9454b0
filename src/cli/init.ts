/**
 * `init [FILE]`: writes a commented profile template, never over an existing file. The
 * template is profiles/example-vendor.yaml (the project's commented example, checked by
 * the tests to load) under a header that says how to run it with this command.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../contract/load.ts';

export class InitError extends Error {}

export const DEFAULT_PROFILE_FILE = 'ocs-profile.yaml';

export function profileTemplate(): string {
  const example = readFileSync(join(ROOT, 'profiles', 'example-vendor.yaml'), 'utf8');
  // The example's own header (its first comment block) tells how to run it with npm start.
  const body = example.replace(/^(#.*\n)+/, '');
  return [
    '# A profile for the implementation under test, written by `ocs-conformance init`.',
    '# Fill in what the target\'s sandbox holds, set the environment variables named under',
    '# credentials (and under identities, for each further test account), then run',
    '#   OCS_APPKEY=... OCS_SESSION_ID=... \\',
    '#   ocs-conformance run --base-url https://sandbox.vendor.example --profile THIS-FILE',
    '# Every value that depends on the target comes from here: the harness never invents an',
    '# order, an address-book ID, a legal form or an address. Leave out what the sandbox lacks:',
    '# the cases that need it are skipped, with the reason in the report (`ocs-conformance run',
    '# --dry-run` sends nothing and needs no secrets). Every key the profile accepts is named',
    '# below with its default; the keys are checked against contract/schemas/profile.schema.json',
    '# when a run starts.',
    body,
  ].join('\n');
}

/** Writes the template to `file`; an existing file is left alone. */
export function init(file: string): void {
  try {
    writeFileSync(file, profileTemplate(), { flag: 'wx' });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InitError(code === 'EEXIST' ? `${file} exists; not overwritten (name another file: ocs-conformance init FILE)` : `${file}: cannot write the profile (${code ?? (err as Error).message})`);
  }
}
