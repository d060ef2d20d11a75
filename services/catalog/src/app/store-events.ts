import type { DomainEvent } from '@commerce/events';
import type { CatalogDeps } from './catalog-deps';

const TOPICS = new Set(['store/created', 'store/updated']);

/** Keeps the store-context projection from the storefront's store events (templates and the rest are not ours). */
export async function applyStoreEvent(deps: CatalogDeps, event: DomainEvent): Promise<void> {
  if (!TOPICS.has(event.topic)) return;
  await deps.storeContexts.apply(event.store_id, event.resource);
}
