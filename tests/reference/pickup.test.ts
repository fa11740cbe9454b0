// Change pickup (spec 2.6 to 2.8, 4 rule 5): required fields, variant, date and time
// formats, the address combinations, types and the same-region rule.
import { describe } from 'node:test';
import {
  type Case, type Format, type Json, ADDRESS, COORDS, ORDER, STREET, invalid, notFound, pickupRequest, runCases,
  useReference, withPatch,
} from './helpers.ts';

const ref = useReference();
const op = 'change_pickup';
const patched = (patch: Record<string, unknown>) => () => withPatch(pickupRequest(), patch);
const make = (name: string, patch: Record<string, unknown>, expect: Case['expect']): Case => ({ name, op, request: patched(patch), expect });
const at = (address: Json, patch: Record<string, unknown> = {}) => ({ addressID: undefined, address, ...patch });
const refused: Case['expect'] = { code: 621001 };

describe('change pickup: required fields and variant', () => {
  runCases(ref, [
    make('a request of address-book IDs is accepted', {}, 'ok'),
    ...['orderID', 'variant', 'produce_date', 'time', 'time.worktimeStart', 'time.worktimeEnd'].map((field) =>
      make(`a request without ${field} is rejected`, { [field]: undefined }, invalid(field))),
    make('a contact person without a name is rejected', { contactIDs: undefined, contactPersons: [{ name: '' }] }, invalid('contactPersons[].name')),
    make('a phone entry without number is rejected', { phoneIDs: undefined, phoneNumbers: [{ ext: '12' }] }, invalid('phoneNumbers[].number')),
    make('variant "terminal" is rejected', { variant: 'terminal' }, invalid('variant')),
    make('an empty variant counts as missing', { variant: '' }, invalid('variant')),
  ]);
});

describe('change pickup: date and time formats', () => {
  runCases(ref, [
    make('a produce_date of YYYY-MM-DD is accepted', { produce_date: '2026-12-01' }, 'ok'),
    make('a produce_date of month 13 is rejected', { produce_date: '2026-13-01' }, invalid('produce_date')),
    make('a produce_date of DD.MM.YYYY is rejected', { produce_date: '23.11.2026' }, invalid('produce_date')),
    make('a produce_date with a time part is rejected', { produce_date: '2026-11-24T10:00' }, invalid('produce_date')),
    ...['worktimeStart', 'worktimeEnd', 'breakStart', 'breakEnd'].flatMap((field) => {
      const path = `time.${field}`;
      // The whole day, so a time at either end of it keeps the window and its break in order.
      const day = { 'time.worktimeStart': '00:00', 'time.worktimeEnd': '23:59' };
      const other = field.startsWith('break') ? { ...day, 'time.breakStart': '00:00', 'time.breakEnd': '23:59' } : day;
      const first = field.endsWith('Start') ? '00:00' : '00:01';
      const last = field.endsWith('End') ? '23:59' : '23:58';
      return [
        make(`${field} ${first} is accepted`, { ...other, [path]: first }, 'ok'),
        make(`${field} ${last} is accepted`, { ...other, [path]: last }, 'ok'),
        make(`${field} 24:00 is rejected`, { ...other, [path]: '24:00' }, invalid(path)),
        make(`${field} 9:00 is rejected`, { ...other, [path]: '9:00' }, invalid(path)),
        make(`${field} 12:60 is rejected`, { ...other, [path]: '12:60' }, invalid(path)),
      ];
    }),
    make('a time window with a break is accepted', { 'time.breakStart': '13:00', 'time.breakEnd': '14:00' }, 'ok'),
    make('a time window ending before it starts is rejected', { time: { worktimeStart: '18:00', worktimeEnd: '09:00' } }, invalid(['time.worktimeStart', 'time.worktimeEnd'])),
    make('a time window ending as it starts is rejected', { time: { worktimeStart: '12:00', worktimeEnd: '12:00' } }, invalid(['time.worktimeStart', 'time.worktimeEnd'])),
    make('a break at the window\'s very ends is accepted', { 'time.breakStart': '09:00', 'time.breakEnd': '18:00' }, 'ok'),
    make('a break of no length is accepted', { 'time.breakStart': '13:00', 'time.breakEnd': '13:00' }, 'ok'),
    make('a break ending before it starts is rejected', { 'time.breakStart': '14:00', 'time.breakEnd': '13:00' }, invalid(['time.breakStart', 'time.breakEnd'])),
    make('a break starting before the window is rejected', { 'time.breakStart': '08:00', 'time.breakEnd': '10:00' }, invalid(['time.breakStart', 'time.breakEnd'])),
    make('a break ending after the window is rejected', { 'time.breakStart': '17:00', 'time.breakEnd': '19:00' }, invalid(['time.breakStart', 'time.breakEnd'])),
    make('half a break is accepted (both ends are optional)', { 'time.breakStart': '13:00' }, 'ok'),
    make('exactTime true is accepted', { 'time.exactTime': true }, 'ok'),
    make('exactTime false is accepted', { 'time.exactTime': false }, 'ok'),
    make('exactTime "yes" is rejected', { 'time.exactTime': 'yes' }, invalid('time.exactTime')),
    { ...make('exactTime 1 is rejected', { 'time.exactTime': 1 }, invalid('time.exactTime')), only: 'json' },
  ]);
});

describe('change pickup: address combinations', () => {
  const street = { street: STREET.moscow, house: '12А' };
  runCases(ref, [
    make('a text search alone is accepted', at({ search: 'Москва, ул. Тверская, д. 1' }), 'ok'),
    make('a text search with the г. prefix is accepted', at({ search: 'г. Москва, ул. Тверская, д. 1' }), 'ok'),
    make('a coordinate search alone is accepted', at({ search: COORDS.moscow }), 'ok'),
    make('street and house are accepted', at(street), 'ok'),
    make('a street without house is rejected', at({ street: STREET.moscow }), invalid('address.house')),
    make('a house without street is rejected', at({ house: '1' }), invalid('address.street')),
    make('building with a search is rejected', at({ search: 'Москва, ул. Тверская, д. 1', building: '2' }), invalid('address.building')),
    make('structure with a search is rejected', at({ search: 'Москва, ул. Тверская, д. 1', structure: '3' }), invalid('address.structure')),
    make('building and structure with street and house are accepted', at({ ...street, building: '2', structure: '3' }), 'ok'),
    make('flat with a coordinate search is accepted', at({ search: COORDS.moscow, flat: '15' }), 'ok'),
    make('flat with a text search is rejected', at({ search: 'Москва, ул. Тверская, д. 1', flat: '15' }), invalid('address.flat')),
    make('flat with street and house is accepted', at({ ...street, flat: '15' }), 'ok'),
    make('a search together with street and house is accepted', at({ search: 'Москва, ул. Тверская, д. 1', ...street }), 'ok'),
    make('an empty address object is rejected', at({}), invalid(['address', 'address.search', 'address.street', 'address.house'])),
    make('an unknown street is not found', at({ street: STREET.unknown, house: '1' }), notFound),
    make('a search naming no known city is not found', at({ search: 'Тмутаракань, ул. Ленина, 1' }), notFound),
    make('coordinates outside every region are not found', at({ search: COORDS.nowhere }), notFound),
    make('an unknown addressID is not found', { addressID: ADDRESS.unknown }, notFound),
  ]);
});

describe('change pickup: types', () => {
  const notInteger = (format: Format, digits: string): string => (format === 'json' ? digits : 'abc');
  const typed = (name: string, patch: (format: Format) => Record<string, unknown>, field: string): Case => ({
    name, op, request: (format) => withPatch(pickupRequest(), patch(format)), expect: invalid(field),
  });
  const jsonOnly = (name: string, patch: Record<string, unknown>, field: string): Case => ({ ...typed(name, () => patch, field), only: 'json' });
  runCases(ref, [
    typed('a string addressID is rejected', (f) => ({ addressID: notInteger(f, '8001') }), 'addressID'),
    typed('a string contact ID is rejected', (f) => ({ contactIDs: [notInteger(f, '6001')] }), 'contactIDs[]'),
    typed('a string phone ID is rejected', (f) => ({ phoneIDs: [notInteger(f, '7001')] }), 'phoneIDs[]'),
    jsonOnly('a numeric produce_date is rejected', { produce_date: 20261124 }, 'produce_date'),
    jsonOnly('a numeric variant is rejected', { variant: 1 }, 'variant'),
    jsonOnly('a numeric worktimeStart is rejected', { 'time.worktimeStart': 900 }, 'time.worktimeStart'),
    jsonOnly('a numeric house is rejected', { addressID: undefined, address: { street: STREET.moscow, house: 12 } }, 'address.house'),
    jsonOnly('a numeric street is rejected', { addressID: undefined, address: { street: Number(STREET.moscow), house: '1' } }, 'address.street'),
    typed('a time given as text is rejected', () => ({ time: '09:00-18:00' }), 'time'),
  ]);
});

describe('change pickup: the new address lies in the order\'s region', () => {
  const moscowOrder = { orderID: ORDER.moscow };
  const petersburgOrder = { orderID: ORDER.petersburg };
  runCases(ref, [
    make('an address-book address of the same region is accepted', { ...moscowOrder, addressID: ADDRESS.moscow }, 'ok'),
    make('an address-book address of another region is refused', { ...moscowOrder, addressID: ADDRESS.petersburg }, refused),
    make('a street of the same region is accepted', at({ street: STREET.moscow2, house: '3' }, moscowOrder), 'ok'),
    make('a street of another region is refused', at({ street: STREET.petersburg, house: '3' }, moscowOrder), refused),
    make('a text search of the same region is accepted', at({ search: 'Зеленоград, корп. 1106' }, moscowOrder), 'ok'),
    make('a text search naming Санкт-Петербург is refused', at({ search: 'Санкт-Петербург, Невский пр., д. 1' }, moscowOrder), refused),
    make('a text search naming Екатеринбург is refused', at({ search: 'Екатеринбург, ул. Ленина, д. 1' }, moscowOrder), refused),
    make('coordinates inside the same region are accepted', at({ search: COORDS.moscow }, moscowOrder), 'ok'),
    make('coordinates inside another region are refused', at({ search: COORDS.petersburg }, moscowOrder), refused),
    make('a Petersburg order accepts a Petersburg address-book address', { ...petersburgOrder, addressID: ADDRESS.petersburg }, 'ok'),
    make('a Petersburg order accepts a Petersburg street', at({ street: STREET.petersburg, house: '3' }, petersburgOrder), 'ok'),
    make('a Petersburg order accepts a Колпино search', at({ search: 'г. Колпино, ул. Ижорская, д. 5' }, petersburgOrder), 'ok'),
    make('a Petersburg order accepts Petersburg coordinates', at({ search: COORDS.petersburg }, petersburgOrder), 'ok'),
    make('a Petersburg order refuses a Moscow address-book address', { ...petersburgOrder, addressID: ADDRESS.moscow }, refused),
  ]);
});
