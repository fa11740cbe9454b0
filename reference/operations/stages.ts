import { errorEntry, Refusal, refuse } from '../errors.ts';
import type { Fixtures, Order } from '../fixtures.ts';
import { resolveSearch } from '../resolve.ts';
import { type Check, type Obj, type Ref, sent } from '../validate/primitives.ts';
import type { Context } from './context.ts';

/** One found address of a success body (spec 2.5). */
export interface FoundAddress {
  field: string;
  source: string;
  result: string;
}

/** Whom a request acts for: a session's user, or anyone when the session check is skipped (a fault). */
export type User = string | typeof ANYONE;
const ANYONE = Symbol('anyone');

/** Spec 5: an appkey the service issued and a session it knows; answers the session's user. */
export function authenticate(body: Obj, ctx: Context): User {
  const fx = ctx.fixtures;
  const { appkey, sessionID } = body;
  const user = typeof sessionID === 'string' && Object.hasOwn(fx.sessions, sessionID) ? fx.sessions[sessionID] : undefined;
  const fields: string[] = [];
  if (broken(ctx, 'appkey', appkey, typeof appkey === 'string' && fx.appkeys.includes(appkey))) fields.push('appkey');
  if (broken(ctx, 'sessionID', sessionID, user !== undefined)) fields.push('sessionID');
  if (fields.length > 0) throw refuse(100002, { fields });
  return user ?? ANYONE;
}

/** An authentication field the service does not know, missing or unknown, when it makes that check. */
function broken(ctx: Context, field: string, v: unknown, known: boolean): boolean {
  return !known && ctx.hooks.enforces(`${field} ${sent(v) ? 'unknown' : 'missing'}`);
}

/**
 * Spec 5: a user may change only their own orders. The owner check is a named check per
 * operation (`change_receiver access`, `change_pickup access`: reference/hooks.ts).
 */
export function mayChange(user: User, order: Order, ctx: Context, op: 'change_receiver' | 'change_pickup'): boolean {
  return user === ANYONE || order.owner === user || !ctx.hooks.enforces(`${op} access`);
}

/** The validation stage's verdict: every broken field at once, or the validated value. */
export function valid<T>(ck: Check, value: T | undefined): T {
  if (ck.issues.length === 0) {
    if (value === undefined) throw new Error('validation passed without a value');
    return value;
  }
  throw new Refusal(
    ck.issues.map(({ fields, problem }) =>
      errorEntry(100001, {
        fields,
        detail: `${fields.join(', ')}: ${problem.ru}`,
        message: `${fields.join(', ')}: ${problem.en}`,
      }),
    ),
  );
}

/** The look-up stage: the order and every reference of the request must exist (100005). */
export function lookUp(ck: Check, orderID: string): Order {
  const fx = ck.fixtures;
  const order = fx.orders.find((o) => o.id === orderID);
  const missing: { field: string; what: string }[] = [];
  if (!order) missing.push({ field: 'orderID', what: `order ${orderID}` });
  for (const ref of ck.refs) {
    // A look-up is a named check too (reference/hooks.ts): `<field> unknown`, indexes as `[]`.
    if (!exists(ref, fx) && ck.hooks.enforces(`${ref.field.replace(/\[\d+\]/g, '[]')} unknown`)) missing.push({ field: ref.field, what: `${ref.kind} ${ref.value}` });
  }
  if (order && missing.length === 0) return order;
  throw new Refusal(
    missing.map(({ field, what }) =>
      errorEntry(100005, {
        fields: [field],
        detail: `${field}: объект не найден (${what}).`,
        message: `${field}: not found (${what}).`,
      }),
    ),
  );
}

function exists(ref: Ref, fx: Fixtures): boolean {
  const book = fx.addressBook;
  switch (ref.kind) {
    case 'counteragent':
      return book.counteragents.includes(ref.value as number);
    case 'contact':
      return book.contacts.includes(ref.value as number);
    case 'phone':
      return book.phones.includes(ref.value as number);
    case 'address':
      return book.addresses.some((a) => a.id === ref.value);
    case 'legalForm':
      return fx.legalForms.some((f) => f.uid === ref.value);
    case 'documentType':
      return fx.documentTypes.includes(ref.value as string);
    case 'street':
      return fx.streets.includes(ref.value as string);
    case 'search':
      return resolveSearch(ref.value as string, fx) !== undefined;
  }
}

/** README: every search is answered, resolved where the service can and echoed otherwise. */
export function foundAddresses(ck: Check): FoundAddress[] {
  return ck.searches.map(({ field, source }) => ({
    field,
    source,
    result: resolveSearch(source, ck.fixtures)?.result ?? source,
  }));
}
