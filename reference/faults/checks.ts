import type { Fault } from './fault.ts';

/** A service that leaves out the checks `skips` names (reference/hooks.ts gives the names). */
const skip = (name: string, rule: string, skips: RegExp, description: string): Fault => ({ name, rule, description, skips });

// Member paths start with `receiver.` or `third.`; the pickup request's own fields have no prefix.
export const CHECK_FAULTS: Fault[] = [
  skip('appkey-not-required', 'TOP-APPKEY-REQUIRED', /^appkey missing$/, 'serves a request without appkey'),
  skip('session-id-not-required', 'TOP-SESSIONID-REQUIRED', /^sessionID missing$/, 'serves a request without sessionID, for any user'),
  skip('appkey-not-verified', 'AUTH-APPKEY-VALID', /^appkey unknown$/, 'serves a request whose appkey it never issued'),
  skip('session-id-not-verified', 'AUTH-SESSIONID-VALID', /^sessionID unknown$/, 'serves a request with an unknown sessionID, for any user'),

  skip('receiver-not-required', 'RCV-RECEIVER-REQUIRED', /^receiver missing$/, 'accepts a receiver change without receiver'),
  skip('change-order-payer-not-required', 'RCV-CHANGEORDERPAYER-REQUIRED', /^changeOrderPayer missing$/, 'accepts a receiver change without changeOrderPayer'),
  skip('change-order-payer-any-type', 'RCV-CHANGEORDERPAYER-BOOLEAN', /^changeOrderPayer type$/, 'accepts a changeOrderPayer that is not a boolean'),
  skip('store-payer-not-required', 'RCV-STOREPAYER-REQUIRED', /^storePayer missing$/, 'accepts a receiver change without storePayer'),
  skip('third-not-required', 'RCV-STOREPAYER-THIRD-REQUIRES-THIRD', /^third thirdRequired$/, 'accepts storePayer third without a third member'),

  skip('variant-not-required', 'PCK-VARIANT-REQUIRED', /^variant missing$/, 'accepts a pickup change without variant'),
  skip('variant-any-value', 'PCK-VARIANT-ADDRESS-ONLY', /^variant notIn$/, 'accepts any variant, not only address'),
  skip('produce-date-any-format', 'PCK-PRODUCE-DATE-FORMAT', /^produce_date format$/, 'accepts a produce_date in any form'),
  skip('time-not-required', 'PCK-TIME-REQUIRED', /^time missing$/, 'accepts a pickup change without time'),
  skip('worktime-start-not-required', 'PCK-TIME-WORKTIMESTART-REQUIRED', /^time\.worktimeStart missing$/, 'accepts a time without worktimeStart'),
  skip('worktime-end-not-required', 'PCK-TIME-WORKTIMEEND-REQUIRED', /^time\.worktimeEnd missing$/, 'accepts a time without worktimeEnd'),
  skip('worktime-any-format', 'PCK-TIME-WORKTIME-FORMAT', /^time\.worktime(Start|End) format$/, 'accepts worktimeStart and worktimeEnd in any form'),
  skip('break-any-format', 'PCK-TIME-BREAK-FORMAT', /^time\.break(Start|End) format$/, 'accepts breakStart and breakEnd in any form'),
  skip('exact-time-any-type', 'PCK-TIME-EXACTTIME-BOOLEAN', /^time\.exactTime type$/, 'accepts an exactTime that is not a boolean'),
  skip('address-and-address-id-accepted', 'PCK-ADDRESS-BOTH', /^addressID\|address oneOfBoth$/, 'accepts addressID together with address, and uses addressID'),
  skip('address-id-any-type', 'PCK-ADDRESSID-INTEGER', /^addressID type$/, 'reads an addressID of any type as a number'),
  skip('street-without-house-accepted', 'PCK-ADDRESS-SEARCH-OR-STREET-HOUSE', /^address\.search\|address\.house streetAndHouse$/, 'accepts an address with street but no house'),
  skip('building-with-search-accepted', 'PCK-ADDRESS-BUILDING-NOT-WITH-SEARCH', /^address\.building notWith$/, 'accepts address.building beside search'),
  skip('structure-with-search-accepted', 'PCK-ADDRESS-STRUCTURE-NOT-WITH-SEARCH', /^address\.structure notWith$/, 'accepts address.structure beside search'),
  skip('flat-with-text-search-accepted', 'PCK-ADDRESS-FLAT-WITH-COORDINATES-ONLY', /^address\.flat flatWithTextSearch$/, 'accepts address.flat beside a text search'),
  skip('region-not-checked', 'PCK-ADDRESS-SAME-REGION', /^address sameRegion$/, 'accepts a new address outside the order\'s region'),
  skip('pickup-phone-any-characters', 'PCK-PHONE-NUMBER-CHARSET', /^phoneNumbers\[\]\.number format$/, 'accepts any characters in a pickup phone number'),
  skip('address-id-not-looked-up', 'PCK-ADDRESSID-KNOWN', /^addressID unknown$/, 'accepts an addressID its address book does not hold'),
  skip('pickup-street-not-looked-up', 'PCK-ADDRESS-STREET-KNOWN', /^address\.street unknown$/, 'accepts an address.street its streets directory does not hold'),

  skip('counteragent-both-accepted', 'MBR-COUNTERAGENT-BOTH', /\.counteragentID\|\S+ oneOfBoth$/, 'accepts a member with both counteragentID and counteragent'),
  skip('counteragent-neither-accepted', 'MBR-COUNTERAGENT-NEITHER', /\.counteragentID\|\S+ oneOfNeither$/, 'accepts a member with neither counteragentID nor counteragent'),
  skip('counteragent-id-any-type', 'MBR-COUNTERAGENTID-INTEGER', /\.counteragentID type$/, 'reads a counteragentID of any type as a number'),
  skip('receipt-without-phone-or-email-accepted', 'MBR-RECEIPT-PHONE-OR-EMAIL', /\.dataForReceipt\.phone\|\S+ atLeastOne$/, 'accepts a dataForReceipt with neither phone nor email'),
  skip('receipt-phone-any-format', 'MBR-RECEIPT-PHONE-FORMAT', /\.dataForReceipt\.phone format$/, 'accepts a dataForReceipt.phone in any form'),
  skip('receiver-phone-any-characters', 'MBR-PHONE-NUMBER-DIGITS', /^(receiver|third)\.phoneNumbers\[\]\.number format$/, 'accepts any characters in a receiver-change phone number'),
  skip('counteragent-id-not-looked-up', 'MBR-COUNTERAGENTID-KNOWN', /\.counteragentID unknown$/, 'accepts a counteragentID its address book does not hold'),

  skip('contacts-both-accepted', 'CNT-CONTACTS-BOTH', /(^|\.)contactIDs\|\S+ oneOfBoth$/, 'accepts contactIDs together with contactPersons'),
  skip('contacts-neither-accepted', 'CNT-CONTACTS-NEITHER', /(^|\.)contactIDs\|\S+ oneOfNeither$/, 'accepts neither contactIDs nor contactPersons'),
  skip('phones-both-accepted', 'CNT-PHONES-BOTH', /(^|\.)phoneIDs\|\S+ oneOfBoth$/, 'accepts phoneIDs together with phoneNumbers'),
  skip('phones-neither-accepted', 'CNT-PHONES-NEITHER', /(^|\.)phoneIDs\|\S+ oneOfNeither$/, 'accepts neither phoneIDs nor phoneNumbers'),
  skip('contact-person-name-not-required', 'CNT-CONTACTPERSON-NAME-REQUIRED', /contactPersons\[\]\.name missing$/, 'accepts a contact person without name'),
  skip('phone-number-not-required', 'CNT-PHONE-NUMBER-REQUIRED', /phoneNumbers\[\]\.number missing$/, 'accepts a phone without number'),
  skip('ids-any-type', 'CNT-IDS-INTEGER', /(contactIDs|phoneIDs)\[\] type$/, 'reads contactIDs and phoneIDs elements of any type as numbers'),
  skip('ext-any-characters', 'CNT-PHONE-EXT-DIGITS', /phoneNumbers\[\]\.ext format$/, 'accepts any characters in a phone extension'),
  skip('address-book-ids-not-looked-up', 'CNT-IDS-KNOWN', /(contactIDs|phoneIDs)\[\] unknown$/, 'accepts contactIDs and phoneIDs its address book does not hold'),

  skip('counteragent-form-not-required', 'CAG-FORM-REQUIRED', /\.counteragent\.form missing$/, 'accepts a counteragent without form'),
  skip('counteragent-name-not-required', 'CAG-NAME-REQUIRED', /\.counteragent\.name missing$/, 'accepts a counteragent without name'),
  skip('document-not-required', 'CAG-INDIVIDUAL-DOCUMENT-REQUIRED', /\.counteragent\.document missing$/, 'accepts an individual without document'),
  skip('document-type-not-required', 'CAG-DOCUMENT-TYPE-REQUIRED', /\.document\.type missing$/, 'accepts a document without type'),
  skip('document-number-not-required', 'CAG-DOCUMENT-NUMBER-REQUIRED', /\.document\.number missing$/, 'accepts a document without number'),
  skip('inn-not-required', 'CAG-LEGAL-INN-REQUIRED', /\.counteragent\.inn missing$/, 'accepts a legal entity without inn'),
  skip('inn-any-type', 'CAG-INN-INTEGER', /\.counteragent\.inn type$/, 'reads an inn of any type as a number'),
  skip('juridical-address-not-required', 'CAG-LEGAL-JURIDICALADDRESS-REQUIRED', /\.counteragent\.juridicalAddress missing$/, 'accepts a legal entity without juridicalAddress'),
  skip('legal-form-not-looked-up', 'CAG-FORM-KNOWN', /\.counteragent\.form unknown$/, 'accepts a counteragent whose form its directory of legal forms does not hold'),
  skip('juridical-street-not-looked-up', 'CAG-JADDR-STREET-KNOWN', /\.juridicalAddress\.street unknown$/, 'accepts a juridicalAddress.street its streets directory does not hold'),

  skip('xml-any-root-accepted', 'BODY-ENVELOPE', /^body root$/, 'reads an XML request under any root element, not only `request`'),
];
