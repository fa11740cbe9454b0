// Stands in for npm's shell: starts the launcher's `started` (bin/launch.js) on a plan whose
// runner is tests/stop/counting-runner.mjs, as `npm start` would (npm_lifecycle_event=start),
// detached; once the runner is up (the launcher has taken note of its parent), it ends, as dash
// does on npm's SIGTERM: the launcher is left without its parent.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const [launch, plan, startedFile] = process.argv.slice(2);
const child = spawn(process.execPath, ['--input-type=module', '-e', `import { started } from ${JSON.stringify(launch)}; process.exitCode = await started(${plan});`], {
  env: { ...process.env, npm_lifecycle_event: 'start' }, stdio: 'ignore', detached: true,
});
child.unref();
// At most 30 s: a runner that never starts ends this stand-in too, and the test then fails on its count.
const began = Date.now();
const up = setInterval(() => { if (existsSync(startedFile) || Date.now() - began > 30_000) clearInterval(up); }, 20);
