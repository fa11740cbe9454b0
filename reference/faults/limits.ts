import { type Obj, isObj } from '../hooks.ts';
import { LIMITS, type LimitName } from '../validate/limits.ts';
import type { Fault } from './fault.ts';

/** A service that enforces `value` instead of the spec's limit (reference/validate/limits.ts). */
const limit = (name: string, rule: string, which: LimitName, value: number, description: string): Fault =>
  ({ name, rule, description, limits: { [which]: value } });

const unlimited = (name: string, rule: string, which: LimitName, what: string): Fault =>
  limit(name, rule, which, Infinity, `does not limit ${what}`);


/** The addresses of a request that a fault below bends: the objects `of` finds, where they are objects. */
type Addresses = (body: Obj) => unknown[];
const juridicalAddresses: Addresses = (b) => ['receiver', 'third'].map((m) => (isObj(b[m]) && isObj(b[m].counteragent) ? b[m].counteragent.juridicalAddress : undefined));
const pickupAddress: Addresses = (b) => [b.address];

/**
 * A service that checks an address's parts in its branch without `search` only: beside a
 * search it lets each of `parts` through unchecked. It reads a part cut to its limit, so the
 * value past the limit goes through and every other check (which parts may come with search)
 * still sees the part.
 */
const uncheckedBesideSearch = (name: string, rule: string, description: string, of: Addresses, parts: Record<string, LimitName>): Fault => ({
  name, rule, description,
  request: (body) => {
    const read = structuredClone(body);
    for (const a of of(read)) {
      if (!isObj(a) || typeof a.search !== 'string' || a.search === '') continue;
      for (const [part, limit] of Object.entries(parts)) {
        if (typeof a[part] === 'string') a[part] = [...a[part]].slice(0, LIMITS[limit]).join('');
      }
    }
    return read;
  },
});

export const LIMIT_FAULTS: Fault[] = [
  unlimited('contact-ids-max-not-enforced', 'CNT-CONTACTIDS-MAX', 'contactIDs', 'the number of contactIDs'),
  unlimited('contact-persons-max-not-enforced', 'CNT-CONTACTPERSONS-MAX', 'contactPersons', 'the number of contactPersons'),
  unlimited('phone-ids-max-not-enforced', 'CNT-PHONEIDS-MAX', 'phoneIDs', 'the number of phoneIDs'),
  unlimited('phone-numbers-max-not-enforced', 'CNT-PHONENUMBERS-MAX', 'phoneNumbers', 'the number of phoneNumbers'),
  unlimited('receiver-phone-digits-not-enforced', 'MBR-PHONE-NUMBER-MAX', 'receiverPhoneDigits', 'the digits of a receiver-change phone number'),
  unlimited('pickup-phone-length-not-enforced', 'PCK-PHONE-NUMBER-MAX', 'pickupPhoneLength', 'the length of a pickup phone number'),
  unlimited('ext-digits-not-enforced', 'CNT-PHONE-EXT-MAX', 'extDigits', 'the digits of a phone extension'),
  unlimited('email-max-not-enforced', 'MBR-EMAIL-MAX', 'email', 'the length of a member\'s email'),
  unlimited('receipt-email-max-not-enforced', 'MBR-RECEIPT-EMAIL-MAX', 'receiptEmail', 'the length of dataForReceipt.email'),
  limit('juridical-search-min-not-enforced', 'CAG-JADDR-SEARCH-MIN', 'juridicalSearchMin', 0, 'accepts a juridicalAddress.search of any length from 1 up'),
  unlimited('juridical-search-max-not-enforced', 'CAG-JADDR-SEARCH-MAX', 'juridicalSearchMax', 'the length of juridicalAddress.search'),
  unlimited('juridical-house-max-not-enforced', 'CAG-JADDR-HOUSE-MAX', 'juridicalHouse', 'the length of juridicalAddress.house'),
  unlimited('juridical-building-max-not-enforced', 'CAG-JADDR-BUILDING-MAX', 'juridicalBuilding', 'the length of juridicalAddress.building'),
  unlimited('juridical-structure-max-not-enforced', 'CAG-JADDR-STRUCTURE-MAX', 'juridicalStructure', 'the length of juridicalAddress.structure'),
  unlimited('juridical-flat-max-not-enforced', 'CAG-JADDR-FLAT-MAX', 'juridicalFlat', 'the length of juridicalAddress.flat'),
  unlimited('address-search-max-not-enforced', 'PCK-ADDRESS-SEARCH-MAX', 'addressSearch', 'the length of address.search'),
  unlimited('address-house-max-not-enforced', 'PCK-ADDRESS-HOUSE-MAX', 'addressHouse', 'the length of address.house'),
  unlimited('address-building-max-not-enforced', 'PCK-ADDRESS-BUILDING-MAX', 'addressBuilding', 'the length of address.building'),
  unlimited('address-structure-max-not-enforced', 'PCK-ADDRESS-STRUCTURE-MAX', 'addressStructure', 'the length of address.structure'),
  unlimited('address-flat-max-not-enforced', 'PCK-ADDRESS-FLAT-MAX', 'addressFlat', 'the length of address.flat'),

  // A limit switched off by a sibling (A-LIMIT-SIBLINGS). Each part past its limit beside search
  // is a scenario case; the rule blamed is that of a case whose request breaks it alone: the
  // legal address's house, the pickup flat beside coordinates (a building or structure beside
  // search breaks a second rule, so the pickup's are refused anyway).
  uncheckedBesideSearch('jaddr-part-limits-skipped-with-search', 'CAG-JADDR-HOUSE-MAX',
    'does not limit juridicalAddress.house, building, structure and flat when search is sent beside them', juridicalAddresses,
    { house: 'juridicalHouse', building: 'juridicalBuilding', structure: 'juridicalStructure', flat: 'juridicalFlat' }),
  uncheckedBesideSearch('address-part-limits-skipped-with-search', 'PCK-ADDRESS-FLAT-MAX',
    'does not limit address.house, building, structure and flat when search is sent beside them, so a 6-character flat beside coordinates is accepted', pickupAddress,
    { house: 'addressHouse', building: 'addressBuilding', structure: 'addressStructure', flat: 'addressFlat' }),

  // Over-strict: each rejects a valid request exactly at the boundary.
  limit('contact-ids-max-two', 'CNT-CONTACTIDS-MAX', 'contactIDs', 2, 'rejects exactly three contactIDs'),
  limit('receiver-phone-digits-max-fourteen', 'MBR-PHONE-NUMBER-MAX', 'receiverPhoneDigits', 14, 'rejects a receiver-change phone number of exactly 15 digits'),
  limit('address-search-max-1023', 'PCK-ADDRESS-SEARCH-MAX', 'addressSearch', 1023, 'rejects an address.search of exactly 1024 characters'),
  limit('juridical-search-min-three', 'CAG-JADDR-SEARCH-MIN', 'juridicalSearchMin', 3, 'rejects a juridicalAddress.search of exactly 2 characters'),
];
