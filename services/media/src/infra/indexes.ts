import type { Database } from '@commerce/persistence';
import { ImageRepository } from './image.repository';
import { ObjectClaimRepository } from './object-claim.repository';
import { UsageRepository } from './usage.repository';

/** Every index media's queries use (docs/persistence.md#indexes-listing-cost-does-not-grow-with-the-store). */
export async function ensureMediaIndexes(db: Database): Promise<void> {
  const images = db.collection(ImageRepository.collection);
  await images.createIndex({ store_id: 1, id: 1 }, { unique: true });
  await images.createIndex({ key: 1 });
  await images.createIndex({ status: 1, id: 1 });
  await images.createIndex({ created_at: 1 });
  await db.collection(UsageRepository.collection).createIndex({ store_id: 1 }, { unique: true });
  const claims = db.collection(ObjectClaimRepository.collection);
  await claims.createIndex({ key: 1 }, { unique: true });
  await claims.createIndex({ maybe_unused: 1, touched_at: 1 });
}
