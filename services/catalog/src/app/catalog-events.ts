import { isDeepStrictEqual } from 'node:util';
import { presentCollection, presentProduct, presentVariant } from '@commerce/api-presenters';
import type { catalog } from '@commerce/contracts';
import { newEvent, type DomainEvent } from '@commerce/events';
import { validationFailed } from '@commerce/grpc-runtime';
import type { CollectionRecord } from '../domain/collection';
import type { ProductRecord, VariantRecord } from '../domain/product';
import { hasViolations } from '../domain/product-input';
import { renderedSizeViolations } from '../domain/rendered-size';
import { toCollectionMessage, toProductMessage, toVariantMessage } from './catalog-message';

export type ProductTopic = 'product/created' | 'product/updated' | 'product/deleted';
export type CollectionTopic = 'collection/created' | 'collection/updated' | 'collection/deleted';

export interface RenderContext {
  context: catalog.StoreContext;
  /** The live collections holding the product after the change. */
  collectionIds: number[];
  now: Date;
  /** Where hosted photos are served (CatalogDeps.mediaOrigin). */
  mediaOrigin: string;
}

/**
 * Stamps a product change and builds its events: a variant whose rendering changed gets the next
 * sequence, `updated_at` and a variant/* event (also when it changed through the product, e.g. its
 * price followed the product's cents); the product gets `productTopic` when given. Stock movements
 * pass null: they publish variant/updated only, as the contract says.
 */
export function stampProductChange<P extends ProductRecord>(
  before: ProductRecord | null,
  after: P,
  productTopic: ProductTopic | null,
  render: RenderContext,
): { after: P; events: DomainEvent[] } {
  const { now } = render;
  const variantEvents: DomainEvent[] = [];
  // A deleted product takes its variants with it: product/deleted says it all.
  const variants = after.deleted
    ? after.variants
    : after.variants.map((variant) => {
        const previous = before?.variants.find((candidate) => candidate.id === variant.id);
        const topic = variantTopic(previous, variant, before, after);
        if (!topic) return variant;
        const stamped: VariantRecord = {
          ...variant,
          version: variant.version + 1,
          updated_at: topic === 'variant/created' ? variant.updated_at : now,
        };
        variantEvents.push(variantEvent(topic, after.store_id, stamped, after, render.context, now));
        return stamped;
      });
  let stamped: P = { ...after, variants };
  if (!productTopic) return { after: stamped, events: variantEvents };

  stamped = { ...stamped, version: stamped.version + 1, updated_at: productTopic === 'product/created' ? stamped.updated_at : now };
  const productEvent = newEvent({
    topic: productTopic,
    storeId: stamped.store_id,
    resourceType: 'product',
    resourceId: stamped.id,
    sequence: stamped.version,
    resource: presentProduct(toProductMessage(stamped, render.collectionIds), render.context, render.mediaOrigin),
    now,
  });
  const events = productTopic === 'product/created' ? [productEvent, ...variantEvents] : [...variantEvents, productEvent];
  return { after: stamped, events };
}

type VariantTopic = 'variant/created' | 'variant/updated' | 'variant/deleted';

function variantTopic(
  previous: VariantRecord | undefined,
  variant: VariantRecord,
  before: ProductRecord | null,
  after: ProductRecord,
): VariantTopic | undefined {
  if (!previous) return variant.deleted ? undefined : 'variant/created';
  if (variant.deleted) return previous.deleted ? undefined : 'variant/deleted';
  if (!before) return undefined;
  const { created_at: _c1, updated_at: _u1, ...was } = toVariantMessage(previous, before);
  const { created_at: _c2, updated_at: _u2, ...is } = toVariantMessage(variant, after);
  return isDeepStrictEqual(was, is) ? undefined : 'variant/updated';
}

function variantEvent(
  topic: VariantTopic,
  storeId: number,
  variant: VariantRecord,
  product: ProductRecord,
  context: catalog.StoreContext,
  now: Date,
): DomainEvent {
  return newEvent({
    topic,
    storeId,
    resourceType: 'variant',
    resourceId: variant.id,
    sequence: variant.version,
    resource: presentVariant(toVariantMessage(variant, product), context),
    now,
  });
}

/** A collection event; `liveProductIds` renders the members the way reads do. */
export function collectionEvent(
  topic: CollectionTopic,
  collection: CollectionRecord,
  liveProductIds: ReadonlySet<number>,
  context: catalog.StoreContext,
  now: Date,
): DomainEvent {
  return newEvent({
    topic,
    storeId: collection.store_id,
    resourceType: 'collection',
    resourceId: collection.id,
    sequence: collection.version,
    resource: presentCollection(toCollectionMessage(collection, liveProductIds), context),
    now,
  });
}

/**
 * Refuses (INVALID_ARGUMENT on the record's name) a write whose events would carry a rendering over the budget, so an
 * owner's input can never make an event the broker refuses. A deletion is never refused: its event shows the record
 * as it already was.
 */
export function requireRenderableSize(events: readonly DomainEvent[]): void {
  for (const event of events) {
    if (event.topic.endsWith('/deleted')) continue;
    const violations = renderedSizeViolations(event.resource_type, event.resource);
    if (hasViolations(violations)) throw validationFailed(violations);
  }
}
