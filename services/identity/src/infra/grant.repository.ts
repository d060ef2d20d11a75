import type { DomainEvent, OutboxCollection } from '@commerce/events';
import type { GrantRecord, RevocationReason } from '../domain/grant';

/** A grant with the events not yet relayed. */
export type GrantDocument = GrantRecord & { outbox: DomainEvent[] };

export class GrantRepository {
  static readonly collection = 'grants';

  constructor(private readonly grants: OutboxCollection<GrantDocument>) {}

  insert(grant: GrantRecord): Promise<GrantDocument> {
    return this.grants.insertWithEvents(grant, []);
  }

  findById(id: number): Promise<GrantDocument | null> {
    return this.grants.findOne({ id });
  }

  listActiveOfUser(userId: number): Promise<GrantDocument[]> {
    return this.grants.find({ user_id: userId, active: true }, { sort: { id: 1 } });
  }

  listActive(filter: { user_id?: number; client_id: string }): Promise<GrantDocument[]> {
    return this.grants.find({ ...filter, active: true }, { sort: { id: 1 } });
  }

  /**
   * Revokes an active grant with its events in the same write. Answers the revoked grant, or null
   * when it was already revoked (or never existed): revocation happens once.
   */
  async revoke(
    id: number,
    reason: RevocationReason,
    now: Date,
    events: (grant: GrantDocument) => DomainEvent[],
  ): Promise<GrantDocument | null> {
    const current = await this.findById(id);
    if (!current || current.revoked_at) return null;
    const update = { $set: { active: false, revoked_at: now, revoked_reason: reason, updated_at: now }, $inc: { version: 1 } };
    // The active guard makes a concurrent revocation a no-op instead of a second set of events.
    return this.grants.findOneAndUpdateWithEvents({ id, active: true }, update, events(current));
  }
}
