/**
 * The compilers' caches, kept out of the OS's temporary directory, which a run, a test or the
 * bench leaves as it found it. tsx can keep its cache nowhere but in os.tmpdir() (`tsx-UID`),
 * so it keeps none: each process compiles the TypeScript it loads again, about 0.1 s of CPU.
 * Playwright's transform cache, which spares the runner and each worker compiling the suite
 * with Babel, goes under node_modules/.cache, where tools keep theirs.
 */
import { join } from 'node:path';
import { ROOT } from '../contract/load.ts';

export const CACHE_ENV = {
  TSX_DISABLE_CACHE: '1',
  PLAYWRIGHT_TRANSFORM_CACHE_DIR: join(ROOT, 'node_modules', '.cache', 'playwright-transform'),
} as const;
