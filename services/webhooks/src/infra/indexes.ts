import type { Collection } from '@commerce/persistence';
import { StoreZoneRepository, type StoreZoneDocument } from '@commerce/store-zones';
import { SLOT_INDEX, type WebhookDocument } from './webhook.repository';

/** Every index the queries need: a store's webhooks by id (list, get, writes), its places (the 50 limit), the zones. */
export async function ensureWebhooksIndexes(webhooks: Collection<WebhookDocument>, zones: Collection<StoreZoneDocument>): Promise<void> {
  await webhooks.createIndex({ store_id: 1, id: 1 }, { unique: true, name: 'webhooks_store_id' });
  await webhooks.createIndex({ store_id: 1, slot: 1 }, { unique: true, name: SLOT_INDEX });
  await StoreZoneRepository.ensureIndexes(zones);
}
