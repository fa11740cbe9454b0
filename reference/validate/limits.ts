/**
 * Every count and length limit the service enforces (spec 2.2, 2.3, 2.6, 2.7 and 8), by
 * name, in one place: a fault (reference/faults.ts) replaces one of them to model a service
 * that does not enforce it, or enforces a stricter one.
 */
export const LIMITS = {
  contactIDs: 3,
  contactPersons: 3,
  phoneIDs: 3,
  phoneNumbers: 3,
  /** Receiver change: 15 digits; README: a leading plus is allowed and not counted. */
  receiverPhoneDigits: 15,
  /** Pickup change: 15 characters, a leading plus included. */
  pickupPhoneLength: 15,
  extDigits: 5,
  email: 128,
  receiptEmail: 128,
  juridicalSearchMin: 2,
  juridicalSearchMax: 1024,
  juridicalHouse: 7,
  juridicalBuilding: 5,
  juridicalStructure: 7,
  juridicalFlat: 5,
  addressSearch: 1024,
  addressHouse: 7,
  addressBuilding: 5,
  addressStructure: 7,
  addressFlat: 5,
} as const satisfies Record<string, number>;

export type LimitName = keyof typeof LIMITS;
export type Limits = Readonly<Record<LimitName, number>>;
