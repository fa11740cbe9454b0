// A runner stand-in for tests/harness/stop.test.ts: installs the harness's stop signals and,
// with `listening`, a SIGINT listener as Playwright's runner has while a run is under way.
// It prints what each SIGINT listener call saw, and "ready" once it listens.
import { handleStopSignals } from '../../src/runner/stop.ts';

handleStopSignals();
if (process.argv.includes('listening')) {
  process.on('SIGINT', () => console.log(`interrupted, stopped by ${process.env.OCS_STOPPED_BY}`));
}
console.log('ready');
setTimeout(() => console.log('ended by itself'), 3_000);
