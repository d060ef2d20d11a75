import { v7 as timeOrderedUuid } from 'uuid';
import type { EventResources, EventTopic } from './event-topics';

/**
 * The envelope of every domain event (docs/events.md#envelope), published as JSON on `events.<ctx>.<store_id>.<topic>`.
 * Defined here only: the JSON on the wire is exactly this object (webhook delivery forwards it as is).
 */
export interface EventEnvelope<T extends EventTopic = EventTopic> {
  /**
   * Unique and stable across retries: the Nats-Msg-Id and the consumers' idempotency key. A UUIDv7 (RFC 9562):
   * it starts with the time it was made, so the indexes keyed by it (the events feed) grow at their end
   * instead of touching a page at random per event.
   */
  id: string;
  /** Topic, e.g. `store/updated` (the public ones are the webhook topics). */
  topic: T;
  store_id: number;
  /** ISO-8601 UTC instant. */
  occurred_at: string;
  /** The record as the API renders it (or, for internal topics, the fields in event-topics.ts). */
  resource: EventResources[T];
  /** Per-resource version, increasing with every change of that resource. */
  sequence: number;
  resource_type: string;
  resource_id: number;
}

/**
 * An event of one of the given topics (all by default), as a union on `topic`: narrowing on the topic types
 * the resource. What arrives from the bus is typed by the topic it claims; handlers still skip topics they
 * do not know (a newer publisher may send them).
 */
export type DomainEvent<T extends EventTopic = EventTopic> = { [K in T]: EventEnvelope<K> }[T];

export interface NewEventInput<T extends EventTopic> {
  topic: T;
  storeId: number;
  resourceType: string;
  resourceId: number;
  sequence: number;
  resource: EventResources[T];
  now?: Date;
}

// `<noun>/<verb>`: one subject token ('/' is legal in NATS tokens; '.', '*', '>' and spaces are not).
const TOPIC_PATTERN = /^[a-z][a-z0-9_]*\/[a-z][a-z0-9_]*$/;
const CONTEXT_PATTERN = /^[a-z][a-z0-9_-]*$/;

export function newEvent<T extends EventTopic>(input: NewEventInput<T>): DomainEvent<T> {
  assertTopic(input.topic);
  assertPositiveInteger('storeId', input.storeId);
  assertPositiveInteger('resourceId', input.resourceId);
  assertPositiveInteger('sequence', input.sequence);
  return {
    id: timeOrderedUuid(),
    topic: input.topic,
    store_id: input.storeId,
    occurred_at: (input.now ?? new Date()).toISOString(),
    resource: input.resource,
    sequence: input.sequence,
    resource_type: input.resourceType,
    resource_id: input.resourceId,
  } as EventEnvelope<T> as DomainEvent<T>;
}

/** Whether the event is of one of the topics, narrowing its type (and its resource's) when it is. */
export function isEventOf<T extends EventTopic>(event: DomainEvent, topics: readonly T[]): event is Extract<DomainEvent, { topic: T }> {
  return (topics as readonly string[]).includes(event.topic);
}

/** `events.<ctx>.<store_id>.<topic>`, e.g. `events.storefront.42.store/updated`. */
export function eventSubject(context: string, event: Pick<DomainEvent, 'store_id' | 'topic'>): string {
  assertContext(context);
  assertTopic(event.topic);
  assertPositiveInteger('store_id', event.store_id);
  return `events.${context}.${event.store_id}.${event.topic}`;
}

/** Filter subject for one topic of one context across all stores, e.g. `events.catalog.*.product/created`. */
export function topicFilter(context: string, topic: string): string {
  assertContext(context);
  assertTopic(topic);
  return `events.${context}.*.${topic}`;
}

export function assertContext(context: string): void {
  if (!CONTEXT_PATTERN.test(context)) throw new Error(`Invalid event context "${context}": expected lowercase like "catalog"`);
}

function assertTopic(topic: string): void {
  if (!TOPIC_PATTERN.test(topic)) throw new Error(`Invalid event topic "${topic}": expected "<noun>/<verb>" like "store/updated"`);
}

function assertPositiveInteger(field: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`Invalid event ${field} ${value}: expected a positive integer`);
}
