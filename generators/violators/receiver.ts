import { fixed, notABoolean, violator, type Violator } from './violator.ts';

const receiverOnly = ['change_receiver' as const];

/** Spec 2.1 and 4 rule 3: the receiver change's own top-level fields. */
export const receiver: Violator[] = [
  violator({ rule: 'RCV-RECEIVER-REQUIRED', operations: receiverOnly, how: fixed, apply: (r) => { delete r.receiver; } }),
  violator({ rule: 'RCV-CHANGEORDERPAYER-REQUIRED', operations: receiverOnly, how: fixed, apply: (r) => { delete r.changeOrderPayer; } }),
  violator({
    rule: 'RCV-CHANGEORDERPAYER-BOOLEAN',
    operations: receiverOnly,
    how: (_ctx, _op, formats) => notABoolean(formats),
    apply: (r, bad: unknown) => { r.changeOrderPayer = bad; },
  }),
  // Without storePayer a third member is neither required nor excluded: it goes too.
  violator({ rule: 'RCV-STOREPAYER-REQUIRED', operations: receiverOnly, how: fixed, apply: (r) => { delete r.storePayer; delete r.third; } }),
  violator({
    rule: 'RCV-STOREPAYER-THIRD-REQUIRES-THIRD',
    operations: receiverOnly,
    how: fixed,
    apply: (r) => { r.storePayer = 'third'; delete r.third; },
  }),
];

