import type { catalog } from '@commerce/contracts';
import type { ServiceClient } from '@commerce/grpc-runtime';
import type { CatalogPort, ReservedLine } from '../app/orders-deps';

type CatalogRpc = Pick<
  ServiceClient<catalog.CatalogServiceClient>,
  'reserveStock' | 'priceLines' | 'releaseStock' | 'restockLines' | 'getProductsByIds' | 'getVariantsByIds'
>;

/** Catalog's stock and record RPCs behind the port the use cases ask (ORDERS_BACKEND_DEADLINE_MS, the client's deadline, applies). */
export class CatalogClient implements CatalogPort {
  constructor(private readonly catalog: CatalogRpc) {}

  async reserveStock(storeId: number, key: string, lines: Array<{ variant_id: number; quantity: number }>): Promise<ReservedLine[]> {
    return (await this.catalog.reserveStock({ store_id: storeId, order_key: key, lines })).lines;
  }

  async priceLines(storeId: number, lines: Array<{ variant_id: number; quantity: number }>): Promise<ReservedLine[]> {
    return (await this.catalog.priceLines({ store_id: storeId, lines })).lines;
  }

  async releaseStock(storeId: number, key: string): Promise<boolean> {
    return (await this.catalog.releaseStock({ store_id: storeId, order_key: key })).released;
  }

  async restockLines(storeId: number, key: string, lines: Array<{ variant_id: number; quantity: number }>): Promise<boolean> {
    return (await this.catalog.restockLines({ store_id: storeId, restock_key: key, lines })).restocked;
  }

  async productsByIds(storeId: number, productIds: number[]) {
    const answer = await this.catalog.getProductsByIds({ store_id: storeId, product_ids: productIds, include_deleted: true });
    return { products: answer.products, context: answer.store_context };
  }

  async variantsByIds(storeId: number, variantIds: number[]) {
    const answer = await this.catalog.getVariantsByIds({ store_id: storeId, variant_ids: variantIds, include_deleted: true });
    return { variants: answer.variants, context: answer.store_context };
  }
}
