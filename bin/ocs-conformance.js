#!/usr/bin/env node
// The `ocs-conformance` command: the harness is TypeScript run through tsx (a runtime
// dependency for that reason), registered here so that src/cli/main.ts loads as it does
// under `node --import tsx`.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
