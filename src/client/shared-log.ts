import { appendFileSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A list of lines every worker process of a run sees: kept in the file an environment
 * variable names (Playwright workers share no memory, and a worker is replaced after each
 * failed test), or in memory when the variable is unset. Concurrent appends may interleave
 * by a line or so; the counters built on it are caps, not ledgers.
 */
export interface SharedLog { lines(): string[]; append(line: string): void; clear(): void }

export function sharedLog(envVar: string): SharedLog {
  let memory: string[] = [];
  const file = (): string | undefined => process.env[envVar];
  return {
    lines() {
      const f = file();
      if (!f) return memory;
      // Read before every request (the breaker): an absent file, the usual case, is told by a
      // stat that throws nothing, not by a failed read, whose error cost more than the request.
      if (!statSync(f, { throwIfNoEntry: false })) return [];
      try { return readFileSync(f, 'utf8').split('\n').filter(Boolean); } catch { return []; }
    },
    append(line) {
      const f = file();
      const clean = line.replace(/\n/g, ' ');
      if (!f) { memory = [...memory, clean]; return; }
      mkdirSync(dirname(f), { recursive: true });
      appendFileSync(f, `${clean}\n`);
    },
    clear() {
      const f = file();
      if (!f) memory = [];
      else rmSync(f, { force: true });
    },
  };
}
