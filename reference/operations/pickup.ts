import { localTime } from '../clock.ts';
import { refuse } from '../errors.ts';
import type { Fixtures } from '../fixtures.ts';
import { resolveSearch, streetRegion } from '../resolve.ts';
import { type PickupRequest, validatePickup } from '../validate/pickup.ts';
import { Check, type Obj } from '../validate/primitives.ts';
import type { Context, SuccessData } from './context.ts';
import { authenticate, foundAddresses, lookUp, mayChange, valid } from './stages.ts';

/** Spec 2.9: data.information, the conditions under which the change is free of charge. */
const INFORMATION =
  'Изменение адреса, даты и времени отправки бесплатно, если заявка на изменение подана до 16:00 по местному времени рабочего дня, предшествующего дате передачи груза.';

/** Spec 4 rule 4, as the README models it: a weekday, before 16:00 local time. */
const SAME_DAY_CUTOFF_MINUTES = 16 * 60;

/** Change dispatch address/time (spec 2.6 to 2.9), in the README's order of checks. */
export function changePickup(body: Obj, ctx: Context): SuccessData {
  const fx = ctx.fixtures;
  const user = authenticate(body, ctx);
  const ck = new Check(fx, ctx.hooks);
  const req = valid(ck, validatePickup(ck, body));
  const order = lookUp(ck, req.orderID);
  if (!mayChange(user, order, ctx, 'change_pickup')) throw refuse(621002);
  if (order.pickupChange === 'unavailable') throw refuse(621001);
  if (order.pickupFrom === 'terminal') {
    throw refuse(621001, { detail: 'Заказ отправляется от терминала: изменить адрес и время отправки можно только для заказа с забором груза от адреса.' });
  }
  const region = placeRegion(req.place, fx);
  // A place of unknown region got past the look-ups only when a fault skips them: nothing to compare.
  if (region !== undefined && region !== order.region && ctx.hooks.enforces('address sameRegion')) {
    throw refuse(621001, { detail: `Новый адрес находится в другом регионе (${region}), чем исходный адрес отправки (${order.region}).` });
  }
  checkDate(req.produceDate, ctx);
  const found = foundAddresses(ck);
  const data: SuccessData = { state: 'success', information: INFORMATION };
  if (found.length > 0) data.foundAddresses = found;
  return data;
}

function placeRegion(place: PickupRequest['place'], fx: Fixtures): string | undefined {
  if ('addressID' in place) return fx.addressBook.addresses.find((a) => a.id === place.addressID)?.region;
  if ('street' in place) return streetRegion(place.street);
  return resolveSearch(place.search, fx)?.region;
}

function checkDate(produceDate: string, ctx: Context): void {
  const local = localTime(ctx.now(), ctx.fixtures.timeZone);
  if (produceDate < local.date) {
    throw refuse(621001, { detail: `Дата передачи груза ${produceDate} уже прошла.` });
  }
  const weekday = local.weekday <= 5;
  if (produceDate === local.date && !(weekday && local.minutesOfDay < SAME_DAY_CUTOFF_MINUTES)) {
    throw refuse(621001, { detail: 'Передача груза в день оформления возможна только в рабочий день до 16:00 по местному времени.' });
  }
}
