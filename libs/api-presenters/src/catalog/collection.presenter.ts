import type { catalog } from '@commerce/contracts';
import { formatOptionalTimestamp } from '../timestamp';

/** A collection as DESIGN §8 fixes it (the spec shows none): member product ids in the order they were set. */
export function presentCollection(collection: catalog.Collection, context: catalog.StoreContext) {
  const zone = context.time_zone;
  return {
    id: collection.id,
    name: collection.name,
    description: collection.description,
    products: [...collection.product_ids],
    created_at: formatOptionalTimestamp(collection.created_at, zone),
    updated_at: formatOptionalTimestamp(collection.updated_at, zone),
  };
}

export type CollectionJson = ReturnType<typeof presentCollection>;
