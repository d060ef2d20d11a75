import { fieldViolations, recordFields, ruled, type Finding, type FieldViolations } from '@commerce/grpc-runtime';
import { z } from 'zod';
import { nameField, tooLong } from './product-input';

const MAX_NAME_LENGTH = 255;
const MAX_DESCRIPTION_LENGTH = 65_535;
const MAX_MEMBERS = 10_000;
/** Collections one product may be in: a product's rendering lists them all (`collections`). */
export const MAX_COLLECTIONS_PER_PRODUCT = 1_000;

/**
 * What an owner writes on a collection, declared once (docs/architecture.md#one-description-per-record), in the order
 * violations are listed. `product_ids` is checked as sent (its API name is `products`), then kept each id once.
 */
export const collectionFields = z.object({
  name: nameField(MAX_NAME_LENGTH),
  description: ruled(z.string(), tooLong(MAX_DESCRIPTION_LENGTH)).default(''),
  /** Member products in the order they were set. May still hold a product deleted a moment ago: reads drop those. */
  product_ids: ruled(z.array(z.number()), (ids): Finding[] => [
    ...(ids.some((id) => !Number.isSafeInteger(id) || id <= 0) ? [['products', 'must be product ids'] as const] : []),
    ...(ids.length > MAX_MEMBERS ? [['products', `has too many products (maximum is ${MAX_MEMBERS})`] as const] : []),
  ])
    .transform(distinctIds)
    .default([]),
});
export type NewCollectionInput = z.output<typeof collectionFields>;
export const collectionRecordFields = recordFields(collectionFields);
/** A create or update request's fields as the request names them (values unchecked). */
export type RawCollectionFields = { readonly [K in keyof typeof collectionFields.shape]?: unknown };

/** The collection's own fields are declared once, in collectionFields; this adds what catalog keeps. */
export interface CollectionRecord extends NewCollectionInput {
  store_id: number;
  id: number;
  created_at: Date;
  updated_at: Date;
  deleted: boolean;
  deleted_at?: Date;
  version: number;
}

/** `required.name` on create (an absent name is blank). */
export function collectionFieldViolations(fields: RawCollectionFields, required: { name: boolean }): FieldViolations {
  return fieldViolations(collectionFields, { ...fields, name: fields.name ?? (required.name ? '' : undefined) });
}

/** `others`: product id → how many other live collections hold it already; a product in the most it can be in joins no more. */
export function collectionRoomViolations(others: ReadonlyMap<number, number>): FieldViolations {
  const full = [...others].filter(([, count]) => count >= MAX_COLLECTIONS_PER_PRODUCT).map(([id]) => id);
  if (full.length === 0) return {};
  return {
    products: [`has products already in ${MAX_COLLECTIONS_PER_PRODUCT} collections, the most a product can be in: ${full.join(', ')}`],
  };
}

/** Each id once, first occurrence wins, so the order the owner gave is kept. */
export function distinctIds(ids: number[]): number[] {
  return [...new Set(ids)];
}

/** Products whose membership differs between the two lists (joined or left), ascending. */
export function membershipChanges(before: number[], after: number[]): number[] {
  const was = new Set(before);
  const is = new Set(after);
  return [...new Set([...before, ...after])].filter((id) => was.has(id) !== is.has(id)).sort((a, b) => a - b);
}

/** The owner's changes, normalized as create does (ids each once); null when nothing differs. */
export function applyCollectionChanges(collection: CollectionRecord, fields: RawCollectionFields): CollectionRecord | null {
  const changed = Object.entries(collectionRecordFields.changes(fields)).filter(
    ([field, value]) => !sameValue(collection[field as keyof NewCollectionInput], value),
  );
  return changed.length === 0 ? null : { ...collection, ...Object.fromEntries(changed) };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((value, i) => value === b[i]);
  return a === b;
}

/**
 * The members with `productId` at `position` (1 first, past the end last), the others keeping their order. Position 0
 * puts a product not in yet last and leaves one in already where it is (docs/catalog.md#one-products-membership).
 * Null when the product is there already.
 */
export function placeMember(ids: readonly number[], productId: number, position: number): number[] | null {
  const at = ids.indexOf(productId);
  const others = ids.filter((id) => id !== productId);
  const index = position >= 1 ? Math.min(position, others.length + 1) - 1 : at >= 0 ? at : others.length;
  return index === at ? null : [...others.slice(0, index), productId, ...others.slice(index)];
}

/** The members without `productId`; null when it is not one of them. */
export function withoutMember(ids: readonly number[], productId: number): number[] | null {
  return ids.includes(productId) ? ids.filter((id) => id !== productId) : null;
}
