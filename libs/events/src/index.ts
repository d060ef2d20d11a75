// Domain events (docs/events.md): envelope, transactional outbox, relay to JetStream, durable consumers.
export { newEvent, isEventOf, eventSubject, topicFilter, type DomainEvent, type EventEnvelope, type NewEventInput } from './domain-event';
export type {
  EventResources,
  EventTopic,
  ApiKeyRotatedResource,
  GrantRevokedResource,
  AppUninstalledResource,
  PublicTopic,
  WebhookTestResource,
  MediaImageResource,
} from './event-topics';
export { PUBLIC_TOPICS, PUBLIC_TOPIC_WILDCARDS, subscribesTo } from './event-topics';
export {
  flagPendingOutboxes,
  outboxRemoval,
  lastOutboxRemoval,
  OUTBOX_PENDING_FIELD,
  PENDING_OUTBOX_FILTER,
  type OutboxDocument,
  type OutboxEvent,
} from './outbox';
export { OutboxCollection, type OutboxWake, type WithoutOutbox } from './outbox-collection';
export { encodeEvent, decodeEvent } from './event.codec';
export {
  ensureStream,
  ensureDeadLetterStream,
  eventStreamName,
  DEAD_LETTER_STREAM,
  DEAD_LETTER_SUBJECTS,
  DUPLICATE_WINDOW_MS,
} from './event.stream';
export { OutboxRelay, type OutboxRelayOptions } from './outbox.relay';
export {
  DEAD_EVENTS_COLLECTION,
  isPermanentPublishFailure,
  type DeadEventDocument,
  type OutboxDeadLetter,
  type PublishFailure,
} from './outbox-dead-letter';
export { contextConsumers, type ContextConsumerDefinition, type ConsumersTask } from './context-consumers';
export { EventConsumer, type EventConsumerOptions, type EventHandler, type EventMeta, type ProcessedEventDocument } from './event.consumer';
export type { DeadLetter } from './dead-letter.publisher';
export type { EventLogger } from './event.logger';
