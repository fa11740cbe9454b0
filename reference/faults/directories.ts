import { errorEntry, Refusal } from '../errors.ts';
import { type Obj, isObj } from '../hooks.ts';
import type { Fault } from './fault.ts';

/** A CLADR street code's form: 17 digits (region, district, city, locality, street, actuality). */
const CLADR_STREET = /^[0-9]{17}$/;


/** The street codes a request carries, with their paths: the pickup address's and each member's legal address's. */
function streets(body: Obj): { field: string; value: string }[] {
  const out: { field: string; value: string }[] = [];
  const take = (field: string, holder: unknown) => {
    const v = isObj(holder) ? holder.street : undefined;
    if (typeof v === 'string' || typeof v === 'number') out.push({ field, value: String(v) });
  };
  take('address.street', body.address);
  for (const which of ['receiver', 'third']) {
    const member = body[which];
    take(`${which}.counteragent.juridicalAddress.street`, isObj(member) && isObj(member.counteragent) ? member.counteragent.juridicalAddress : undefined);
  }
  return out;
}

/**
 * Faults in the directories a service looks values up in. `streets-form-only` is the sandbox of
 * issue 18: its streets directory checks only that a code has the CLADR form, so a well-formed
 * code the directory does not hold is accepted, in the pickup address (PCK-ADDRESS-STREET-KNOWN)
 * and in a legal address (CAG-JADDR-STREET-KNOWN, the rule it is registered with) alike.
 */
export const DIRECTORY_FAULTS: Fault[] = [
  {
    name: 'streets-form-only',
    rule: 'CAG-JADDR-STREET-KNOWN',
    description: 'checks only the form of a street code (17 digits), never the streets directory: accepts a well-formed juridicalAddress.street or address.street it does not hold',
    skips: /^(address|(receiver|third)\.counteragent\.juridicalAddress)\.street unknown$/,
    request: (body) => {
      const malformed = streets(body).filter((s) => !CLADR_STREET.test(s.value));
      if (malformed.length) {
        throw new Refusal(malformed.map((s) => errorEntry(100005, { fields: [s.field], detail: `${s.field}: объект не найден (street ${s.value}).`, message: `${s.field}: not found (street ${s.value}).` })));
      }
      return body;
    },
  },
];
