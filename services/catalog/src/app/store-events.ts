import { isEventOf, type DomainEvent } from '@commerce/events';
import type { CatalogDeps } from './catalog-deps';

const TOPICS = ['store/created', 'store/updated'] as const;

/** Keeps the store-context projection from the storefront's store events (templates and the rest are not ours). */
export async function applyStoreEvent(deps: Pick<CatalogDeps, 'storeContexts'>, event: DomainEvent): Promise<void> {
  if (!isEventOf(event, TOPICS)) return;
  await deps.storeContexts.apply(event.store_id, event.resource);
}
