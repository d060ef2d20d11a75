import { fieldViolations, recordFields, ruled, type FieldViolations } from '@commerce/grpc-runtime';
import { z } from 'zod';
import { add, nameField, tooLong } from './product-input';
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

/** A count of units: a whole number, at least 0. */
const units = () => ruled(z.number(), (count) => (Number.isSafeInteger(count) && count >= 0 ? [] : ['must be a whole number, at least 0']));

/**
 * What an owner writes on a variant, declared once (docs/architecture.md#one-description-per-record), in the order
 * violations are listed. `position` is the request's (where the variant goes, see placeVariant and moveVariant).
 */
const variantRequestFields = z.object({
  name: nameField(MAX_NAME_LENGTH),
  full_quantity: units(),
  /** Absent on create: full_quantity. */
  in_stock: units().optional(),
  override_cents: ruled(units(), (cents) => (cents > MAX_CENTS ? [`must be at most ${MAX_CENTS}`] : [])).default(0),
  position: ruled(z.number(), (position) => (position < 1 ? ['must be at least 1'] : [])),
  /** '' renders null. */
  sku: ruled(z.string().trim(), tooLong(MAX_SKU_LENGTH)).default(''),
  has_override_price: z.boolean().default(false),
});

/** The variant's own fields: VariantRecord holds them, a create sets them, an update changes them. */
export const variantFields = variantRequestFields.omit({ position: true });
export type NewVariantInput = z.output<typeof variantFields>;
export const variantRecordFields = recordFields(variantFields);
/** A create or update request's fields as the request names them (values unchecked). */
export type RawVariantFields = { readonly [K in keyof typeof variantRequestFields.shape]?: unknown };

/** Owner input of a variant; `required.name` on create (an absent name is blank). */
export function variantFieldViolations(fields: RawVariantFields, required: { name: boolean }): FieldViolations {
  return fieldViolations(variantRequestFields, { ...fields, name: fields.name ?? (required.name ? '' : undefined) });
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

/** A new variant from the create request's fields (call after validation): normalized, absent ones at their default. */
export function newVariantRecord(id: number, fields: RawVariantFields, now: Date): VariantRecord {
  const input = variantRecordFields.create(fields);
  return {
    id,
    ...input,
    position: 0,
    in_stock: input.in_stock ?? input.full_quantity,
    sold: 0,
    created_at: now,
    updated_at: now,
    deleted: false,
    version: 0,
  };
}

/** The owner's field changes (position aside, see moveVariant), normalized as create does; null when nothing differs. */
export function applyVariantChanges(variant: VariantRecord, fields: RawVariantFields): VariantRecord | null {
  const wanted: Partial<VariantRecord> = variantRecordFields.changes(fields);
  const changed = Object.entries(wanted).filter(([field, value]) => variant[field as keyof VariantRecord] !== value);
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
