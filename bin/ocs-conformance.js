#!/usr/bin/env node
// The `ocs-conformance` command: the harness is TypeScript run through tsx (a runtime
// dependency for that reason), registered here so that src/cli/main.ts loads as it does
// under `node --import tsx`.
import { register } from 'tsx/esm/api';

// tsx keeps no cache, since its only place is the OS's temporary directory (src/runner/caches.ts);
// set before register(), whose loader reads it.
process.env.TSX_DISABLE_CACHE ??= '1';
register();
// `explain` tells what the generators judge a rule with, which src/ may not import (a floor
// above it): the generators register it from here, the top, and only for that command, since
// loading them would cost every other command most of a second.
if (process.argv[2] === 'explain') await import('../generators/judges.ts');
await import('../src/cli/main.ts');
