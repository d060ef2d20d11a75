import { fieldViolations, recordFields, ruled, type Finding, type FieldViolations } from '@commerce/grpc-runtime';
import { decimalString, minorUnitsOf } from '@commerce/money';
import { isBlankText } from '@commerce/text';
import { z } from 'zod';
import { isProtocolRelative } from './photos';
import { MAX_CENTS, MAX_PHOTOS, PLACEMENTS, PRODUCT_STATUSES, type Placement, type ProductRecord, type ProductStatus } from './product';

const MAX_NAME_LENGTH = 255;
const MAX_DESCRIPTION_LENGTH = 65_535;
const MAX_TAGS = 100;
const MAX_TAG_LENGTH = 100;
const MAX_PHOTO_URL_LENGTH = 2_048;
const MAX_SHIPPING_NOTES_LENGTH = 5_000;

export function add(violations: FieldViolations, field: string, message: string): void {
  (violations[field] ??= []).push(message);
}

export const hasViolations = (violations: FieldViolations): boolean => Object.keys(violations).length > 0;

/** What every text field longer than its limit reads. */
export const tooLongMessage = (maximum: number): string => `is too long (maximum is ${maximum} characters)`;

const oneOfMessage = (words: readonly string[]): string => `must be one of: ${words.join(', ')}`;

/**
 * A decimal price a client sent as text (`price`, `override_price`; docs/catalog.md#price-input), read in the store's
 * currency: its cents, or the violation keyed by `field`. The gateway passes the text as sent, so this is the only
 * reading of it: at most the currency's decimals (19.5 is refused in JPY, not rounded), not negative, at most MAX_CENTS.
 */
export function decimalPriceCents(field: string, text: string, currency: string): { cents?: number; violations: FieldViolations } {
  const minor = minorUnitsOf(text, currency);
  if (typeof minor !== 'number') return { violations: { [field]: [minor.problem] } };
  if (minor > MAX_CENTS) return { violations: { [field]: [`must be at most ${decimalString(MAX_CENTS, currency)}`] } };
  return { cents: minor, violations: {} };
}

/** What a status that is not one of PRODUCT_STATUSES reads, on a write or as a listing filter. */
export const STATUS_MESSAGE = oneOfMessage(PRODUCT_STATUSES);

/**
 * Too many photos is said alone; otherwise each URL too long or not http(s) is named by its index (`photos[2]`).
 * A URL is rendered 13 times (one per photo size), so its length weighs on the product's size 13-fold. A
 * protocol-relative URL, as the photo object shows a photo, passes here: it may only keep one of the product's photos,
 * which domain/photos.ts decides (newPhotoUrls refuses any other).
 */
function photoFindings(urls: string[]): Finding[] {
  if (urls.length > MAX_PHOTOS) return [['photos', `must have at most ${MAX_PHOTOS} items`]];
  return urls.flatMap((url, index): Finding[] => {
    if (url.length > MAX_PHOTO_URL_LENGTH) return [[`photos[${index}]`, tooLongMessage(MAX_PHOTO_URL_LENGTH)]];
    return isHttpUrl(url) || (isProtocolRelative(url) && isHttpUrl(`https:${url}`))
      ? []
      : [[`photos[${index}]`, 'must be an http or https URL']];
  });
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** "Coming Soon " → "coming soon"; anything else → undefined. */
export function normalizeStatus(status: string): ProductStatus | undefined {
  const normalized = status.trim().toLowerCase();
  return (PRODUCT_STATUSES as readonly string[]).includes(normalized) ? (normalized as ProductStatus) : undefined;
}

/** " Top" → "top"; anything but top or bottom → undefined. */
export function normalizePlacement(position: string): Placement | undefined {
  const normalized = position.trim().toLowerCase();
  return (PLACEMENTS as readonly string[]).includes(normalized) ? (normalized as Placement) : undefined;
}

/** Trimmed, blanks dropped, each tag once (first spelling kept). */
export function normalizeTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const tag of tags.map((t) => t.trim())) {
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    result.push(tag);
  }
  return result;
}

/** Applies the changes that differ; answers null when nothing would change (no write, no event). */
export function applyProductChanges(product: ProductRecord, changes: ProductChanges): ProductRecord | null {
  let changed = false;
  const next: ProductRecord = { ...product };
  const current = productRecordFields.read(product);
  for (const [field, value] of Object.entries(changes) as [keyof ProductChanges, unknown][]) {
    if (value === undefined || sameValue(current[field], value)) continue;
    (next as unknown as Record<string, unknown>)[field] = value;
    changed = true;
  }
  return changed ? next : null;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((value, i) => value === b[i]);
  return a === b;
}

/** One of `words`, read trimmed and in any case; anything else reads `message`. */
const normalizedWord = <T extends string>(words: readonly [T, ...T[]], message: string) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), z.enum(words, { error: message }));

/** A record's name: trimmed, not blank, at most `maximum` characters (products, variants, collections). */
export const nameField = (maximum: number) =>
  ruled(z.string().trim(), (name) => {
    if (isBlankText(name)) return ["can't be blank"];
    return name.length > maximum ? [tooLongMessage(maximum)] : [];
  });

export const tooLong = (maximum: number) => (text: string) => (text.length > maximum ? [tooLongMessage(maximum)] : []);

/**
 * What an owner writes on a product, declared once (docs/architecture.md#one-description-per-record): each field's
 * type, its default on create, its normalization and its rule (the messages an API client reads, keyed by the API's
 * field names). The gateway checks shapes only and passes values through, so these rules are the only copy.
 * In the order violations are listed; `position` and `shipping_group_id` are the request's (where the product goes),
 * checked here but not record fields (see productFields).
 */
const productRequestFields = z.object({
  name: nameField(MAX_NAME_LENGTH),
  cents: ruled(z.number(), (cents) => {
    if (!Number.isSafeInteger(cents)) return ['must be an integer'];
    if (cents < 0) return ['must be at least 0'];
    return cents > MAX_CENTS ? [`must be at most ${MAX_CENTS}`] : [];
  }),
  /** '' renders null. */
  description: ruled(z.string(), tooLong(MAX_DESCRIPTION_LENGTH)).default(''),
  shipping_notes: ruled(z.string(), tooLong(MAX_SHIPPING_NOTES_LENGTH)).default(''),
  status: normalizedWord(PRODUCT_STATUSES, STATUS_MESSAGE).default('active'),
  position: normalizedWord(PLACEMENTS, oneOfMessage(PLACEMENTS)),
  photo_urls: ruled(z.array(z.string().trim()), photoFindings).default([]),
  shipping_group_id: ruled(z.number(), (id) => (id < 0 ? ['must be a shipping group id'] : [])),
  /** 0 renders null. */
  marketplace_category_id: ruled(z.number(), (id) => (id < 0 ? ['must be at least 0'] : [])).default(0),
  tag_list: ruled(z.array(z.string()).transform(normalizeTags), (tags) => [
    ...(tags.length > MAX_TAGS ? [`has too many tags (maximum is ${MAX_TAGS})`] : []),
    ...(tags.some((tag) => tag.length > MAX_TAG_LENGTH) ? [`has a tag that is too long (maximum is ${MAX_TAG_LENGTH} characters)`] : []),
  ]).default([]),
  preorder: z.boolean().default(false),
  on_sale: z.boolean().default(false),
  list_in_marketplace: z.boolean().default(false),
  /** Whether orders charge tax on it (docs/catalog.md#records). */
  taxable: z.boolean().default(true),
});

/**
 * The product's own fields: ProductRecord holds them (NewProductInput), a create sets them, an update changes them.
 * `photos` (the request's `photo_urls`) are records of their own, made from the URLs (domain/photos.ts).
 */
export const productFields = productRequestFields.omit({ position: true, shipping_group_id: true, photo_urls: true });
export type NewProductInput = z.output<typeof productFields>;
/** What an owner may change on a product; absent = unchanged. */
export type ProductChanges = Partial<NewProductInput>;
/** A create or update request's fields as the request names them (values unchecked). */
export type RawProductFields = { readonly [K in keyof typeof productRequestFields.shape]?: unknown };

export const productRecordFields = recordFields(productFields);

/**
 * Checks every field that is present (`required.name`: an absent name is blank). These are the product's rules, and
 * the only copy of them: the gateway checks shapes and passes the values through.
 */
export function productFieldViolations(fields: RawProductFields, required: { name: boolean }): FieldViolations {
  return fieldViolations(productRequestFields, { ...fields, name: fields.name ?? (required.name ? '' : undefined) });
}

/** The create request's fields as a new product takes them: normalized, absent ones (and an empty status) at their default. */
export function newProductInput(fields: RawProductFields): NewProductInput {
  return productRecordFields.create({ ...fields, status: fields.status || undefined });
}

/** The `photos` URLs as a product keeps them (trimmed), once validated; undefined when the request has none. */
export function normalizePhotoUrls(urls: readonly string[] | undefined): string[] | undefined {
  return urls?.map((url) => url.trim());
}

/** Normalizes validated changes the way create normalizes input; only the fields present. */
export function normalizeProductChanges(fields: RawProductFields): ProductChanges {
  return productRecordFields.changes(fields);
}
