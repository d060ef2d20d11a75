import type { FieldViolations } from '@commerce/grpc-runtime';
import { isBlankText } from '@commerce/text';
import {
  MAX_CENTS,
  MAX_PHOTOS,
  PLACEMENTS,
  PRODUCT_STATUSES,
  type NewProductInput,
  type Placement,
  type ProductRecord,
  type ProductStatus,
} from './product';

const MAX_NAME_LENGTH = 255;
const MAX_DESCRIPTION_LENGTH = 65_535;
const MAX_TAGS = 100;
const MAX_TAG_LENGTH = 100;
const MAX_PHOTO_URL_LENGTH = 2_048;
const MAX_SHIPPING_NOTES_LENGTH = 5_000;

/** What an owner may change on a product; absent = unchanged. */
export interface ProductChanges {
  name?: string;
  cents?: number;
  description?: string;
  status?: ProductStatus;
  photo_urls?: string[];
  preorder?: boolean;
  on_sale?: boolean;
  marketplace_category_id?: number;
  tag_list?: string[];
  shipping_notes?: string;
  list_in_marketplace?: boolean;
}

export interface RawProductFields {
  name?: string;
  cents?: number;
  description?: string;
  status?: string;
  photo_urls?: string[];
  position?: string;
  shipping_group_id?: number;
  marketplace_category_id?: number;
  tag_list?: string[];
  shipping_notes?: string;
}

export function add(violations: FieldViolations, field: string, message: string): void {
  (violations[field] ??= []).push(message);
}

export const hasViolations = (violations: FieldViolations): boolean => Object.keys(violations).length > 0;

/** What every text field longer than its limit reads. */
export const tooLongMessage = (maximum: number): string => `is too long (maximum is ${maximum} characters)`;

/**
 * Checks every field that is present; `required` lists those that must be. These are the product's
 * rules, and the only copy of them: the gateway checks shapes and passes the values through, so the
 * messages here are what an API client reads (keyed by the API's field names).
 */
export function productFieldViolations(fields: RawProductFields, required: { name: boolean }): FieldViolations {
  const violations: FieldViolations = {};
  if (fields.name !== undefined || required.name) {
    const name = (fields.name ?? '').trim();
    if (isBlankText(name)) add(violations, 'name', "can't be blank");
    else if (name.length > MAX_NAME_LENGTH) add(violations, 'name', tooLongMessage(MAX_NAME_LENGTH));
  }
  if (fields.cents !== undefined && !Number.isSafeInteger(fields.cents)) add(violations, 'cents', 'must be an integer');
  else if (fields.cents !== undefined && fields.cents < 0) add(violations, 'cents', 'must be at least 0');
  else if (fields.cents !== undefined && fields.cents > MAX_CENTS) add(violations, 'cents', `must be at most ${MAX_CENTS}`);
  if (fields.description !== undefined && fields.description.length > MAX_DESCRIPTION_LENGTH) {
    add(violations, 'description', tooLongMessage(MAX_DESCRIPTION_LENGTH));
  }
  if (fields.shipping_notes !== undefined && fields.shipping_notes.length > MAX_SHIPPING_NOTES_LENGTH) {
    add(violations, 'shipping_notes', tooLongMessage(MAX_SHIPPING_NOTES_LENGTH));
  }
  if (fields.status !== undefined && normalizeStatus(fields.status) === undefined) add(violations, 'status', STATUS_MESSAGE);
  if (fields.position !== undefined && normalizePlacement(fields.position) === undefined)
    add(violations, 'position', oneOfMessage(PLACEMENTS));
  if (fields.photo_urls !== undefined) addPhotoViolations(violations, fields.photo_urls);
  if (fields.shipping_group_id !== undefined && fields.shipping_group_id < 0)
    add(violations, 'shipping_group_id', 'must be a shipping group id');
  if (fields.marketplace_category_id !== undefined && fields.marketplace_category_id < 0)
    add(violations, 'marketplace_category_id', 'must be at least 0');
  if (fields.tag_list !== undefined) {
    const tags = normalizeTags(fields.tag_list);
    if (tags.length > MAX_TAGS) add(violations, 'tag_list', `has too many tags (maximum is ${MAX_TAGS})`);
    if (tags.some((tag) => tag.length > MAX_TAG_LENGTH))
      add(violations, 'tag_list', `has a tag that is too long (maximum is ${MAX_TAG_LENGTH} characters)`);
  }
  return violations;
}

const oneOfMessage = (words: readonly string[]): string => `must be one of: ${words.join(', ')}`;

/** What a status that is not one of PRODUCT_STATUSES reads, on a write or as a listing filter. */
export const STATUS_MESSAGE = oneOfMessage(PRODUCT_STATUSES);

/**
 * Too many photos is said alone; otherwise each URL too long or not http(s) is named by its index (`photos[2]`).
 * A URL is rendered 13 times (one per photo size), so its length weighs on the product's size 13-fold.
 */
function addPhotoViolations(violations: FieldViolations, urls: string[]): void {
  if (urls.length > MAX_PHOTOS) return add(violations, 'photos', `must have at most ${MAX_PHOTOS} items`);
  urls.forEach((url, index) => {
    const trimmed = url.trim();
    if (trimmed.length > MAX_PHOTO_URL_LENGTH) add(violations, `photos[${index}]`, tooLongMessage(MAX_PHOTO_URL_LENGTH));
    else if (!isHttpUrl(trimmed)) add(violations, `photos[${index}]`, 'must be an http or https URL');
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

/** The create request's fields as a new product takes them (call after validation). */
export function newProductInput(fields: Omit<NewProductInput, 'status'> & { status: string }): NewProductInput {
  return {
    ...fields,
    name: fields.name.trim(),
    status: fields.status.trim() === '' ? 'active' : normalizeStatus(fields.status)!,
    photo_urls: fields.photo_urls.map((url) => url.trim()),
    tag_list: normalizeTags(fields.tag_list),
  };
}

/** Normalizes validated changes the way create normalizes input. */
export function normalizeProductChanges(changes: Omit<ProductChanges, 'status'> & { status?: string }): ProductChanges {
  const { status, ...rest } = changes;
  const normalized: ProductChanges = { ...rest };
  if (status !== undefined) normalized.status = normalizeStatus(status);
  if (normalized.name !== undefined) normalized.name = normalized.name.trim();
  if (normalized.photo_urls !== undefined) normalized.photo_urls = normalized.photo_urls.map((url) => url.trim());
  if (normalized.tag_list !== undefined) normalized.tag_list = normalizeTags(normalized.tag_list);
  return normalized;
}

/** Applies the changes that differ; answers null when nothing would change (no write, no event). */
export function applyProductChanges(product: ProductRecord, changes: ProductChanges): ProductRecord | null {
  let changed = false;
  const next: ProductRecord = { ...product };
  for (const [field, value] of Object.entries(changes) as [keyof ProductChanges, unknown][]) {
    if (value === undefined || sameValue(product[field], value)) continue;
    (next as unknown as Record<string, unknown>)[field] = value;
    changed = true;
  }
  return changed ? next : null;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((value, i) => value === b[i]);
  return a === b;
}
