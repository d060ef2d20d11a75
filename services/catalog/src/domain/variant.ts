import type { FieldViolations } from '@commerce/grpc-runtime';
import { isBlankText } from '@commerce/text';
import { add } from './product-input';
import { liveVariants, MAX_CENTS, MAX_VARIANTS, type ProductRecord, type VariantRecord } from './product';

const MAX_NAME_LENGTH = 255;
const MAX_SKU_LENGTH = 255;

/** in_stock * 100 / full_quantity rounded down; 0 without a full quantity; never above 100 (a recount may exceed it). */
export function percentAvailable(variant: Pick<VariantRecord, 'in_stock' | 'full_quantity'>): number {
  if (variant.full_quantity <= 0) return 0;
  return Math.min(100, Math.floor((variant.in_stock * 100) / variant.full_quantity));
}

/** What a buyer pays for the variant. */
export function buyerCents(variant: Pick<VariantRecord, 'has_override_price' | 'override_cents'>, productCents: number): number {
  return variant.has_override_price ? variant.override_cents : productCents;
}

export const isSoldOut = (variant: Pick<VariantRecord, 'in_stock'>): boolean => variant.in_stock <= 0;

export function hasOverridePricedVariants(product: Pick<ProductRecord, 'variants'>): boolean {
  return liveVariants(product).some((variant) => variant.has_override_price);
}

export interface VariantFields {
  name?: string;
  full_quantity?: number;
  in_stock?: number;
  sku?: string;
  position?: number;
  has_override_price?: boolean;
  override_cents?: number;
}

/** Owner input of a variant; `required.name` on create. */
export function variantFieldViolations(fields: VariantFields, required: { name: boolean }): FieldViolations {
  const violations: FieldViolations = {};
  if (fields.name !== undefined || required.name) {
    const name = (fields.name ?? '').trim();
    if (isBlankText(name)) add(violations, 'name', "can't be blank");
    else if (name.length > MAX_NAME_LENGTH) add(violations, 'name', `is too long (maximum is ${MAX_NAME_LENGTH} characters)`);
  }
  for (const field of ['full_quantity', 'in_stock', 'override_cents'] as const) {
    const value = fields[field];
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) add(violations, field, 'must be a whole number, at least 0');
  }
  if (fields.override_cents !== undefined && fields.override_cents > MAX_CENTS)
    add(violations, 'override_cents', `must be at most ${MAX_CENTS}`);
  if (fields.position !== undefined && fields.position < 1) add(violations, 'position', 'must be at least 1');
  if (fields.sku !== undefined && fields.sku.trim().length > MAX_SKU_LENGTH)
    add(violations, 'sku', `is too long (maximum is ${MAX_SKU_LENGTH} characters)`);
  return violations;
}

/** Whether the product has room for one more live variant. */
export function variantCountViolations(product: Pick<ProductRecord, 'variants'>): FieldViolations {
  return liveVariants(product).length >= MAX_VARIANTS ? { variants: [`must have at most ${MAX_VARIANTS} items`] } : {};
}

/** full_quantity is what the owner stocked, in_stock what is left of it: the count left cannot exceed it. */
export function stockViolations(variant: Pick<VariantRecord, 'in_stock' | 'full_quantity'>): FieldViolations {
  const violations: FieldViolations = {};
  if (variant.in_stock > variant.full_quantity) add(violations, 'in_stock', 'must not exceed full_quantity');
  return violations;
}

export function newVariantRecord(id: number, fields: VariantFields & { name: string; full_quantity: number }, now: Date): VariantRecord {
  return {
    id,
    name: fields.name.trim(),
    position: 0,
    sku: (fields.sku ?? '').trim(),
    full_quantity: fields.full_quantity,
    in_stock: fields.in_stock ?? fields.full_quantity,
    sold: 0,
    has_override_price: fields.has_override_price ?? false,
    override_cents: fields.override_cents ?? 0,
    created_at: now,
    updated_at: now,
    deleted: false,
    version: 0,
  };
}

/** The owner's field changes (position aside, see moveVariant); null when nothing differs. */
export function applyVariantChanges(variant: VariantRecord, fields: Omit<VariantFields, 'position'>): VariantRecord | null {
  const wanted: Partial<VariantRecord> = {
    ...fields,
    ...(fields.name !== undefined ? { name: fields.name.trim() } : {}),
    ...(fields.sku !== undefined ? { sku: fields.sku.trim() } : {}),
  };
  const changed = Object.entries(wanted).filter(([field, value]) => value !== undefined && variant[field as keyof VariantRecord] !== value);
  return changed.length === 0 ? null : { ...variant, ...Object.fromEntries(changed) };
}

/** Replaces the live variants with `ordered`, numbering them 1..n; deleted variants are kept as they are. */
function withOrder(product: ProductRecord, ordered: VariantRecord[]): ProductRecord {
  const renumbered = ordered.map((variant, index) => (variant.position === index + 1 ? variant : { ...variant, position: index + 1 }));
  const deleted = product.variants.filter((variant) => variant.deleted && !ordered.some((live) => live.id === variant.id));
  return { ...product, variants: [...renumbered, ...deleted] };
}

/** Inserts at `position` (1-based; absent or past the end appends); the others shift to make room. */
export function placeVariant(product: ProductRecord, variant: VariantRecord, position?: number): ProductRecord {
  const live = liveVariants(product);
  const index = position === undefined ? live.length : Math.min(Math.max(position, 1), live.length + 1) - 1;
  live.splice(index, 0, variant);
  return withOrder(product, live);
}

/** Moves a live variant to `position` (clamped to 1..n). */
export function moveVariant(product: ProductRecord, variantId: number, position: number): ProductRecord {
  const live = liveVariants(product);
  const from = live.findIndex((variant) => variant.id === variantId);
  if (from === -1) return product;
  const [moving] = live.splice(from, 1);
  live.splice(Math.min(Math.max(position, 1), live.length + 1) - 1, 0, moving!);
  return withOrder(product, live);
}

export function replaceVariant(product: ProductRecord, variant: VariantRecord): ProductRecord {
  return { ...product, variants: product.variants.map((existing) => (existing.id === variant.id ? variant : existing)) };
}

export class LastVariantError extends Error {
  constructor() {
    super('A product keeps at least one variant; delete the product instead');
  }
}

/**
 * Soft-deletes a live variant, renumbers the rest and, when it was the default, makes the
 * lowest-position remaining one the default. Refuses to delete the last one.
 */
export function removeVariant(product: ProductRecord, variantId: number, now: Date): ProductRecord {
  const live = liveVariants(product);
  const target = live.find((variant) => variant.id === variantId);
  if (!target) return product;
  if (live.length === 1) throw new LastVariantError();
  const remaining = live.filter((variant) => variant.id !== variantId);
  const ordered = withOrder(product, remaining);
  const deleted: VariantRecord = { ...target, deleted: true, deleted_at: now };
  const defaultVariantId = product.default_variant_id === variantId ? remaining[0]!.id : product.default_variant_id;
  return { ...ordered, default_variant_id: defaultVariantId, variants: [...ordered.variants, deleted] };
}
