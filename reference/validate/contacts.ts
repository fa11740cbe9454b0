import { at, type Check, exactlyOne, int, list, obj, type Obj, type Ref, str, type StringRule } from './primitives.ts';

// Spec 2.6 for the pickup change; the README reads the receiver change's "digits" the same way.
const PHONE_FORMAT: StringRule['format'] = { re: /^\+?\d+$/, en: 'digits with an optional leading plus', ru: 'цифры, допускается ведущий плюс' };

/** contactIDs xor contactPersons (spec 2.2, 2.6), each 3 elements at most (spec 8). */
export function contacts(ck: Check, o: Obj, path: string): void {
  const which = exactlyOne(ck, o, path, 'contactIDs', 'contactPersons');
  if (which === 'contactIDs') bookIDs(ck, o, path, 'contactIDs', 'contact');
  else if (which === 'contactPersons') {
    list(ck, o.contactPersons, at(path, 'contactPersons'), ck.limits.contactPersons, (el, p) => {
      const person = obj(ck, el, p, true);
      if (person) str(ck, person.name, at(p, 'name'), { required: true });
      return person;
    });
  }
}

/**
 * phoneIDs xor phoneNumbers. phoneNumbers[].number is digits with an optional leading plus in
 * both operations; `length` is how each operation limits it (spec 8).
 */
export function phones(ck: Check, o: Obj, path: string, length: StringRule): void {
  const which = exactlyOne(ck, o, path, 'phoneIDs', 'phoneNumbers');
  if (which === 'phoneIDs') bookIDs(ck, o, path, 'phoneIDs', 'phone');
  else if (which === 'phoneNumbers') {
    const number: StringRule = { ...length, format: PHONE_FORMAT, required: true };
    const ext: StringRule = { maxDigits: ck.limits.extDigits, format: { re: /^\d+$/, en: 'digits', ru: 'цифры' } };
    list(ck, o.phoneNumbers, at(path, 'phoneNumbers'), ck.limits.phoneNumbers, (el, p) => {
      const phone = obj(ck, el, p, true);
      if (phone) {
        str(ck, phone.number, at(p, 'number'), number);
        str(ck, phone.ext, at(p, 'ext'), ext);
      }
      return phone;
    });
  }
}

/** Address-book IDs (contactIDs or phoneIDs): integers, at most the key's limit, each looked up. */
function bookIDs(ck: Check, o: Obj, path: string, key: 'contactIDs' | 'phoneIDs', kind: Ref['kind']): void {
  list(ck, o[key], at(path, key), ck.limits[key], (el, p) => {
    const id = int(ck, el, p, true);
    if (id !== undefined) ck.ref(kind, id, p);
    return id;
  });
}
