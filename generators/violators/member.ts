import fc from 'fast-check';
import { oneof, record } from '../combinators.ts';
import { bookIDs } from '../contacts.ts';
import { counteragent } from '../counteragent.ts';
import { fixturesOf } from '../fixtures.ts';
import { EMAIL_MAX } from '../member.ts';
import { digit, digitsOf, emailOver, textBetween } from '../text.ts';
import { inPhoneNumbers, numberWithOtherChar, withNumber } from './contacts.ts';
import { memberOf, notAnInteger, only, unknownId, violator, whichMember, type Violator, type Which } from './violator.ts';

const receiverOnly = ['change_receiver' as const];
/** Spec 8, past the limit (generators/text.ts). */
const emailPastLimit = emailOver(EMAIL_MAX);

/** Spec 2.2: dataForReceipt.phone in any form but `+79XXXXXXXXX`. */
const badReceiptPhone = oneof(
  fc.tuple(fc.constantFrom('79', '89', '+78', '+7 9', '+79-', '9'), digitsOf(9)).map(([head, d]) => head + d),
  oneof(digitsOf(8), digitsOf(10)).map((d) => `+79${d}`),
);

/** A member's dataForReceipt (kept, or created) with `field` set to a bad value. */
const inReceipt = (rule: string, field: 'phone' | 'email', bad: fc.Arbitrary<string>): Violator => violator({
  rule,
  operations: receiverOnly,
  how: () => fc.tuple(whichMember, bad),
  apply: (r, [which, value]: [Which, string]) => {
    const m = memberOf(r, which);
    m.dataForReceipt = { ...(m.dataForReceipt as object | undefined), [field]: value };
  },
});

/** Spec 2.2: the members of a receiver change (receiver, third). */
export const memberRules: Violator[] = [
  violator({
    rule: 'MBR-COUNTERAGENT-BOTH',
    operations: receiverOnly,
    how: (ctx) => record({ which: whichMember, id: fc.constantFrom(...bookIDs(fixturesOf(ctx.profile), 'counteragentIDs')), counteragent: counteragent(fixturesOf(ctx.profile)) }),
    apply: (r, h: { which: Which; id: number; counteragent: unknown }) => Object.assign(memberOf(r, h.which), { counteragentID: h.id, counteragent: h.counteragent }),
  }),
  violator({
    rule: 'MBR-COUNTERAGENT-NEITHER',
    operations: receiverOnly,
    how: () => whichMember,
    apply: (r, which: Which) => { const m = memberOf(r, which); delete m.counteragentID; delete m.counteragent; },
  }),
  violator({
    rule: 'MBR-COUNTERAGENTID-INTEGER',
    operations: receiverOnly,
    how: (ctx, _op, formats) => fc.tuple(whichMember, notAnInteger(bookIDs(fixturesOf(ctx.profile), 'counteragentIDs')[0]!, formats)),
    apply: (r, [which, bad]: [Which, unknown]) => only(memberOf(r, which), 'counteragentID', bad, 'counteragent'),
  }),
  inPhoneNumbers('MBR-PHONE-NUMBER-MAX', receiverOnly, withNumber(textBetween(digit, 16, 20))),
  inPhoneNumbers('MBR-PHONE-NUMBER-DIGITS', receiverOnly, withNumber(numberWithOtherChar)),
  violator({
    rule: 'MBR-COUNTERAGENTID-KNOWN',
    operations: receiverOnly,
    how: (ctx) => fc.tuple(whichMember, unknownId(ctx, 'counteragentIDs')),
    apply: (r, [which, id]: [Which, number]) => only(memberOf(r, which), 'counteragentID', id, 'counteragent'),
  }),
  violator({
    rule: 'MBR-EMAIL-MAX',
    operations: receiverOnly,
    how: () => fc.tuple(whichMember, emailPastLimit),
    apply: (r, [which, email]: [Which, string]) => { memberOf(r, which).email = email; },
  }),
  violator({
    rule: 'MBR-RECEIPT-PHONE-OR-EMAIL',
    operations: receiverOnly,
    formats: ['json'],
    why: 'an empty dataForReceipt element reads as empty text in XML, not as an object without phone and email',
    how: () => whichMember,
    apply: (r, which: Which) => { memberOf(r, which).dataForReceipt = {}; },
  }),
  inReceipt('MBR-RECEIPT-PHONE-FORMAT', 'phone', badReceiptPhone),
  inReceipt('MBR-RECEIPT-EMAIL-MAX', 'email', emailPastLimit),
];
