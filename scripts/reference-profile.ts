/**
 * `npm run reference:profile`: writes profiles/reference.yaml from reference/fixtures.yaml.
 * The derivation lives in src/profile/reference.ts, where a run against the embedded
 * reference reads it (the harness never imports scripts/); its names are re-exported here
 * for the scripts and tests that use them.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { REFERENCE_PROFILE, referenceProfileYaml } from '../src/profile/reference.ts';

export { REFERENCE_PROFILE, referenceEnv, referenceProfile, referenceProfileYaml } from '../src/profile/reference.ts';

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(REFERENCE_PROFILE, referenceProfileYaml());
  console.log(`wrote ${REFERENCE_PROFILE}`);
}
