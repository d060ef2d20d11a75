import type { ApiClient } from './api-client';
import type { IdRecord, ProductRecord } from './api-records';
import type { CatalogPlan, ProductPlan } from './catalog-plan';
import type { Progress } from './progress';

/** A planned product as the store now has it: its id and its variants' ids, in the plan's order. */
export interface CreatedProduct {
  id: number;
  variant_ids: number[];
}

export interface CreatedCatalog {
  products: CreatedProduct[];
  collection_ids: number[];
}

/** Products (with their variants and stock) in the demo's shipping group, then the collections over them (docs/catalog.md). */
export async function createCatalog(
  api: ApiClient,
  plan: CatalogPlan,
  shippingGroupId: number,
  progress: Progress,
): Promise<CreatedCatalog> {
  progress.start('products', plan.products.length + plan.collections.length);
  const products: CreatedProduct[] = [];
  for (const product of plan.products) {
    products.push(await createProduct(api, product, shippingGroupId));
    progress.tick();
  }
  const collectionIds: number[] = [];
  for (const collection of plan.collections) {
    const created = await api.call<IdRecord>('POST', '/v1/collections', {
      name: collection.name,
      description: collection.description,
      products: collection.product_indexes.map((index) => products[index]!.id),
    });
    collectionIds.push(created.id);
    progress.tick();
  }
  progress.finish();
  return { products, collection_ids: collectionIds };
}

/** The product comes with its "Default" variant: it becomes the first planned one (renamed, stocked); the others are added. */
async function createProduct(api: ApiClient, plan: ProductPlan, shippingGroupId: number): Promise<CreatedProduct> {
  const product = await api.call<ProductRecord>('POST', '/v1/products', {
    name: plan.name,
    description: plan.description,
    cents: plan.cents,
    status: 'active',
    shipping_group_id: shippingGroupId,
    tag_list: plan.tag_list,
  });
  const [first, ...others] = plan.variants;
  const defaultId = product.variants[0]!.variant.id;
  await api.call('PUT', `/v1/products/${product.id}/variants/${defaultId}`, {
    name: first!.name,
    full_quantity: first!.stock,
    in_stock: first!.stock,
  });
  const variantIds = [defaultId];
  for (const variant of others) {
    const created = await api.call<IdRecord>('POST', `/v1/products/${product.id}/variants`, {
      name: variant.name,
      full_quantity: variant.stock,
      ...(variant.override_cents !== undefined ? { has_override_price: true, override_cents: variant.override_cents } : {}),
    });
    variantIds.push(created.id);
  }
  return { id: product.id, variant_ids: variantIds };
}
