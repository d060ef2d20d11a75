import type { FieldViolations } from '@commerce/grpc-runtime';
import { isBlankText } from '@commerce/text';
import { add } from './product-input';

const MAX_NAME_LENGTH = 255;
const MAX_DESCRIPTION_LENGTH = 65_535;
const MAX_MEMBERS = 10_000;
/** Collections one product may be in: a product's rendering lists them all (`collections`). */
export const MAX_COLLECTIONS_PER_PRODUCT = 1_000;

export interface CollectionRecord {
  store_id: number;
  id: number;
  name: string;
  description: string;
  /** Member products in the order they were set. May still hold a product deleted a moment ago: reads drop those. */
  product_ids: number[];
  created_at: Date;
  updated_at: Date;
  deleted: boolean;
  deleted_at?: Date;
  version: number;
}

export interface CollectionFields {
  name?: string;
  description?: string;
  product_ids?: number[];
}

export function collectionFieldViolations(fields: CollectionFields, required: { name: boolean }): FieldViolations {
  const violations: FieldViolations = {};
  if (fields.name !== undefined || required.name) {
    const name = (fields.name ?? '').trim();
    if (isBlankText(name)) add(violations, 'name', "can't be blank");
    else if (name.length > MAX_NAME_LENGTH) add(violations, 'name', `is too long (maximum is ${MAX_NAME_LENGTH} characters)`);
  }
  if (fields.description !== undefined && fields.description.length > MAX_DESCRIPTION_LENGTH) {
    add(violations, 'description', `is too long (maximum is ${MAX_DESCRIPTION_LENGTH} characters)`);
  }
  if (fields.product_ids !== undefined) {
    if (fields.product_ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) add(violations, 'products', 'must be product ids');
    if (fields.product_ids.length > MAX_MEMBERS) add(violations, 'products', `has too many products (maximum is ${MAX_MEMBERS})`);
  }
  return violations;
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

export function applyCollectionChanges(collection: CollectionRecord, fields: CollectionFields): CollectionRecord | null {
  const next: CollectionRecord = { ...collection };
  let changed = false;
  if (fields.name !== undefined && fields.name.trim() !== collection.name) {
    next.name = fields.name.trim();
    changed = true;
  }
  if (fields.description !== undefined && fields.description !== collection.description) {
    next.description = fields.description;
    changed = true;
  }
  if (fields.product_ids !== undefined) {
    const ids = distinctIds(fields.product_ids);
    if (ids.length !== collection.product_ids.length || ids.some((id, i) => id !== collection.product_ids[i])) {
      next.product_ids = ids;
      changed = true;
    }
  }
  return changed ? next : null;
}
