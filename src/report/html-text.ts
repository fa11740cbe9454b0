/**
 * What every part of the certificate writes with: HTML escaping, and the colours of the
 * verdicts and outcomes (a tile of the grid, a cell of the matrix, the legend).
 */
import type { Format } from '../contract/load.ts';
import type { RuleRow, RuleVerdict } from './summary-shape.ts';

/** Escapes text for HTML: every character markup could read. */
export const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Escapes text, and shows its `backticked` parts as code. */
export const escCode = (s: string): string => esc(s).replace(/`([^`]*)`/g, '<code>$1</code>');

export const COLOURS: Record<RuleVerdict, string> = { pass: '#1a7f37', fail: '#cf222e', error: '#9a6700', skip: '#6e7781', untested: '#6e7781', recorded: '#0969da' };

/**
 * What a rule shows in one format, as a reader tells it at a glance: a failed SHOULD is a
 * warning, a failure a waiver covers is waived, an INFO rule's check is recorded.
 */
export type Outcome = 'pass' | 'fail' | 'warning' | 'waived' | 'error' | 'skipped' | 'recorded' | 'not-run';

/** Each outcome's name in the legend and its colour, told apart in print and by the colour-blind by lightness too. */
export const OUTCOMES: Record<Outcome, { label: string; colour: string }> = {
  pass: { label: 'pass', colour: '#2da44e' },
  fail: { label: 'fail', colour: '#cf222e' },
  warning: { label: 'SHOULD failed (warning)', colour: '#d4a72c' },
  waived: { label: 'fail, waived', colour: '#8250df' },
  error: { label: 'error', colour: '#7d4e00' },
  skipped: { label: 'skipped', colour: '#8c959f' },
  recorded: { label: 'recorded (INFO)', colour: '#54aeff' },
  'not-run': { label: 'not run', colour: '#eaeef2' },
};

export function outcomeOf(r: Pick<RuleRow, 'level' | 'json' | 'xml' | 'waived'>, f: Format): Outcome {
  const v = r[f];
  if (v === 'fail') return r.waived?.includes(f) ? 'waived' : r.level === 'SHOULD' ? 'warning' : 'fail';
  return v === 'untested' ? 'not-run' : v === 'skip' ? 'skipped' : v;
}
