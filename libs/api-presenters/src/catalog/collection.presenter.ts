import type { catalog } from '@commerce/contracts';
import { z } from 'zod';
import { id, optionalTimestamp } from '../answer-schema';
import { formatOptionalTimestamp } from '../timestamp';

/** What presentCollection renders: the one description of a collection's JSON (the OpenAPI document's `Collection`). */
export const collectionJson = z
  .strictObject({
    id: id(),
    name: z.string(),
    description: z.string(),
    products: z.array(id()).meta({ description: 'member product ids, in the order they were set' }),
    created_at: optionalTimestamp(),
    updated_at: optionalTimestamp(),
  })
  .meta({ id: 'Collection' });

export type CollectionJson = z.infer<typeof collectionJson>;

/** A collection as docs/catalog.md#collection fixes it (the spec shows none): member product ids in the order they were set. */
export function presentCollection(collection: catalog.Collection, context: catalog.StoreContext): CollectionJson {
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
