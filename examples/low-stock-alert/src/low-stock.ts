import type { CommerceClient, components } from '@commerce/sdk';
import type { Alert } from './app-data.js';

type Product = components['schemas']['Product'];

export const LOW_STOCK_TAG = 'low-stock';

/** What a product's stock asks of its tags now: the rule, without I/O. */
export type StockDecision =
  { action: 'tag'; tagList: string[]; lowVariants: Alert['variants'] } | { action: 'untag'; tagList: string[] } | { action: 'none' };

/**
 * A product is low when any of its variants has `threshold` items or fewer in stock. The decision reads the
 * product as it is now rather than the event's variant, so deliveries that arrive late, twice or out of order
 * (two variants of one product are delivered side by side: docs/webhooks.md#order) still end on the right tags.
 */
export function decide(product: Product, threshold: number): StockDecision {
  const tagged = product.tag_list.includes(LOW_STOCK_TAG);
  const lowVariants = product.variants
    .map(({ variant }) => variant)
    .filter((variant) => variant.in_stock <= threshold)
    .map((variant) => ({ id: variant.id, name: variant.name, inStock: variant.in_stock }));

  if (lowVariants.length > 0 && !tagged) return { action: 'tag', tagList: [...product.tag_list, LOW_STOCK_TAG], lowVariants };
  if (lowVariants.length === 0 && tagged) return { action: 'untag', tagList: product.tag_list.filter((tag) => tag !== LOW_STOCK_TAG) };
  return { action: 'none' };
}

/**
 * The reaction to a stock change: tag the product `low-stock` when it runs low (and answer the alert to record),
 * take the tag off once it is restocked above the threshold. Everything through the public API.
 */
export async function reactToStock(
  client: CommerceClient,
  storeId: number,
  productId: number,
  threshold: number,
): Promise<Alert | undefined> {
  const { data: product } = await client.GET('/v1/products/{id}', { params: { path: { id: productId } } });
  const decision = decide(product, threshold);
  if (decision.action === 'none') return undefined;

  // `tag_list` replaces the product's tags: send the ones it has, plus or minus ours (docs/catalog.md).
  await client.PUT('/v1/products/{id}', { params: { path: { id: productId } }, body: { tag_list: decision.tagList } });
  if (decision.action === 'untag') return undefined;
  return { storeId, productId, productName: product.name, variants: decision.lowVariants, raisedAt: new Date().toISOString() };
}
