import type { Collection } from '@commerce/persistence';
import type { AppRecord } from '../domain/app';

export type AppDocument = AppRecord;

/** Developer apps; deleted ones stay (soft delete) so their client id is never handed out again. */
export class AppRepository {
  static readonly collection = 'apps';

  constructor(private readonly apps: Collection<AppDocument>) {}

  insert(app: AppRecord): Promise<AppDocument> {
    return this.apps.insertOne(app);
  }

  /** A live app; a deleted one is as good as unknown. */
  findLive(clientId: string): Promise<AppDocument | null> {
    return this.apps.findOne({ client_id: clientId, deleted: false });
  }

  findLiveMany(clientIds: string[]): Promise<AppDocument[]> {
    return clientIds.length === 0 ? Promise.resolve([]) : this.apps.find({ client_id: { $in: clientIds }, deleted: false });
  }

  listOwnedBy(userId: number): Promise<AppDocument[]> {
    return this.apps.find({ owner_user_id: userId, deleted: false }, { sort: { created_at: 1 } });
  }

  /** Answers whether this call deleted it (false: unknown, not the owner's, or already deleted). */
  async markDeleted(clientId: string, ownerUserId: number, now: Date): Promise<boolean> {
    const { modified } = await this.apps.updateOne(
      { client_id: clientId, owner_user_id: ownerUserId, deleted: false },
      { $set: { deleted: true, deleted_at: now, updated_at: now } },
    );
    return modified > 0;
  }
}
