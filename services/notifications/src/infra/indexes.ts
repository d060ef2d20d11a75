import type { Database } from '@commerce/persistence';
import { MessageRepository } from './message.repository';
import { TemplateRepository } from './template.repository';

/** Every index notifications' queries need (docs/service-template.md#collections-and-indexes). */
export async function ensureNotificationsIndexes(db: Database): Promise<void> {
  const messages = db.collection(MessageRepository.collection);
  await messages.createIndex({ id: 1 }, { unique: true });
  // One message per event and kind: a redelivered event makes nothing new.
  await messages.createIndex({ event_id: 1, kind: 1 }, { unique: true });
  await messages.createIndex({ status: 1, next_attempt_at: 1 });
  await messages.createIndex({ store_id: 1, id: -1 });
  await messages.createIndex({ store_id: 1, order_id: 1, kind: 1 });
  await db.collection(TemplateRepository.collection).createIndex({ store_id: 1, kind: 1 }, { unique: true });
}
