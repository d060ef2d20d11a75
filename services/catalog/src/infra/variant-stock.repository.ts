import { DuplicateKeyError, type Collection } from '@commerce/persistence';

/**
 * One row per variant for the low-stock list (docs/catalog.md#low-stock-variants). Variants live inside their product's
 * document, where no index can order them by stock (an array field: docs/persistence.md#where-sqlite-and-mongodb-differ),
 * so catalog keeps this projection of its own variant events: the stock, the product, and `version` (the variant's event
 * sequence), so an older event never overwrites a newer one. A deleted variant's row stays, `deleted`, for good: no
 * late event brings it back.
 */
export interface VariantStockDocument {
  [key: string]: unknown;
  store_id: number;
  /** The variant's id. */
  id: number;
  product_id: number;
  in_stock: number;
  deleted: boolean;
  version: number;
}

export interface VariantStock {
  id: number;
  product_id: number;
  in_stock: number;
}

export class VariantStockRepository {
  static readonly collection = 'variant_stock';

  constructor(private readonly rows: Collection<VariantStockDocument>) {}

  /** The variant's stock as of `version`, unless the row already holds that version or a later one, or is deleted. */
  async apply(storeId: number, variant: VariantStock, version: number): Promise<void> {
    await this.upsertUnlessDone(
      { store_id: storeId, id: variant.id, deleted: false, version: { $lt: version } },
      { product_id: variant.product_id, in_stock: variant.in_stock, version },
    );
  }

  /** The variant is gone (its own delete, or its product's): its row leaves the list for good. */
  async remove(storeId: number, variantId: number, productId: number): Promise<void> {
    await this.upsertUnlessDone(
      { store_id: storeId, id: variantId, deleted: false },
      { product_id: productId, deleted: true, in_stock: 0 },
    );
  }

  /** The store's live rows with at most `inStockMax` units, lowest first (index variant_stock_low), and how many there are. */
  async lowest(
    storeId: number,
    inStockMax: number,
    page: { skip: number; limit: number },
  ): Promise<{ rows: VariantStockDocument[]; total: number }> {
    const filter = { store_id: storeId, deleted: false, in_stock: { $lte: inStockMax } };
    const [rows, total] = await Promise.all([
      this.rows.find(filter, { sort: { in_stock: 1, id: 1 }, skip: page.skip, limit: page.limit }),
      this.rows.count(filter),
    ]);
    return { rows, total };
  }

  /**
   * The filter selects the row only when the change is newer; no row selected, the upsert inserts one, which collides
   * with a row that is newer or deleted (the unique store and id): that change has nothing left to do.
   */
  private async upsertUnlessDone(filter: Record<string, unknown>, values: Partial<VariantStockDocument>): Promise<void> {
    try {
      await this.rows.updateOne(filter, { $set: values }, { upsert: true });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }
}
