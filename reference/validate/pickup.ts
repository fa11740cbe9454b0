import { type PickupPlace, pickupAddress } from './address.ts';
import { contacts, phones } from './contacts.ts';
import { problems } from './problems.ts';
import { at, bool, type Check, exactlyOne, int, obj, type Obj, str, type StringRule } from './primitives.ts';

/** What the later stages of a pickup change need from a valid request. */
export interface PickupRequest {
  orderID: string;
  place: { addressID: number } | PickupPlace;
  produceDate: string;
}

const HH_MM: StringRule = { format: { re: /^([01]\d|2[0-3]):[0-5]\d$/, en: 'a time HH:MM', ru: 'ЧЧ:ММ' } };

const DATE: StringRule = { format: { re: /^\d{4}-\d{2}-\d{2}$/, en: 'a date YYYY-MM-DD', ru: 'ГГГГ-ММ-ДД' } };

// Made once, not at each request.
const DATE_REQUIRED: StringRule = { ...DATE, required: true };
const HH_MM_REQUIRED: StringRule = { ...HH_MM, required: true };

/** Spec 2.6 to 2.8; answers what the later stages need when those fields are well formed (`valid` judges the rest). */
export function validatePickup(ck: Check, body: Obj): PickupRequest | undefined {
  const orderID = str(ck, body.orderID, 'orderID', { required: true });
  const variant = str(ck, body.variant, 'variant', { required: true });
  if (variant !== undefined && variant !== 'address') ck.report(['variant'], problems.notIn(['address']));
  const place = newPlace(ck, body);
  const produceDate = calendarDate(ck, body.produce_date, 'produce_date');
  time(ck, body.time, 'time');
  contacts(ck, body, '');
  // Spec 8: 15 characters, the leading plus included.
  phones(ck, body, '', { max: ck.limits.pickupPhoneLength });
  if (orderID === undefined || place === undefined || produceDate === undefined) return undefined;
  return { orderID, place, produceDate };
}

function newPlace(ck: Check, body: Obj): PickupRequest['place'] | undefined {
  const which = exactlyOne(ck, body, '', 'addressID', 'address');
  if (which === 'address') return pickupAddress(ck, body.address, 'address');
  if (which !== 'addressID') return undefined;
  const addressID = int(ck, body.addressID, 'addressID', true);
  if (addressID === undefined) return undefined;
  ck.ref('address', addressID, 'addressID');
  return { addressID };
}

/** A `YYYY-MM-DD` that names a real day (no 2026-02-30). */
function calendarDate(ck: Check, v: unknown, path: string): string | undefined {
  const date = str(ck, v, path, DATE_REQUIRED);
  if (date === undefined) return undefined;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const probe = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years 0-99 as 1900-1999.
  probe.setUTCFullYear(y, m - 1, d);
  if (probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d) return date;
  return ck.report([path], problems.format('a real calendar date', 'существующая календарная дата')) ? undefined : date;
}

/**
 * Spec 2.8: `HH:MM` times; a period starts before it ends, and a break (README) ends no
 * earlier than it starts and lies inside the period, its ends included.
 */
function time(ck: Check, v: unknown, path: string): void {
  const o = obj(ck, v, path, true);
  if (!o) return;
  const start = str(ck, o.worktimeStart, at(path, 'worktimeStart'), HH_MM_REQUIRED);
  const end = str(ck, o.worktimeEnd, at(path, 'worktimeEnd'), HH_MM_REQUIRED);
  const breakStart = str(ck, o.breakStart, at(path, 'breakStart'), HH_MM);
  const breakEnd = str(ck, o.breakEnd, at(path, 'breakEnd'), HH_MM);
  bool(ck, o.exactTime, at(path, 'exactTime'));
  // HH:MM text orders as the times do.
  if (start !== undefined && end !== undefined && start >= end) {
    ck.report([at(path, 'worktimeStart'), at(path, 'worktimeEnd')], problems.order('worktimeStart before worktimeEnd', 'worktimeStart раньше worktimeEnd'));
  }
  if (breakStart === undefined || breakEnd === undefined) return;
  const outside = (start !== undefined && breakStart < start) || (end !== undefined && breakEnd > end);
  if (breakStart > breakEnd || outside) {
    ck.report([at(path, 'breakStart'), at(path, 'breakEnd')], problems.order('a break inside the period, breakStart not after breakEnd', 'перерыв внутри периода, breakStart не позже breakEnd'));
  }
}
