import { claimJob, dueFilter, NO_LEASE, settleJob } from '@commerce/delivery';
import { DuplicateKeyError, type Collection, type Database } from '@commerce/persistence';
import type { DeliveryStatus } from '../domain/delivery';
import { historyKeyOf } from '../domain/event-history';
import { DELIVERY_EVENT_INDEX, DELIVERY_ID_INDEX } from './indexes';
import {
  DUE_FIELDS,
  FAN_OUT_FIELDS,
  HEAD_FIELDS,
  type AttemptDocument,
  type DeliveryAttempt,
  type DeliveryDocument,
  type DueJob,
  type EventToFanOut,
  type ResourceHead,
  type StoredEventDocument,
} from './delivery.documents';

/** The last instant an ISO time with a four-digit year holds (9999-12-31T23:59:59.999Z): no event occurs later. */
const LAST_FOUR_DIGIT_YEAR_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const FINAL: DeliveryStatus[] = ['delivered', 'failed', 'aborted', 'canceled'];

/** Which events a feed page holds besides the store's: one history, and within it one resource when asked. */
export interface FeedSubject {
  historyKey: string;
  resource?: { type: string; id: number };
}

export class DeliveryRepository {
  private lastFeedKey = 0;

  constructor(
    readonly events: Collection<StoredEventDocument>,
    readonly deliveries: Collection<DeliveryDocument>,
    readonly attempts: Collection<AttemptDocument>,
  ) {}

  static open(db: Database): DeliveryRepository {
    return new DeliveryRepository(
      db.collection<StoredEventDocument>('events'),
      db.collection<DeliveryDocument>('deliveries'),
      db.collection<AttemptDocument>('delivery_attempts'),
    );
  }

  /** The next feed key: the time in microseconds, or one past the last key when that is not later (same millisecond). */
  private nextFeedKey(receivedAt: Date): number {
    this.lastFeedKey = Math.max(receivedAt.getTime() * 1000, this.lastFeedKey + 1);
    return this.lastFeedKey;
  }

  findEvent(id: string): Promise<StoredEventDocument | null> {
    return this.events.findOne({ id });
  }

  /** Stores the event; answers the stored one when it was there already (a redelivered message). */
  async insertEvent(event: StoredEventDocument): Promise<StoredEventDocument> {
    try {
      return await this.events.insertOne({ ...event, feed_key: this.nextFeedKey(event.received_at) });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const stored = await this.findEvent(event.id);
      if (!stored) throw error;
      return stored;
    }
  }

  /** Whether the event of the same resource just before this one (sequence - 1) is stored. */
  async hasPredecessor(event: Pick<StoredEventDocument, 'store_id' | 'resource_type' | 'resource_id' | 'sequence'>): Promise<boolean> {
    const found = await this.events.findFields(
      { store_id: event.store_id, resource_type: event.resource_type, resource_id: event.resource_id, sequence: event.sequence - 1 },
      ['id'],
      { limit: 1 },
    );
    return found.length > 0;
  }

  /** Stored events whose jobs are not all written yet, oldest first, without their resource. */
  eventsToFanOut(limit: number): Promise<EventToFanOut[]> {
    return this.events.findFields({ fanned_out: false }, FAN_OUT_FIELDS, { sort: { received_at: 1, id: 1 }, limit });
  }

  async markFannedOut(eventIds: readonly string[]): Promise<void> {
    if (eventIds.length === 0) return;
    await this.events.updateMany({ id: { $in: [...eventIds] }, fanned_out: false }, { $set: { fanned_out: true } });
  }

  /** Stores the job; false when the webhook has one for the event already. */
  async insertDelivery(delivery: DeliveryDocument): Promise<boolean> {
    try {
      await this.deliveries.insertOne(delivery);
      return true;
    } catch (error) {
      // The webhook's job of the event exists, or this very job does (kept by an insertDeliveries that failed further on).
      if (error instanceof DuplicateKeyError && (error.index === DELIVERY_EVENT_INDEX || error.index === DELIVERY_ID_INDEX)) return false;
      throw error;
    }
  }

  /** Stores the jobs (one write); those the webhooks have already (a redelivered event) are skipped. Answers how many were new. */
  async insertDeliveries(jobs: DeliveryDocument[]): Promise<number> {
    try {
      await this.deliveries.insertMany(jobs);
      return jobs.length;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    let written = 0;
    for (const job of jobs) if (await this.insertDelivery(job)) written++;
    return written;
  }

  /** Pending jobs due at `now` and not leased, soonest first, outside the lanes and webhooks named: only what a pass decides on. */
  due(now: Date, limit: number, skipLanes: readonly string[] = [], skipWebhooks: readonly number[] = []): Promise<DueJob[]> {
    const filter = dueFilter(now);
    if (skipLanes.length > 0) filter.lane = { $nin: [...skipLanes] };
    if (skipWebhooks.length > 0) filter.webhook_id = { $nin: [...skipWebhooks] };
    return this.deliveries.findFields(filter, DUE_FIELDS, { sort: { next_attempt_at: 1, id: 1 }, limit });
  }

  /** The job of the resource that goes first (lowest sequence, then occurred_at, then event id) among the pending ones. */
  async headOf(webhookId: number, resourceKey: string): Promise<ResourceHead | null> {
    const [head] = await this.deliveries.findFields({ webhook_id: webhookId, resource_key: resourceKey, status: 'pending' }, HEAD_FIELDS, {
      sort: { sequence: 1, occurred_at: 1, event_id: 1 },
      limit: 1,
    });
    return head ?? null;
  }

  /** Takes the job for `owner` until `until` when it is still pending and nobody holds it; null when another took it. */
  claim(id: number, owner: string, now: Date, until: Date): Promise<DeliveryDocument | null> {
    return claimJob(this.deliveries, id, owner, now, until);
  }

  /** Stores an attempt in the job, and the job's new state, while `owner` still holds it; false when its lease was lost. */
  recordOutcome(job: DeliveryDocument, owner: string, set: Partial<DeliveryDocument>, attempt: DeliveryAttempt): Promise<boolean> {
    return settleJob(this.deliveries, job.id, owner, { set, inc: { attempt_count: 1, series_attempts: 1 }, push: { attempts: attempt } });
  }

  /** Adds a recorded attempt to the deliveries log (the attempts on their own, for ListDeliveries). */
  async logAttempt(job: DeliveryDocument, attempt: DeliveryAttempt): Promise<void> {
    const succeeded = attempt.status_code !== null && attempt.status_code >= 200 && attempt.status_code < 300;
    await this.attempts.insertOne({
      ...attempt,
      delivery_id: job.id,
      webhook_id: job.webhook_id,
      store_id: job.store_id,
      event_id: job.event_id,
      topic: job.topic,
      succeeded,
    });
  }

  /** The store's attempts, newest first: of one webhook and/or one event when given, below `olderThanId` when given. */
  listAttempts(
    storeId: number,
    filter: { webhookId?: number; eventId?: string; olderThanId?: number },
    limit: number,
  ): Promise<AttemptDocument[]> {
    const query: Record<string, unknown> = { store_id: storeId };
    if (filter.webhookId) query.webhook_id = filter.webhookId;
    if (filter.eventId) query.event_id = filter.eventId;
    if (filter.olderThanId) query.id = { $lt: filter.olderThanId };
    return this.attempts.find(query, { sort: { id: -1 }, limit });
  }

  /**
   * The store's kept events of `topics`, in the order stored (feed key, then id: equal keys come only from two
   * replicas storing in the same microsecond), after `after` when given; of one history (index events_store_history),
   * and of one resource in it, when `about` says so.
   */
  feed(
    storeId: number,
    topics: readonly string[],
    after: StoredEventDocument | null,
    limit: number,
    about?: FeedSubject,
  ): Promise<StoredEventDocument[]> {
    const query: Record<string, unknown> = { store_id: storeId, topic: { $in: [...topics] } };
    if (about) {
      query.history_key = about.historyKey;
      if (about.resource) Object.assign(query, { resource_type: about.resource.type, resource_id: about.resource.id });
    }
    if (after) {
      // The range on feed_key lets the index start at the cursor; the $or only settles the ties at its key. Not in a
      // history: with that range SQLite picks the store's feed index over events_store_history; a history is one order's
      // or resource's events, so walking its index entries from its first one costs little.
      if (!about) query.feed_key = { $gte: after.feed_key };
      query.$or = [{ feed_key: { $gt: after.feed_key } }, { feed_key: after.feed_key, id: { $gt: after.id } }];
    }
    return this.events.find(query, { sort: { feed_key: 1, id: 1 }, limit });
  }

  /** The history key of a stored event of the resource (index events_resource_sequence), or null when none is kept. */
  async historyKeyOfResource(storeId: number, resourceType: string, resourceId: number): Promise<string | null> {
    const [found] = await this.events.findFields(
      { store_id: storeId, resource_type: resourceType, resource_id: resourceId, history_key: { $exists: true } },
      ['history_key'],
      { limit: 1 },
    );
    return found?.history_key ?? null;
  }

  /** The store's newest kept event of `topics` in the feed's order, or null: where "from now on" starts. */
  async newestEvent(storeId: number, topics: readonly string[]): Promise<StoredEventDocument | null> {
    const [newest] = await this.events.find(
      { store_id: storeId, topic: { $in: [...topics] } },
      { sort: { feed_key: -1, id: -1 }, limit: 1 },
    );
    return newest ?? null;
  }

  /**
   * Gives the public events stored before history keys existed theirs, `batch` at a time in id order (events_id; nothing
   * else writes while migrations run, so skipping the ones seen is exact); answers how many.
   */
  async keyEventsHistories(publicTopics: readonly string[], batch = 500): Promise<number> {
    const fields = ['id', 'topic', 'resource_type', 'resource_id', 'resource', 'history_key'] as const;
    let keyed = 0;
    for (let skip = 0; ; skip += batch) {
      const events = await this.events.findFields({}, fields, { sort: { id: 1 }, skip, limit: batch });
      for (const event of events) {
        if (event.history_key !== undefined || !publicTopics.includes(event.topic)) continue;
        await this.events.updateOne({ id: event.id }, { $set: { history_key: historyKeyOf(event) } });
        keyed += 1;
      }
      if (events.length < batch) return keyed;
    }
  }

  /** Gives the events stored before feed keys existed theirs (their received time in microseconds); answers how many. */
  async keyUnkeyedEvents(): Promise<number> {
    const unkeyed = await this.events.findFields({ feed_key: { $exists: false } }, ['id', 'received_at'], {
      sort: { received_at: 1, id: 1 },
    });
    for (const event of unkeyed)
      await this.events.updateOne({ id: event.id }, { $set: { feed_key: new Date(event.received_at).getTime() * 1000 } });
    return unkeyed.length;
  }

  /** The store's kept events that occurred at or after `since`, in occurrence order. */
  eventsSince(storeId: number, since: Date): Promise<StoredEventDocument[]> {
    // Times are compared as ISO text: past the year 9999 it reads "+010000-...", which sorts before every stored time.
    if (since.getTime() > LAST_FOUR_DIGIT_YEAR_MS) return Promise.resolve([]);
    return this.events.find({ store_id: storeId, occurred_at: { $gte: since.toISOString() } }, { sort: { occurred_at: 1, id: 1 } });
  }

  /** Starts a new attempt series, due now, for the webhook's job of the event when it has ended; false when there is none. */
  async restart(webhookId: number, eventId: string, now: Date): Promise<boolean> {
    const restarted = await this.deliveries.updateOne(
      { webhook_id: webhookId, event_id: eventId, status: { $in: FINAL } },
      { $set: { status: 'pending', next_attempt_at: now, first_attempt_at: null, series_attempts: 0, last_error: null, updated_at: now } },
    );
    return restarted.matched > 0;
  }

  /** The webhook's job, or null. */
  findDelivery(webhookId: number, id: number): Promise<DeliveryDocument | null> {
    return this.deliveries.findOne({ webhook_id: webhookId, id });
  }

  /** The webhook's jobs, newest first, below `olderThanId` when given. */
  listDeliveries(webhookId: number, olderThanId: number, limit: number): Promise<DeliveryDocument[]> {
    const query: Record<string, unknown> = { webhook_id: webhookId };
    if (olderThanId) query.id = { $lt: olderThanId };
    return this.deliveries.find(query, { sort: { id: -1 }, limit });
  }

  /** Makes a pending job due now (a final one is started afresh by `restart`); false when it is no longer pending. */
  async hurry(id: number, now: Date): Promise<boolean> {
    const updated = await this.deliveries.updateOne({ id, status: 'pending' }, { $set: { next_attempt_at: now, updated_at: now } });
    return updated.matched > 0;
  }

  /** Ends a job without an attempt (its webhook is gone or disabled). */
  async end(id: number, owner: string, status: DeliveryStatus, reason: string, now: Date): Promise<void> {
    await this.deliveries.updateOne(
      { id, lease_owner: owner, status: 'pending' },
      { $set: { status, last_error: reason, updated_at: now, lease_owner: '', lease_until: NO_LEASE } },
    );
  }

  /** Ends every pending job of the webhook (a 410 disabled it). */
  async cancelPending(webhookId: number, reason: string, now: Date): Promise<number> {
    const result = await this.deliveries.updateMany(
      { webhook_id: webhookId, status: 'pending' },
      { $set: { status: 'canceled', last_error: reason, updated_at: now } },
    );
    return result.modified;
  }

  /** Forgets the events received before `before`, and the final deliveries made before it. */
  async prune(before: Date): Promise<number> {
    const events = await this.events.deleteMany({ received_at: { $lt: before } });
    await this.deliveries.deleteMany({ status: { $in: FINAL }, created_at: { $lt: before } });
    await this.attempts.deleteMany({ attempted_at: { $lt: before } });
    return events;
  }
}
