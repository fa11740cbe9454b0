import { counteragent } from './counteragent.ts';
import { contacts, phones } from './contacts.ts';
import { problems } from './problems.ts';
import { at, type Check, exactlyOne, int, obj, sent, str, type StringRule } from './primitives.ts';

const RECEIPT_PHONE: StringRule = {
  format: { re: /^\+79\d{9}$/, en: 'in the form +79XXXXXXXXX', ru: '+79XXXXXXXXX' },
};

/** Spec 2.2: the new receiver or the third party of a receiver change. */
export function member(ck: Check, v: unknown, path: string): void {
  const o = obj(ck, v, path, true);
  if (!o) return;
  const which = exactlyOne(ck, o, path, 'counteragentID', 'counteragent');
  if (which === 'counteragentID') {
    const p = at(path, 'counteragentID');
    const id = int(ck, o.counteragentID, p, true);
    if (id !== undefined) ck.ref('counteragent', id, p);
  } else if (which === 'counteragent') {
    counteragent(ck, o.counteragent, at(path, 'counteragent'));
  }
  contacts(ck, o, path);
  // README: the digit limit does not count the leading plus.
  phones(ck, o, path, { maxDigits: ck.limits.receiverPhoneDigits });
  str(ck, o.email, at(path, 'email'), { max: ck.limits.email });
  dataForReceipt(ck, o.dataForReceipt, at(path, 'dataForReceipt'));
}

function dataForReceipt(ck: Check, v: unknown, path: string): void {
  const o = obj(ck, v, path);
  if (!o) return;
  if (!sent(o.phone) && !sent(o.email)) {
    ck.report([at(path, 'phone'), at(path, 'email')], problems.atLeastOne(['phone', 'email']));
    return;
  }
  str(ck, o.phone, at(path, 'phone'), RECEIPT_PHONE);
  str(ck, o.email, at(path, 'email'), { max: ck.limits.receiptEmail });
}
