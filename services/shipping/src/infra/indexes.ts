import type { Database } from '@commerce/persistence';
import { StoreShippingRepository, type StoreShippingDocument } from './store-shipping.repository';

/**
 * Every read and write of the service finds one store's document by `store_id`, so one unique index
 * backs them all; groups, classes and rates are looked up inside that document (a handful each), and the
 * uniqueness of a (group, class) rate is kept by the domain on every write. Call at every start-up.
 */
export async function ensureShippingIndexes(db: Database): Promise<void> {
  const documents = db.collection<StoreShippingDocument>(StoreShippingRepository.collection);
  await documents.createIndex({ store_id: 1 }, { unique: true, name: 'store_shipping_store_id' });
}
