import type { CollectionJson, VariantJson } from '@commerce/api-presenters';
import { isEventOf, type DomainEvent, type EventMeta } from '@commerce/events';
import type { ProductSnapshot } from '../domain/store-catalog';
import type { StorefrontDeps } from './storefront-deps';

/** Where catalog's events are applied (infra/catalog-projection.repository.ts); each apply keeps the newer sequence. */
export interface CatalogProjectionWriter {
  applyProduct(storeId: number, sequence: number, product: ProductSnapshot, deleted: boolean): Promise<boolean>;
  applyVariant(storeId: number, sequence: number, variant: VariantJson, deleted: boolean): Promise<boolean>;
  /** Stores the variants of a product's snapshot that the projection has never seen; answers whether it stored any. */
  seedVariants(storeId: number, variants: VariantJson[]): Promise<boolean>;
  applyCollection(storeId: number, sequence: number, collection: CollectionJson, deleted: boolean): Promise<boolean>;
  /** Tells every reader of the store's catalog to read it again; resolves once they would (bumps asked at once may be shared). */
  bumpVersion(storeId: number): Promise<void>;
}

const PRODUCT_TOPICS = ['product/created', 'product/updated', 'product/deleted'] as const;
const VARIANT_TOPICS = ['variant/created', 'variant/updated', 'variant/deleted'] as const;
const COLLECTION_TOPICS = ['collection/created', 'collection/updated', 'collection/deleted'] as const;

/**
 * Keeps the storefront's catalog projection from catalog's events. Applying an event again, or after a newer one of
 * its resource, changes no record (the sequence check, tombstones), and the store's version moves only when a record
 * changed or the event is redelivered, so the consumer keeps no record of the event ids it handled. A product's
 * variants come from the variant events, which catalog publishes for every variant change including stock moves; a
 * product event's snapshot only fills in variants the projection has not seen. Other topics are not ours.
 */
export async function applyCatalogEvent(
  deps: Pick<StorefrontDeps, 'projection'>,
  event: DomainEvent,
  delivery: Pick<EventMeta, 'redelivered'> = { redelivered: false },
): Promise<void> {
  const storeId = event.store_id;
  let changed: boolean;
  if (isEventOf(event, PRODUCT_TOPICS)) {
    const { variants, ...product } = event.resource;
    const deleted = event.topic === 'product/deleted' || product.deleted_at !== null;
    changed = await deps.projection.applyProduct(storeId, event.sequence, product, deleted);
    if (!deleted)
      changed =
        (await deps.projection.seedVariants(
          storeId,
          variants.map(({ variant }) => variant),
        )) || changed;
  } else if (isEventOf(event, VARIANT_TOPICS)) {
    changed = await deps.projection.applyVariant(storeId, event.sequence, event.resource, event.topic === 'variant/deleted');
  } else if (isEventOf(event, COLLECTION_TOPICS)) {
    changed = await deps.projection.applyCollection(storeId, event.sequence, event.resource, event.topic === 'collection/deleted');
  } else {
    return;
  }
  // A redelivery moves the version even when it changed nothing: the delivery before it may have written the change
  // and failed before its bump, which would leave the site serving the catalog it cached until the store's next change.
  if (!changed && !delivery.redelivered) return;
  await deps.projection.bumpVersion(storeId);
}
