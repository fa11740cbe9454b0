import { createRequire } from 'node:module';

/**
 * The endpoint tests carry no tags: seventy rule IDs each buried the console and the HTML
 * report. Playwright matches `--grep` against a test's title and tags only, so with no tags a
 * rule ID would select nothing. The run's `--grep` therefore selects steps, not tests: the
 * config passes it on to every test as OCS_GREP (src/runner/units.ts `selectSteps`), takes it
 * back from Playwright's runner here, and a test with no matching step skips itself, recording
 * nothing (suites/conformance.spec.ts). `--shard` is untouched: it splits the four tests.
 *
 * The runner reads `--grep` from its `test` command's parsed options after it has loaded the
 * config; those options are the command's own object (commander's `opts()`), so the config can
 * remove the pattern before the runner filters on it. Only the main process does this.
 */
export function takeGrepFromRunner(): void {
  const require = createRequire(import.meta.url);
  const { program } = require('playwright/lib/program') as { program: { commands: { name(): string; opts(): Record<string, unknown> }[] } };
  const opts = program.commands.find((c) => c.name() === 'test')?.opts();
  if (!opts || !('grep' in opts)) {
    throw new Error('ocs-conformance: this Playwright version\'s --grep cannot be taken over; set OCS_GREP=<pattern> instead of --grep');
  }
  delete opts.grep;
}

/** The annotation of a test that --grep or OCS_STEP left without a step: it records nothing, and the reporter leaves it out. */
export const UNSELECTED = 'ocs-unselected';
