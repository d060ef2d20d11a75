import type { Collection } from '@commerce/persistence';

/**
 * Which product holds a variant. Variants live inside their product's document (one atomic write per
 * change); this small, never-changing map answers lookups by variant id (orders' reads, ReserveStock)
 * with one indexed query. Written before the product takes the variant, so a crash in between leaves
 * only a reference to nothing, which readers ignore.
 */
export interface VariantRefDocument {
  [key: string]: unknown;
  store_id: number;
  id: number;
  product_id: number;
}

export class VariantRefRepository {
  static readonly collection = 'variant_refs';

  constructor(private readonly refs: Collection<VariantRefDocument>) {}

  async add(storeId: number, variantId: number, productId: number): Promise<void> {
    await this.refs.insertOne({ store_id: storeId, id: variantId, product_id: productId });
  }

  /** variant id → product id, for the ids that exist in this store. */
  async productsOf(storeId: number, variantIds: number[]): Promise<Map<number, number>> {
    if (variantIds.length === 0) return new Map();
    const refs = await this.refs.find({ store_id: storeId, id: { $in: variantIds } }, { sort: { id: 1 } });
    return new Map(refs.map((ref) => [ref.id, ref.product_id]));
  }
}
