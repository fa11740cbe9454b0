import { at, type Check, exactlyOne, int, list, obj, type Obj, str, type StringRule } from './primitives.ts';

/** Spec 8: contactIDs, contactPersons, phoneIDs, phoneNumbers hold 3 elements each at most. */
const MAX_ELEMENTS = 3;

const EXT: StringRule = { format: { re: /^\d{1,5}$/, en: '1 to 5 digits', ru: 'от 1 до 5 цифр' } };

/** contactIDs xor contactPersons (spec 2.2, 2.6). */
export function contacts(ck: Check, o: Obj, path: string): void {
  const which = exactlyOne(ck, o, path, 'contactIDs', 'contactPersons');
  if (which === 'contactIDs') {
    list(ck, o.contactIDs, at(path, 'contactIDs'), MAX_ELEMENTS, (el, p) => {
      const id = int(ck, el, p, true);
      if (id !== undefined) ck.ref('contact', id, p);
      return id;
    });
  } else if (which === 'contactPersons') {
    list(ck, o.contactPersons, at(path, 'contactPersons'), MAX_ELEMENTS, (el, p) => {
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
    list(ck, o.phoneIDs, at(path, 'phoneIDs'), MAX_ELEMENTS, (el, p) => {
      const id = int(ck, el, p, true);
      if (id !== undefined) ck.ref('phone', id, p);
      return id;
    });
  } else if (which === 'phoneNumbers') {
    list(ck, o.phoneNumbers, at(path, 'phoneNumbers'), MAX_ELEMENTS, (el, p) => {
      const phone = obj(ck, el, p, true);
      if (phone) {
        str(ck, phone.number, at(p, 'number'), { ...number, required: true });
        str(ck, phone.ext, at(p, 'ext'), EXT);
      }
      return phone;
    });
  }
}
