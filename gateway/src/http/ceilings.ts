/**
 * The most of one value any operation can use. A value past its ceiling is a 422 from the gateway before any call,
 * so a service never spends a call on what it could only refuse (docs/api-conventions.md#input-ceilings). The
 * services' own limits are lower and are answered field by field; a ceiling is only the size no field of that kind
 * ever takes.
 */
export const CEILINGS = {
  /** One-line values: names, codes, e-mail addresses, URLs (the longest a service keeps is a 2,048-character URL). */
  lineChars: 2_048,
  /** Free text: descriptions and notes (the longest a service keeps is 65,535 characters). Any string by default. */
  textChars: 65_535,
  /** A page template, the store's CSS or layout (the longest a service keeps is 256 KiB). */
  documentChars: 256 * 1024,
  /** Lists of record ids (a collection holds at most 10,000 products). Any list by default. */
  listItems: 10_000,
  /** Lists of a store's settings or an order's lines: topics, countries, rates, items, tags (none holds more than 250). */
  shortListItems: 250,
} as const;
