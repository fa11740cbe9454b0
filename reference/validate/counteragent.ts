import { juridicalAddress } from './address.ts';
import { problems } from './problems.ts';
import { at, type Check, int, obj, str } from './primitives.ts';

/**
 * Spec 2.3. The legal form decides which of document (individual) or inn and juridicalAddress
 * (legal entity) is required; the fields of the other kind are "used only for" it, so they are
 * ignored. An unknown form is left to the look-up stage (100005).
 */
export function counteragent(ck: Check, v: unknown, path: string): void {
  const o = obj(ck, v, path, true);
  if (!o) return;
  str(ck, o.name, at(path, 'name'), { required: true });
  const form = str(ck, o.form, at(path, 'form'), { required: true });
  if (form === undefined) return;
  ck.ref('legalForm', form, at(path, 'form'));
  const kind = ck.fixtures.legalForms.find((f) => f.uid === form)?.kind;
  if (kind === 'individual') document(ck, o.document, at(path, 'document'));
  if (kind === 'legal') {
    const innPath = at(path, 'inn');
    const inn = int(ck, o.inn, innPath, true);
    if (inn !== undefined && inn <= 0) ck.report([innPath], problems.positive());
    juridicalAddress(ck, o.juridicalAddress, at(path, 'juridicalAddress'));
  }
}

/** README: serial is always required, since the request names no country to exempt. */
function document(ck: Check, v: unknown, path: string): void {
  const o = obj(ck, v, path, true);
  if (!o) return;
  const type = str(ck, o.type, at(path, 'type'), { required: true });
  if (type !== undefined) ck.ref('documentType', type, at(path, 'type'));
  str(ck, o.serial, at(path, 'serial'), { required: true });
  str(ck, o.number, at(path, 'number'), { required: true });
}
