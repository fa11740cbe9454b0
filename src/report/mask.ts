/**
 * Replaces every occurrence of a secret (appkey, sessionID) with a fixed mask, in any
 * text that leaves the process: reports, logs, attachments, curl lines, error messages.
 * XML escaping and URL/JSON encoding can change how a secret is spelled, so each secret
 * is masked in those spellings too.
 */
export const MASK = '***';

export function masker(secrets: Record<string, string>): (text: string) => string {
  const spellings = new Set<string>();
  for (const secret of Object.values(secrets)) {
    if (!secret) continue;
    spellings.add(secret);
    spellings.add(JSON.stringify(secret).slice(1, -1));
    spellings.add(secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;'));
    spellings.add(encodeURIComponent(secret));
  }
  // Longest first, so a secret that contains another is masked whole.
  const ordered = [...spellings].sort((a, b) => b.length - a.length);
  return (text: string) => ordered.reduce((t, s) => t.split(s).join(MASK), text);
}
