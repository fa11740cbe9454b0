import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { FAULTS, findDelay, findFault, UnknownFault } from './faults.ts';
import { DELAYS } from './faults/delays.ts';
import { MODES, modesOfEnv, servingIn, UnknownMode } from './modes.ts';
import { startReference, type ReferenceOptions } from './server.ts';

const USAGE = 'usage: reference/cli.ts [--port N] [--now 2026-11-23T09:00:00+03:00 | --offset=SECONDS] [--fault NAME | --list-faults] [--mode NAME[=N] … | --list-modes]\n'
  + '         [--tls-cert FILE --tls-key FILE [--tls-ca FILE]]\n'
  + '  --now fixes the clock at an instant; --offset=SECONDS runs it SECONDS ahead of this machine\'s\n'
  + '  (negative: behind, as --offset=-3600; with a space, a negative value reads as an option and is refused)\n'
  + '  --fault NAME (or OCS_REFERENCE_FAULT=NAME) serves with one named deviation from the spec\n'
  + '  --mode NAME[=N], repeated (or OCS_REFERENCE_MODE=NAME[=N],…), serves in conformant operating modes (a rate limit, load shed, 1xx heads, …)\n'
  + '  --tls-cert and --tls-key (PEM) serve over https; --tls-ca FILE then asks every client for a certificate that CA issued';

function usageError(message: string): never {
  process.stderr.write(`reference: ${message}\n${USAGE}\n`);
  process.exit(2);
}

interface Options { port: number; now?: () => Date; fault?: string; modes: string[]; tls?: ReferenceOptions['tls'] }

function options(): Options | 'list' | 'list-modes' {
  let values: {
    port?: string; now?: string; offset?: string; fault?: string; mode?: string[]; 'list-faults'?: boolean; 'list-modes'?: boolean;
    'tls-cert'?: string; 'tls-key'?: string; 'tls-ca'?: string;
  };
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' }, now: { type: 'string' }, offset: { type: 'string' }, fault: { type: 'string' }, 'list-faults': { type: 'boolean' },
        mode: { type: 'string', multiple: true }, 'list-modes': { type: 'boolean' },
        'tls-cert': { type: 'string' }, 'tls-key': { type: 'string' }, 'tls-ca': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    usageError(err instanceof Error ? err.message : String(err));
  }
  if (values['list-faults']) return 'list';
  if (values['list-modes']) return 'list-modes';
  const modes = values.mode ?? modesOfEnv();
  try {
    servingIn(modes);
  } catch (err) {
    if (err instanceof UnknownMode) usageError(err.message);
    throw err;
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!/^\d+$/.test(values.port ?? '0') || port > 65535) usageError(`--port must be an integer from 0 to 65535, got ${values.port}`);
  const fault = values.fault ?? (process.env.OCS_REFERENCE_FAULT || undefined);
  if (fault !== undefined) {
    try {
      if (!findDelay(fault)) findFault(fault);
    } catch (err) {
      if (err instanceof UnknownFault) usageError(err.message);
      throw err;
    }
  }
  const tls = tlsOf(values);
  if (values.offset !== undefined) {
    if (values.now !== undefined) usageError('give --now or --offset, not both');
    if (!/^-?\d+$/.test(values.offset)) usageError(`--offset must be a whole number of seconds, got ${values.offset}`);
    const ms = Number(values.offset) * 1000;
    // A moving clock ahead of or behind this machine's, as a vendor sandbox's may be (docs/target-clock.md).
    return { port, fault, modes, tls, now: () => new Date(Date.now() + ms) };
  }
  if (values.now === undefined) return { port, fault, modes, tls };
  const fixed = new Date(values.now);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(values.now) || Number.isNaN(fixed.getTime())) {
    usageError(`--now must be an ISO 8601 date-time such as 2026-11-23T09:00:00+03:00, got ${values.now}`);
  }
  // A fixed clock: every request sees the same instant, so demos and tests are repeatable.
  return { port, fault, modes, tls, now: () => new Date(fixed) };
}

/** The certificate, key and client CA the reference serves https with, read from their files. */
function tlsOf(values: { 'tls-cert'?: string; 'tls-key'?: string; 'tls-ca'?: string }): ReferenceOptions['tls'] {
  const { 'tls-cert': cert, 'tls-key': key, 'tls-ca': ca } = values;
  if (cert === undefined && key === undefined && ca === undefined) return undefined;
  if (cert === undefined || key === undefined) usageError('--tls-cert and --tls-key go together (and --tls-ca needs both)');
  const read = (option: string, file: string): Buffer => {
    try {
      return readFileSync(file);
    } catch (err) {
      return usageError(`${option}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
    }
  };
  return { cert: read('--tls-cert', cert), key: read('--tls-key', key), ...(ca === undefined ? {} : { ca: read('--tls-ca', ca) }) };
}

function listFaults(): void {
  const name = Math.max(...FAULTS.map((f) => f.name.length));
  const rule = Math.max(...FAULTS.map((f) => f.rule.length));
  process.stdout.write(FAULTS.map((f) => `${f.name.padEnd(name)}  ${f.rule.padEnd(rule)}  ${f.description}\n`).join(''));
  // After the faults, with no rule to blame: a delay breaks none (reference/faults/delays.ts).
  process.stdout.write(DELAYS.map((d) => `${d.name.padEnd(name)}  ${'(delay)'.padEnd(rule)}  ${d.description}\n`).join(''));
}

function listModes(): void {
  const name = Math.max(...MODES.map((m) => `${m.name}${m.defaultValue === undefined ? '' : '=N'}`.length));
  process.stdout.write(MODES.map((m) => `${`${m.name}${m.defaultValue === undefined ? '' : '=N'}`.padEnd(name)}  ${m.description}${m.defaultValue === undefined ? '' : ` (N: ${m.defaultValue} unless given)`}\n`).join(''));
}

async function serve(opts: Options): Promise<void> {
  const ref = await startReference(opts);
  process.stdout.write(`listening ${ref.url}\n`);
  if (opts.tls?.ca) process.stderr.write('reference: serving https; every client must present a certificate the CA of --tls-ca issued\n');
  if (opts.modes.length) process.stderr.write(`reference: serving in the modes ${opts.modes.join(', ')}\n`);
  const delay = opts.fault === undefined ? undefined : findDelay(opts.fault);
  if (delay) process.stderr.write(`reference: serving with the delay ${delay.name}: it ${delay.description}\n`);
  else if (opts.fault) {
    const f = findFault(opts.fault);
    process.stderr.write(`reference: serving with the fault ${f.name} (${f.rule}): it ${f.description}\n`);
  }
  const stop = (): void => {
    ref.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`reference: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, stop);
  // Started by `ocs-conformance run` (bin/launch.js): its stdin is a pipe the launcher and the
  // run's runner hold; once both are gone, however they ended, nothing else would stop it.
  if (process.env.OCS_REFERENCE_LIFELINE === 'stdin') process.stdin.once('end', stop).resume();
}

const opts = options();
if (opts === 'list') listFaults();
else if (opts === 'list-modes') listModes();
else await serve(opts);
