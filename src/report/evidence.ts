import { variablesMasker } from '../profile/mask.ts';
import { replaySpellings } from '../profile/near-misses.ts';
import type { WireRequest, WireResponse } from '../client/transport.ts';
import { describeFraming } from '../client/framing.ts';
import { describeMessage } from '../client/message-kinds.ts';

/** Single-quotes a string for a POSIX shell. */
export const shq = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * A curl command that sends the same request again. Secrets never appear: each one is
 * replaced by its environment variable, expanded by the shell at replay time, and a near miss of
 * one (src/profile/near-misses.ts) by a shell expression of that variable. A secret that JSON or
 * XML had to escape is masked instead (the variable would expand unescaped).
 */
export function curlLine(req: WireRequest, secrets: Record<string, { value: string; env: string }>): string {
  // The secrets are cut out of the body before it is quoted: quoting would change a secret that
  // holds an apostrophe, and then it would not be found.
  const values = Object.values(secrets).map((s) => s.value).filter(Boolean);
  const known = Object.values(secrets).filter((s) => s.value).flatMap((s) => replaySpellings(s.value, s.env, values)).sort((a, b) => b.value.length - a.value.length);
  const pieces = known.length ? req.body.split(new RegExp(`(${known.map((s) => s.value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`)) : [req.body];
  const quoted = pieces.map((p, i) => (i % 2 ? `"${known.find((s) => s.value === p)!.shell}"` : shq(p))).join('');
  const body = variablesMasker(secrets)(quoted);
  const headers = Object.entries(req.headers).map(([k, v]) => `-H ${shq(`${k}: ${v}`)}`).join(' ');
  return `curl -sS -i -X ${req.method} ${shq(req.url)} ${headers} --data-binary ${body}`;
}

const MAX_BODY = 64 * 1024;

export function describeRequest(req: WireRequest): string {
  const headers = Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`).join('\n');
  // A framing or a message changes the request on the wire: the lines below are what it was made from.
  const sent = req.message ? `(sent as the message ${req.message}: ${describeMessage(req.message)})\n` : req.framing ? `(sent ${req.framing}: ${describeFraming(req.framing)})\n` : '';
  return `${sent}${req.method} ${req.url}\n${headers}\n\n${req.body}`;
}

export function describeResponse(res: WireResponse): string {
  const headers = Object.entries(res.headers).map(([k, v]) => `${k}: ${v}`).join('\n');
  const body = res.body.length > MAX_BODY ? `${res.body.slice(0, MAX_BODY)}\n… (${res.body.length} characters in all)` : res.body;
  // What came before this answer: 1xx heads read past, and a 429 or 503 waited out (issue 33).
  const before = [
    ...(res.pushedBack ? [`(after ${res.pushedBack.statuses.map((s) => `HTTP ${s}`).join(', ')}, waited ${(res.pushedBack.waitedMs / 1000).toFixed(1)} s and sent again)`] : []),
    ...(res.informational ?? []).map((h) => `${h}\n(a 1xx before the answer, read past)`),
  ];
  return `${before.map((b) => `${b}\n\n`).join('')}HTTP ${res.status} (${Math.round(res.ms)} ms)\n${headers}\n\n${body}`;
}
