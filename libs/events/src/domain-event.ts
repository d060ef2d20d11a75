import { randomUUID } from 'node:crypto';

/** The envelope of every domain event (DESIGN §5), published as JSON on `events.<ctx>.<store_id>.<topic>`. */
export interface DomainEvent {
  /** Unique and stable across retries: the Nats-Msg-Id and the consumers' idempotency key. */
  id: string;
  /** Public topic, e.g. `store/updated`. */
  topic: string;
  store_id: number;
  /** ISO-8601 UTC instant. */
  occurred_at: string;
  /** The record as the API renders it. */
  resource: Record<string, unknown>;
  /** Per-resource version, increasing with every change of that resource. */
  sequence: number;
  resource_type: string;
  resource_id: number;
}

export interface NewEventInput {
  topic: string;
  storeId: number;
  resourceType: string;
  resourceId: number;
  sequence: number;
  resource: Record<string, unknown>;
  now?: Date;
}

// `<noun>/<verb>`: one subject token ('/' is legal in NATS tokens; '.', '*', '>' and spaces are not).
const TOPIC_PATTERN = /^[a-z][a-z0-9_]*\/[a-z][a-z0-9_]*$/;
const CONTEXT_PATTERN = /^[a-z][a-z0-9_-]*$/;

export function newEvent(input: NewEventInput): DomainEvent {
  assertTopic(input.topic);
  assertPositiveInteger('storeId', input.storeId);
  assertPositiveInteger('resourceId', input.resourceId);
  assertPositiveInteger('sequence', input.sequence);
  return {
    id: randomUUID(),
    topic: input.topic,
    store_id: input.storeId,
    occurred_at: (input.now ?? new Date()).toISOString(),
    resource: input.resource,
    sequence: input.sequence,
    resource_type: input.resourceType,
    resource_id: input.resourceId,
  };
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
