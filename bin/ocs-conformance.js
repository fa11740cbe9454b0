#!/usr/bin/env node
// The `ocs-conformance` command. `run` is started by bin/launch.js, which waits for the run with
// nothing of the harness loaded; the launcher calls this file again, with OCS_RUN_PLAN set, to
// check the run's inputs. Everything else is TypeScript run through tsx (a runtime dependency for
// that reason), registered here so that src/cli/main.ts loads as it does under `node --import tsx`.
import { basename } from 'node:path';

if (process.argv[2] === 'run' && !process.env.OCS_RUN_PLAN) {
  const { launch } = await import('./launch.js');
  process.exitCode = await launch(process.argv.slice(2));
} else {
  // tsx keeps no cache, since its only place is the OS's temporary directory (src/runner/caches.ts);
  // set before register(), whose loader reads it.
  process.env.TSX_DISABLE_CACHE ??= '1';
  // The check of a run's inputs, on the way of every run, loads src/cli/main.ts compiled once
  // (bin/compiled.js) rather than through tsx, unless it cannot be compiled here.
  const { compiled } = await import('./compiled.js');
  const bundle = process.env.OCS_RUN_PLAN ? await compiled('src/cli/main.ts', 'cli') : undefined;
  let loaded = false;
  if (bundle) {
    process.setSourceMapsEnabled(true);
    // The bundle's name holds the hash of its sources: what the check may keep is keyed by it (src/scenario/load.ts keptScenarios).
    globalThis.ocsCompiled = basename(bundle);
    try {
      await import(bundle);
      loaded = true;
    } catch (err) {
      // Another run's build, started around an edit, may have removed this bundle since it was
      // found: the sources are read through tsx then, as where nothing can be compiled.
      if (err?.code !== 'ERR_MODULE_NOT_FOUND') throw err;
      delete globalThis.ocsCompiled;
    }
  }
  if (!loaded) {
    const { register } = await import('tsx/esm/api');
    register();
    // `explain` tells what the generators judge a rule with, which src/ may not import (a floor
    // above it): the generators register it from here, the top, and only for that command, since
    // loading them would cost every other command most of a second.
    if (process.argv[2] === 'explain') await import('../generators/judges.ts');
    await import('../src/cli/main.ts');
  }
}
