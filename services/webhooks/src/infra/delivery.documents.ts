import type { TraceCarrier } from '@commerce/tracing';
import type { DeliveryStatus } from '../domain/delivery';

// The webhooks service's stored documents: the events feed, delivery jobs and their attempts (DeliveryRepository).

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
  /**
   * The events feed's order: microseconds of `received_at`, made strictly increasing by the repository in the order
   * it issues the inserts (which is their commit order), so a cursor never passes over an event stored a moment
   * later within the same millisecond. Set by `insertEvent`.
   */
  feed_key?: number;
  /**
   * The history it belongs to (domain/event-history.ts): `order:<id>` for an order's events and its fulfillments' and
   * refunds', else `<resource_type>:<resource_id>`; what the feed's resource and order filters read. Set on public events.
   */
  history_key?: string;
  /** True once every delivery job of the event is written: a redelivered message then changes nothing. */
  fanned_out: boolean;
  /** The trace context of its intake, when traced: its deliveries' requests join that trace (docs/operations.md#tracing). */
  trace?: TraceCarrier;
}

/** One attempt of a delivery, as the deliveries API answers it. */
export interface DeliveryAttempt {
  [key: string]: unknown;
  /** Unique among all attempts (the deliveries API pages on it). */
  id: number;
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
  /** `<webhook_id>|<resource_key>`: the queue the job waits in (a pass skips the queues it has looked at). */
  lane: string;
  sequence: number;
  occurred_at: string;
  status: DeliveryStatus;
  /** Due time of the next attempt while pending (the last one's time once final). */
  next_attempt_at: Date;
  first_attempt_at: Date | null;
  attempt_count: number;
  /** Attempts since the series began (the retry schedule's place); a replay starts a new series. */
  series_attempts: number;
  attempts: DeliveryAttempt[];
  /** Who sends it now, until when (epoch and '' when nobody): a replica takes a job only once its lease ran out. */
  lease_until: Date;
  lease_owner: string;
  /** Why it ended, when it did not end delivered. */
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
}

/** An attempt on its own, for the deliveries API (newest first, paged by id). */
export interface AttemptDocument extends DeliveryAttempt {
  delivery_id: number;
  webhook_id: number;
  store_id: number;
  event_id: string;
  topic: string;
  succeeded: boolean;
}

// What the queries read of a document when they need only a few fields (findFields): the fields, and the type they make.

export const FAN_OUT_FIELDS = [
  'id',
  'topic',
  'store_id',
  'occurred_at',
  'sequence',
  'resource_type',
  'resource_id',
  'received_at',
] as const;
/** What making an event's jobs needs of it. */
export type EventToFanOut = Pick<StoredEventDocument, (typeof FAN_OUT_FIELDS)[number]>;
export const DUE_FIELDS = ['id', 'webhook_id', 'resource_key', 'lane'] as const;
/** A due job as a pass looks at it. */
export type DueJob = Pick<DeliveryDocument, (typeof DUE_FIELDS)[number]>;
export const HEAD_FIELDS = ['id', 'next_attempt_at', 'lease_until'] as const;
/** The first pending job of a resource, as a pass checks it before claiming it. */
export type ResourceHead = Pick<DeliveryDocument, (typeof HEAD_FIELDS)[number]>;
