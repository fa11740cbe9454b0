/**
 * The catalogues of text edges as arbitraries (contract/edges/text.yaml, free-text.yaml), so the
 * generated requests draw every entry: generators/text.ts mixes them into names, searches, house
 * parts and e-mails, and generators/maxima.ts fills limits with them.
 */
import fc from 'fast-check';
import { fitting, limitEdges, type Fit } from '../src/contract/text-edges.ts';

/** A free-text entry that fits `fit` (issue 32, method 1b); whole values too where `wholeToo`. */
export const freeTextEntry = (fit: Fit, wholeToo = false): fc.Arbitrary<string> =>
  fc.constantFrom(...fitting(fit, wholeToo).map((e) => e.text));

/** One to three entries that fit `fit`, joined as a name or a remark holds them. */
export const freeTextEntries = (fit: Fit): fc.Arbitrary<string> =>
  fc.array(freeTextEntry(fit), { minLength: 1, maxLength: 3 }).map((texts) => texts.join(' '));

/**
 * The characters a value at its limit is counted differently by (issue 32, method 1a): one code
 * point each, one grapheme cluster each and in NFC already, but longer in UTF-16 units, UTF-8
 * bytes, NFD or NFKC.
 */
export const AT_LIMIT_UNITS: readonly string[] = limitEdges('at').map((e) => e.text);
