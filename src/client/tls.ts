import type { Socket } from 'node:net';
import type { ConnectionOptions, TLSSocket } from 'node:tls';
import { createRequire } from 'node:module';
import { inspect } from 'node:util';
import type { buildConnector } from 'undici';

/** What a connection to an https target is made with: the profile's `tls` keys, their files read (src/profile/tls.ts). */
export type TargetTls = Pick<ConnectionOptions, 'ca' | 'cert' | 'key' | 'pfx' | 'passphrase' | 'servername'>;

/**
 * The TLS options a run connects with, holding a private key and its passphrase: printed or
 * turned into JSON it shows only which profile keys it came from, so no log, report or
 * serialised profile can carry the files' contents.
 */
export class TlsMaterial {
  readonly #options: TargetTls;

  constructor(options: TargetTls, readonly keys: string[]) {
    this.#options = options;
  }

  options(): TargetTls {
    return this.#options;
  }

  toJSON(): string {
    return `[TLS material of the profile keys ${this.keys.join(', ')}]`;
  }

  [inspect.custom](): string {
    return this.toJSON();
  }
}

/** TLS errors met on a connection after its handshake (a TLS 1.3 alert): undici reports the close that follows, not the alert. */
const alerts = new WeakMap<Socket, Error>();

/** The TLS error a connection met, if any: the reason a request on it failed, whatever its client said. */
export const tlsErrorOn = (socket: Socket | undefined): Error | undefined => (socket ? alerts.get(socket) : undefined);

/**
 * undici's connector with the profile's TLS options, the profile's server name winning over the
 * one undici takes from a request's Host (SNI and the certificate's check both use it), and
 * every TLS error a connection meets kept for tlsErrorOn.
 */
export function targetConnector(tls: TargetTls = {}): buildConnector.connector {
  // undici loaded here, not as this module loads: the check of a run's inputs (src/profile/tls.ts)
  // takes TlsMaterial from this module and connects nowhere (undici cost it about a third of its start).
  const connect = (createRequire(import.meta.url)('undici') as typeof import('undici')).buildConnector({ ...tls });
  return (opts, callback) => connect({ ...opts, ...(tls.servername ? { servername: tls.servername } : {}) }, (err, socket) => {
    if (socket) {
      socket.on('error', (e: Error) => {
        if (tlsReason(e) && !alerts.has(socket)) alerts.set(socket, e);
      });
    }
    (callback as (e: Error | null, s: Socket | null) => void)(err, socket as Socket | null);
  });
}

/** Node's codes of a server certificate it does not trust (its verify error names). */
const UNTRUSTED = /^(SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(_LOCALLY)?|CERT_UNTRUSTED|CERT_SIGNATURE_FAILURE|INVALID_CA)$/;

const CLIENT_KEYS = 'set the profile\'s tls.cert and tls.key (PEM files) or tls.pfx (PKCS#12, with tls.passphrase)';

/** What to set in the profile for each kind of certificate problem. */
const HINTS: [RegExp, string][] = [
  [UNTRUSTED, 'the target\'s certificate is not issued by a CA this machine trusts: set the profile\'s tls.ca to the CA bundle (PEM) that issued it'],
  [/^ERR_TLS_CERT_ALTNAME_INVALID$/, 'the target\'s certificate does not name the host of the base URL: set the profile\'s tls.servername to a name it carries'],
  [/^CERT_(HAS_EXPIRED|NOT_YET_VALID)$/, 'the target\'s certificate is outside its validity period: no profile key fixes that, the target must renew it'],
  [/^ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED$/, `the target asks for a client certificate: ${CLIENT_KEYS}`],
  // TLS 1.2 says no more than this, whether the certificate was missing or no cipher was shared.
  [/^ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE$/, `if the target asks for a client certificate: ${CLIENT_KEYS}`],
  [/^ERR_SSL_(TLSV1_ALERT_UNKNOWN_CA|SSLV3_ALERT_BAD_CERTIFICATE|SSLV3_ALERT_CERTIFICATE_UNKNOWN|TLSV1_ALERT_ACCESS_DENIED|SSLV3_ALERT_CERTIFICATE_(EXPIRED|REVOKED|UNSUPPORTED))$/,
    'the target refuses the client certificate: set the profile\'s tls.cert and tls.key, or tls.pfx, to one the target\'s CA issued and the target accepts'],
];

/**
 * A TLS failure said as the reason and the profile key that fixes it, or undefined when `err` is
 * no TLS failure.
 */
export function tlsReason(err: Error & { code?: string }): string | undefined {
  const code = err.code ?? '';
  const hint = HINTS.find(([codes]) => codes.test(code))?.[1];
  if (!hint && !code.startsWith('ERR_SSL_')) return undefined;
  return `TLS: ${opensslReason(err.message)} (${code})${hint ? `; ${hint}` : ''}`;
}

/** OpenSSL's messages carry an error number, a function and a source line: the reason alone. */
export const opensslReason = (message: string): string => /routines:[^:]*:([^:\n]+)/.exec(message)?.[1] ?? message.split('\n')[0]!;

/**
 * A fresh TLS connection the target closed before any byte of an answer: how a server that checks
 * the client's certificate after a TLS 1.3 handshake may refuse it without an alert (Node's
 * does), so no TLS reason comes. The words for it, or undefined for any other connection.
 */
export function closedAfterHandshake(socket: Socket | undefined, reused: boolean | undefined, received: unknown, err: { code?: string }): string | undefined {
  if (!(socket as TLSSocket | undefined)?.encrypted || reused || received !== undefined || err.code !== 'UND_ERR_SOCKET') return undefined;
  return 'the target closed the TLS connection before answering: if it checks client certificates, it may refuse the one of the profile\'s tls.cert or tls.pfx, or want one there';
}
