import fc from 'fast-check';
import { oneof, record } from './combinators.ts';
import { contacts, phones, receiptPhone } from './contacts.ts';
import { counteragent } from './counteragent.ts';
import { ifFixtures, type Fixtures } from './fixtures.ts';
import { emailUpTo } from './text.ts';

type Member = Record<string, unknown>;

/** Spec 2.2 and 8: email and dataForReceipt.email, 128 characters at most. */
export const EMAIL_MAX = 128;

/** Spec 2.2: dataForReceipt with phone, email or both (at least one is required). */
const dataForReceipt = oneof(
  record({ phone: receiptPhone }),
  record({ email: emailUpTo(EMAIL_MAX) }),
  record({ phone: receiptPhone, email: emailUpTo(EMAIL_MAX) }),
);

/** Spec 2.2: exactly one of counteragentID (from the profile's address book) or counteragent. */
function party(f: Fixtures): fc.Arbitrary<Member> {
  const ids = f.addressBook?.counteragentIDs;
  const inline = (): fc.Arbitrary<Member> => record({ counteragent: counteragent(f) });
  if (!ids?.length) return inline();
  return oneof(record({ counteragentID: fc.constantFrom(...ids) }), ...ifFixtures(inline));
}

/**
 * Spec 2.2: a member (the new receiver or the third party): one party, one contact list,
 * one phone list, and optional email and dataForReceipt.
 */
export function member(f: Fixtures): fc.Arbitrary<Member> {
  return fc.tuple(
    party(f),
    contacts(f),
    phones(f, 'change_receiver'),
    record({ email: emailUpTo(EMAIL_MAX), dataForReceipt }, { requiredKeys: [] }),
  ).map(([p, c, ph, rest]) => ({ ...p, ...c, ...ph, ...rest }));
}
