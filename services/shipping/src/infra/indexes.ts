import type { Collection } from '@commerce/persistence';
import type { StoreShippingDocument } from './store-shipping.repository';

/**
 * Every read and write of the service finds one store's document by `store_id`, so one unique index
 * backs them all; groups, classes and rates are looked up inside that document (a handful each), and the
 * uniqueness of a (group, class) rate is kept by the domain on every write. Call at every start-up.
 */
export async function ensureShippingIndexes(documents: Collection<StoreShippingDocument>): Promise<void> {
  await documents.createIndex({ store_id: 1 }, { unique: true, name: 'store_shipping_store_id' });
}
