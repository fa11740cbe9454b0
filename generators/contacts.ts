import fc from 'fast-check';
import { oneof, record } from './combinators.ts';
import type { Operation } from '../src/contract/load.ts';
import { need, type Fixtures } from './fixtures.ts';
import { digitsOf, digitsUpTo, personName } from './text.ts';

/** Spec 8: contactIDs, contactPersons, phoneIDs, phoneNumbers hold 3 elements each at most. */
export const MAX_ELEMENTS = 3;

/** 1 to 3 distinct address-book IDs, all from the profile (spec 2.2, 2.6; DESIGN principle 7). */
export const idsFrom = (ids: number[]): fc.Arbitrary<number[]> =>
  fc.shuffledSubarray(ids, { minLength: 1, maxLength: Math.min(MAX_ELEMENTS, ids.length) });

/** Spec 2.2: contactPersons, 1 to 3, each with its required name. */
export const contactPersons = fc.array(record({ name: personName }), { minLength: 1, maxLength: MAX_ELEMENTS });

/** Spec 2.2, 2.6: exactly one of contactIDs or contactPersons. */
export function contacts(f: Fixtures): fc.Arbitrary<Record<string, unknown>> {
  const ids = f.addressBook?.contactIDs;
  return oneof(
    ...(ids?.length ? [record({ contactIDs: idsFrom(ids) })] : []),
    record({ contactPersons }),
  );
}

/** Spec 8: an extension, 5 digits at most. */
const ext = digitsUpTo(1, 5);

/**
 * A phone number. Receiver change (spec 2.2): 15 digits at most; a leading plus is doubtful
 * (contract/assumptions.yaml A-RECEIVER-PHONE-PLUS), so never sent. Pickup change (spec 8):
 * 15 characters at most, a leading plus the only non-digit, sent with and without it.
 */
function phoneNumber(op: Operation): fc.Arbitrary<string> {
  if (op === 'change_receiver') return digitsUpTo(1, 15);
  return oneof(digitsUpTo(1, 15), digitsUpTo(1, 14).map((d) => `+${d}`));
}

/** Spec 2.2, 2.6: a phoneNumbers element, with and without ext. */
export const phone = (op: Operation): fc.Arbitrary<Record<string, string>> =>
  record({ number: phoneNumber(op), ext }, { requiredKeys: ['number'] });

/** Spec 2.2, 2.6: phoneNumbers, 1 to 3. */
export const phoneNumbers = (op: Operation): fc.Arbitrary<Record<string, string>[]> =>
  fc.array(phone(op), { minLength: 1, maxLength: MAX_ELEMENTS });

/** Spec 2.2, 2.6: exactly one of phoneIDs or phoneNumbers. */
export function phones(f: Fixtures, op: Operation): fc.Arbitrary<Record<string, unknown>> {
  const ids = f.addressBook?.phoneIDs;
  return oneof(
    ...(ids?.length ? [record({ phoneIDs: idsFrom(ids) })] : []),
    record({ phoneNumbers: phoneNumbers(op) }),
  );
}

/** Spec 2.2: dataForReceipt.phone, `+79XXXXXXXXX`. */
export const receiptPhone = digitsOf(9).map((d) => `+79${d}`);

/** IDs of an address-book list for a violator that must send them. */
export const bookIDs = (f: Fixtures, list: 'contactIDs' | 'phoneIDs' | 'counteragentIDs'): number[] =>
  need(f.addressBook?.[list], `addressBook.${list}`);
