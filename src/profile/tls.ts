import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createSecureContext } from 'node:tls';
import { opensslReason, TlsMaterial, type TargetTls } from '../client/tls.ts';
import type { EnvRef } from './identities.ts';

/**
 * The profile's `tls` key (docs/profiles.md): files named relative to the profile's folder, the
 * passphrase of the client key (an encrypted PEM key or a PKCS#12 file) in an environment variable.
 */
export interface TlsKeys { ca?: string; cert?: string; key?: string; pfx?: string; passphrase?: EnvRef; servername?: string }

const FILE_KEYS = ['ca', 'cert', 'key', 'pfx'] as const;

/**
 * Reads the files the profile's `tls` names and tries them together as Node would connect with
 * them, so a missing file, a wrong passphrase or a key that is not the certificate's stops the
 * run before anything is sent, naming the key. `placeholders` (a dry run, which connects
 * nowhere) lets a passphrase's variable be unset. `fail` gets each problem: the messages name
 * files and variables, never what they hold.
 */
export function loadTls(file: string, keys: TlsKeys | undefined, env: NodeJS.ProcessEnv, placeholders: boolean, fail: (problem: string) => never): TlsMaterial | undefined {
  if (!keys) return undefined;
  if (keys.pfx !== undefined && keys.cert !== undefined) fail(`${file}: key tls: give cert and key (PEM) or pfx (PKCS#12), not both`);
  const options: TargetTls = {};
  for (const name of FILE_KEYS) {
    const path = keys[name];
    if (path === undefined) continue;
    const at = resolve(dirname(file), path);
    try {
      options[name] = readFileSync(at);
    } catch (err) {
      fail(`${file}: key tls.${name}: cannot read ${at} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  }
  if (keys.servername !== undefined) options.servername = keys.servername;
  if (keys.passphrase) {
    const passphrase = env[keys.passphrase.env];
    if (passphrase === undefined || passphrase === '') {
      if (placeholders) return new TlsMaterial(options, named(keys));
      fail(`${file}: key tls.passphrase: environment variable ${keys.passphrase.env} is not set`);
    }
    options.passphrase = passphrase;
  }
  try {
    createSecureContext(options);
  } catch (err) {
    const which = keys.pfx !== undefined ? 'tls.pfx' : keys.cert !== undefined ? 'tls.cert and tls.key' : 'tls.ca';
    fail(`${file}: key ${which}${keys.passphrase ? ' (with tls.passphrase)' : ''}: Node cannot use the files for TLS: ${opensslReason((err as Error).message)}`);
  }
  return new TlsMaterial(options, named(keys));
}

const named = (keys: TlsKeys): string[] => Object.keys(keys).map((k) => `tls.${k}`);
