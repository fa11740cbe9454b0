// What tests/e2e/browser.test.ts measures on a certificate's page: the outcome each tile must show,
// what runs off the window or a cell, and the rows that hold what should sit one click away.
import type { Page } from '@playwright/test';
import type { Format } from '../../src/contract/load.ts';
import type { RuleRow } from '../../src/report/summary.ts';

/** The outcome a rule's tile must show in a format, read from summary.json as the legend names them. */
export function expectedOutcome(r: RuleRow, f: Format): string {
  const v = r[f];
  if (v === 'fail') return r.waived?.includes(f) ? 'waived' : r.level === 'SHOULD' ? 'warning' : 'fail';
  return { pass: 'pass', error: 'error', skip: 'skipped', untested: 'not-run', recorded: 'recorded' }[v];
}

/** Everything that reaches past `width`, or past the cell it sits in: what a reader would scroll sideways to see. */
export const overflowing = (page: Page, width: number): Promise<string[]> => page.evaluate((w) => [
  ...(document.documentElement.scrollWidth > w ? [`the page is ${document.documentElement.scrollWidth} pixels wide`] : []),
  ...[...document.querySelectorAll('td, th')].filter((c) => c.scrollWidth > c.clientWidth + 1)
    .map((c) => `a cell ${c.scrollWidth} pixels wide in ${c.clientWidth}: ${(c.textContent ?? '').slice(0, 80)}`),
], width);

/**
 * A row taller than this holds what should sit one click away: cells wrap, so a long body never
 * widens the page, but it would lengthen its row to screens. The tallest row measured (an open
 * point with its error body's words) is 214 pixels.
 */
export const MAX_ROW_PX = 320;

/** Every table row taller than MAX_ROW_PX with its <details> closed, and the tables holding rows of the safety probes and open points. */
export const tallRows = (page: Page): Promise<string[]> => page.evaluate((max) => [...document.querySelectorAll('tbody tr')]
  .filter((r) => r.getBoundingClientRect().height > max)
  .map((r) => `a row of #${r.closest('table')!.id} ${Math.round(r.getBoundingClientRect().height)} pixels tall: ${(r.textContent ?? '').slice(0, 80)}`), MAX_ROW_PX);
