import { newProductRecord, type ProductRecord } from './product';
import { newProductInput } from './product-input';
import { newVariantRecord } from './variant';

export const NOW = new Date('2026-03-01T12:00:00Z');

/** A product with its default variant (id 100); tests add variants with `withVariants`. */
export function aProductRecord(overrides: Partial<ProductRecord> = {}): ProductRecord {
  const product = newProductRecord(newProductInput({ name: 'Green Tea', cents: 1000 }), {
    id: 7,
    storeId: 1,
    defaultVariant: newVariantRecord(100, { name: 'Default', full_quantity: 0 }, NOW),
    shippingGroup: { id: 0, name: '' },
    position: 1,
    photos: [],
    now: NOW,
  });
  return { ...product, ...overrides };
}

/** Appends live variants with the given ids (positions after the existing ones). */
export function withVariants(product: ProductRecord, ...ids: number[]): ProductRecord {
  const start = product.variants.filter((variant) => !variant.deleted).length;
  const added = ids.map((id, index) => ({
    ...newVariantRecord(id, { name: `V${id}`, full_quantity: 10 }, NOW),
    position: start + index + 1,
  }));
  return { ...product, variants: [...product.variants, ...added] };
}
