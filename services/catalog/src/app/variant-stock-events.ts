import { isEventOf, type DomainEvent } from '@commerce/events';
import type { CatalogDeps } from './catalog-deps';

/**
 * Catalog's own variant events kept as the low-stock list's rows (infra/variant-stock.repository.ts): a variant's stock as
 * its event says, by the event's sequence; a deleted variant, or every variant of a deleted product (product/deleted
 * alone says it: no variant/deleted follows it), leaves the list. Other topics change nothing.
 */
export async function applyVariantStockEvent(deps: Pick<CatalogDeps, 'variantStock'>, event: DomainEvent): Promise<void> {
  if (isEventOf(event, ['variant/created', 'variant/updated'])) {
    const { id, product_id, in_stock } = event.resource;
    await deps.variantStock.apply(event.store_id, { id, product_id, in_stock }, event.sequence);
  } else if (isEventOf(event, ['variant/deleted'])) {
    await deps.variantStock.remove(event.store_id, event.resource.id, event.resource.product_id);
  } else if (isEventOf(event, ['product/deleted'])) {
    for (const { variant } of event.resource.variants) await deps.variantStock.remove(event.store_id, variant.id, event.resource.id);
  }
}
