// Runs a group of quick test files in one process, each file a suite of its own named by its path
// (`tests/harness/mask.test.ts`), in the order given, one after another: tests/tiers-run.mjs starts
// one such process for each group tests/tiers.mjs makes, so that the project's modules (the
// contract, the scenarios, tsx's loader) load once for the group instead of once for each file.
// A file's top-level hooks (`before`, `after`) are its suite's; its tests run as `node --test
// FILE` would run them, after the group's earlier files have ended. Only files that keep to
// themselves are grouped (tests/tiers.mjs, ALONE).
import { describe, it } from 'node:test';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './tiers.mjs';
import { enterQuickFile } from './tier-guard.mjs';

/** Runs the files (paths from the repository's root), each as a suite, one after another. */
export async function runGroup(files) {
  for (const file of files) {
    // A root-level suite's promise settles once it has run: the next file is loaded only then, so
    // every test a file declares is its suite's, and the guard names the file that is running.
    await describe(file, async () => {
      enterQuickFile(file);
      try {
        await import(pathToFileURL(resolve(ROOT, file)).href);
      } catch (err) {
        // A file that throws as it loads fails a test of its own, counted in `# fail` as
        // `node --test FILE` counts it (left to the suite, it was only `# cancelled`, which
        // .ci/run does not add up: CI said 0 failed).
        it('loads', () => { throw err; });
      }
    });
  }
}
