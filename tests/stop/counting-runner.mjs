// Stands in for Playwright's runner while it stops: says it is up (COUNT_FILE.started), counts the SIGTERMs it gets (and, as the
// runner does once a stop is under way, lives on through them), writes the count and a summary
// after `ms`, and ends.
import { writeFileSync } from 'node:fs';

const [countFile, summaryFile, ms] = process.argv.slice(2);
let sigterms = 0;
writeFileSync(`${countFile}.started`, '');
process.on('SIGTERM', () => { sigterms++; });
setTimeout(() => {
  writeFileSync(summaryFile, '{}');
  writeFileSync(countFile, String(sigterms));
}, Number(ms));
