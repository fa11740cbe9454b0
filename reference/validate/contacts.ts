import { at, type Check, exactlyOne, int, list, obj, type Obj, str, type StringRule } from './primitives.ts';

/** contactIDs xor contactPersons (spec 2.2, 2.6), each 3 elements at most (spec 8). */
export function contacts(ck: Check, o: Obj, path: string): void {
  const which = exactlyOne(ck, o, path, 'contactIDs', 'contactPersons');
  if (which === 'contactIDs') {
    list(ck, o.contactIDs, at(path, 'contactIDs'), ck.limits.contactIDs, (el, p) => {
      const id = int(ck, el, p, true);
      if (id !== undefined) ck.ref('contact', id, p);
      return id;
    });
  } else if (which === 'contactPersons') {
    list(ck, o.contactPersons, at(path, 'contactPersons'), ck.limits.contactPersons, (el, p) => {
      const person = obj(ck, el, p, true);
      if (person) str(ck, person.name, at(p, 'name'), { required: true });
      return person;
    });
  }
}

/** phoneIDs xor phoneNumbers; the two operations format phoneNumbers[].number differently. */
export function phones(ck: Check, o: Obj, path: string, number: StringRule): void {
  const which = exactlyOne(ck, o, path, 'phoneIDs', 'phoneNumbers');
  if (which === 'phoneIDs') {
    list(ck, o.phoneIDs, at(path, 'phoneIDs'), ck.limits.phoneIDs, (el, p) => {
      const id = int(ck, el, p, true);
      if (id !== undefined) ck.ref('phone', id, p);
      return id;
    });
  } else if (which === 'phoneNumbers') {
    const ext: StringRule = { maxDigits: ck.limits.extDigits, format: { re: /^\d+$/, en: 'digits', ru: 'цифры' } };
    list(ck, o.phoneNumbers, at(path, 'phoneNumbers'), ck.limits.phoneNumbers, (el, p) => {
      const phone = obj(ck, el, p, true);
      if (phone) {
        str(ck, phone.number, at(p, 'number'), { ...number, required: true });
        str(ck, phone.ext, at(p, 'ext'), ext);
      }
      return phone;
    });
  }
}
