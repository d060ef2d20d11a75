import { DuplicateKeyError, type Collection, type Database } from '@commerce/persistence';
import { NO_LEASE, type DeliveryStatus } from '../domain/delivery';

/** An event of the events feed (kept 30 days): the envelope as published, and whether its jobs are all written. */
export interface StoredEventDocument {
  [key: string]: unknown;
  id: string;
  topic: string;
  store_id: number;
  occurred_at: string;
  resource: unknown;
  sequence: number;
  resource_type: string;
  resource_id: number;
  received_at: Date;
  /** True once every delivery job of the event is written: a redelivered message then changes nothing. */
  fanned_out: boolean;
}

/** One attempt of a delivery, as the deliveries API answers it. */
export interface DeliveryAttempt {
  [key: string]: unknown;
  attempt: number;
  attempted_at: Date;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  /** When the next attempt is due after this one; null when this one ended the delivery. */
  next_attempt_at: Date | null;
}

/** A delivery job: one event for one webhook. */
export interface DeliveryDocument {
  [key: string]: unknown;
  id: number;
  webhook_id: number;
  store_id: number;
  event_id: string;
  topic: string;
  /** `<resource_type>:<resource_id>`: the jobs of one resource go one at a time, in `sequence` order. */
  resource_key: string;
  sequence: number;
  occurred_at: string;
  status: DeliveryStatus;
  /** Due time of the next attempt while pending (the last one's time once final). */
  next_attempt_at: Date;
  first_attempt_at: Date | null;
  attempt_count: number;
  attempts: DeliveryAttempt[];
  /** Who sends it now, until when (epoch and '' when nobody): a replica takes a job only once its lease ran out. */
  lease_until: Date;
  lease_owner: string;
  /** Why it ended, when it did not end delivered. */
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
}

export const EVENT_ID_INDEX = 'events_id';
export const DELIVERY_EVENT_INDEX = 'deliveries_webhook_event';

export class DeliveryRepository {
  constructor(
    readonly events: Collection<StoredEventDocument>,
    readonly deliveries: Collection<DeliveryDocument>,
  ) {}

  static open(db: Database): DeliveryRepository {
    return new DeliveryRepository(db.collection<StoredEventDocument>('events'), db.collection<DeliveryDocument>('deliveries'));
  }

  async ensureIndexes(): Promise<void> {
    await this.events.createIndex({ id: 1 }, { unique: true, name: EVENT_ID_INDEX });
    await this.events.createIndex({ received_at: 1 }, { name: 'events_received' });
    await this.deliveries.createIndex({ webhook_id: 1, event_id: 1 }, { unique: true, name: DELIVERY_EVENT_INDEX });
    await this.deliveries.createIndex({ id: 1 }, { unique: true, name: 'deliveries_id' });
    await this.deliveries.createIndex({ status: 1, next_attempt_at: 1 }, { name: 'deliveries_due' });
    await this.deliveries.createIndex({ webhook_id: 1, resource_key: 1, status: 1, sequence: 1 }, { name: 'deliveries_resource' });
    await this.deliveries.createIndex({ webhook_id: 1, id: 1 }, { name: 'deliveries_webhook' });
  }

  findEvent(id: string): Promise<StoredEventDocument | null> {
    return this.events.findOne({ id });
  }

  /** Stores the event; answers the stored one when it was there already (a redelivered message). */
  async insertEvent(event: StoredEventDocument): Promise<StoredEventDocument> {
    try {
      return await this.events.insertOne(event);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const stored = await this.findEvent(event.id);
      if (!stored) throw error;
      return stored;
    }
  }

  async markFannedOut(eventId: string): Promise<void> {
    await this.events.updateOne({ id: eventId }, { $set: { fanned_out: true } });
  }

  /** Stores the job; false when the webhook has one for the event already. */
  async insertDelivery(delivery: DeliveryDocument): Promise<boolean> {
    try {
      await this.deliveries.insertOne(delivery);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError && error.index === DELIVERY_EVENT_INDEX) return false;
      throw error;
    }
  }

  /** Pending jobs due at `now` and not leased, soonest first. */
  due(now: Date, limit: number): Promise<DeliveryDocument[]> {
    return this.deliveries.find({ status: 'pending', next_attempt_at: { $lte: now }, lease_until: { $lte: now } }, { sort: { next_attempt_at: 1, id: 1 }, limit });
  }

  /** The job of the resource that goes first (lowest sequence, then occurred_at, then event id) among the pending ones. */
  async headOf(webhookId: number, resourceKey: string): Promise<DeliveryDocument | null> {
    const [head] = await this.deliveries.find({ webhook_id: webhookId, resource_key: resourceKey, status: 'pending' }, { sort: { sequence: 1, occurred_at: 1, event_id: 1 }, limit: 1 });
    return head ?? null;
  }

  /** Takes the job for `owner` until `until` when it is still pending and nobody holds it; null when another took it. */
  claim(id: number, owner: string, now: Date, until: Date): Promise<DeliveryDocument | null> {
    return this.deliveries.findOneAndUpdate(
      { id, status: 'pending', lease_until: { $lte: now } },
      { $set: { lease_owner: owner, lease_until: until } },
      { returnDocument: 'after' },
    );
  }

  /** Records an attempt and the job's new state while `owner` still holds it; false when its lease was lost. */
  async record(id: number, owner: string, set: Partial<DeliveryDocument>, attempt: DeliveryAttempt): Promise<boolean> {
    const updated = await this.deliveries.updateOne(
      { id, lease_owner: owner, status: 'pending' },
      { $set: { ...set, lease_owner: '', lease_until: NO_LEASE }, $inc: { attempt_count: 1 }, $push: { attempts: attempt } },
    );
    return updated.matched > 0;
  }

  /** Ends a job without an attempt (its webhook is gone or disabled). */
  async end(id: number, owner: string, status: DeliveryStatus, reason: string, now: Date): Promise<void> {
    await this.deliveries.updateOne({ id, lease_owner: owner, status: 'pending' }, { $set: { status, last_error: reason, updated_at: now, lease_owner: '', lease_until: NO_LEASE } });
  }

  /** Ends every pending job of the webhook (a 410 disabled it). */
  async cancelPending(webhookId: number, reason: string, now: Date): Promise<number> {
    const result = await this.deliveries.updateMany({ webhook_id: webhookId, status: 'pending' }, { $set: { status: 'canceled', last_error: reason, updated_at: now } });
    return result.modified;
  }

  /** Forgets the events received before `before`, and the final deliveries made before it. */
  async prune(before: Date): Promise<number> {
    const events = await this.events.deleteMany({ received_at: { $lt: before } });
    await this.deliveries.deleteMany({ status: { $in: ['delivered', 'failed', 'aborted', 'canceled'] }, created_at: { $lt: before } });
    return events;
  }
}
