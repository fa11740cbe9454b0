import { parseArgs } from 'node:util';
import { startReference } from './server.ts';

const USAGE = 'usage: reference/cli.ts [--port N] [--now 2026-11-23T09:00:00+03:00]';

function usageError(message: string): never {
  process.stderr.write(`reference: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function options(): { port: number; now?: () => Date } {
  let values: { port?: string; now?: string };
  try {
    ({ values } = parseArgs({ options: { port: { type: 'string' }, now: { type: 'string' } }, strict: true, allowPositionals: false }));
  } catch (err) {
    usageError(err instanceof Error ? err.message : String(err));
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!/^\d+$/.test(values.port ?? '0') || port > 65535) usageError(`--port must be an integer from 0 to 65535, got ${values.port}`);
  if (values.now === undefined) return { port };
  const fixed = new Date(values.now);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(values.now) || Number.isNaN(fixed.getTime())) {
    usageError(`--now must be an ISO 8601 date-time such as 2026-11-23T09:00:00+03:00, got ${values.now}`);
  }
  // A fixed clock: every request sees the same instant, so demos and tests are repeatable.
  return { port, now: () => new Date(fixed) };
}

const ref = await startReference(options());
process.stdout.write(`listening ${ref.url}\n`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    ref.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`reference: ${String(err)}\n`);
        process.exit(1);
      },
    );
  });
}
