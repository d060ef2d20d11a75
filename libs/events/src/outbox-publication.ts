import type { Collection } from '@commerce/persistence';
import { inSpanOf } from '@commerce/tracing';
import type { JetStreamClient } from 'nats';
import { eventSubject, type DomainEvent } from './domain-event';
import { encodeEvent } from './event.codec';
import { errorFields, type EventLogger } from './event.logger';
import type { StreamPublisher } from './jetstream-publisher';
import {
  deadLetterOutboxEvent,
  isPermanentPublishFailure,
  PoisonEventError,
  publishFailureOf,
  type DeadEventDocument,
} from './outbox-dead-letter';
import { lastOutboxRemoval, outboxRemoval, type OutboxDocument, type OutboxEvent } from './outbox';
import { traceHeaders } from './trace-headers';

/** Ids of acknowledged events kept to recognise them (an inserted document a read pass already relayed). */
const RECENTLY_PUBLISHED_KEPT = 4_096;

export interface OutboxPublicationOptions {
  publisher: StreamPublisher;
  /** For the dead-letter stream. */
  js: JetStreamClient;
  /** Bounded context, the `<ctx>` of `events.<ctx>.<store_id>.<topic>`. */
  context: string;
  deadEvents: Collection<DeadEventDocument>;
  deadEventsLocation?: string;
  logger: EventLogger;
  publishTimeoutMs: number;
}

/**
 * What the outbox relay does with one document (docs/events.md#how-an-event-leaves-a-service): publishes its events with Nats-Msg-Id =
 * event.id, each resource's in order, and removes each one only after JetStream acknowledged it. A crash between publish and removal
 * repeats the publish, which the stream's duplicate window drops. When to do it is the relay's business (outbox.relay.ts).
 */
export class OutboxPublication {
  private readonly recentlyPublished = new Set<string>();
  private published = 0;
  private deadLettered = 0;

  constructor(private readonly options: OutboxPublicationOptions) {}

  /** Counters since start: events published, and poison events dead-lettered (each also logged at error level). */
  stats(): { published: number; deadLettered: number } {
    return { published: this.published, deadLettered: this.deadLettered };
  }

  /**
   * Publishes one document's events, each resource's oldest first and each after JetStream acknowledged the resource's
   * previous one; the events of different resources (product/created with its variant/created) go side by side, so they
   * leave in one write to the broker and wait for their acks together (order matters per resource only, docs/webhooks.md#order;
   * sent back to back on one connection, they are stored in outbox order anyway). Then removes, in one write, the
   * outbox's oldest events that were acknowledged, up to the first that was not (also when a publish failed part-way:
   * an acknowledged event behind it stays and is published again later, which the stream's duplicate window drops).
   * `seen` holds the events already handled in this pass. True when any was published.
   */
  async relayDocument(collection: Collection<OutboxDocument>, doc: Pick<OutboxDocument, 'outbox'>, seen: Set<string>): Promise<boolean> {
    const events = doc.outbox ?? [];
    const published = new Set<string>();
    let failure: { error: unknown } | undefined;
    await Promise.all(
      [...chainsByResource(events)].map(async (chain) => {
        for (const event of chain) {
          // An event we already handled in this pass means its removal did not stick; leave it to the next pass.
          if (seen.has(event.id) || failure) return;
          seen.add(event.id);
          try {
            // Acknowledged already (an inserted document a read pass relayed meanwhile): only its removal is left.
            if (!this.recentlyPublished.has(event.id)) await this.publish(event);
          } catch (error) {
            failure ??= { error };
            return;
          }
          published.add(event.id);
        }
      }),
    );
    const removable: string[] = [];
    for (const event of events) {
      if (!published.has(event.id)) break;
      removable.push(event.id);
    }
    if (removable.length > 0) await remove(collection, removable, removable.length === events.length);
    if (failure) throw failure.error;
    return published.size > 0;
  }

  /**
   * Publishes one event, or dead-letters it when it can never be published, so the events behind it flow on.
   * Throws on broker trouble: the whole pass stops and backs off rather than time out event by event.
   * A traced event is published in a `publish <topic>` span, child of the change that wrote it, whose context
   * goes with the message as its `traceparent` header; the envelope is sent without it.
   */
  private async publish(stored: OutboxEvent): Promise<true> {
    const event = envelopeOf(stored);
    let body: Uint8Array | undefined;
    try {
      const subject = poisonUnless(() => eventSubject(this.options.context, event));
      body = poisonUnless(() => encodeEvent(event));
      const encoded = body;
      const span = { kind: 'producer' as const, parent: stored.trace, attributes: stored.trace && messagingAttributes(subject, event) };
      const ack = await inSpanOf(`publish ${event.topic}`, span, (carrier) =>
        this.options.publisher.publish(subject, encoded, {
          msgID: event.id,
          timeout: this.options.publishTimeoutMs,
          headers: traceHeaders(carrier),
        }),
      );
      if (ack.duplicate)
        this.options.logger.info({ eventId: event.id, subject, seq: ack.seq }, 'event was already on the stream; removed from outbox');
      this.published += 1;
      this.rememberPublished(event.id);
      return true;
    } catch (err) {
      if (!isPermanentPublishFailure(err)) throw err;
      await this.deadLetter(event, body?.length ?? 0, err);
      return true;
    }
  }

  private rememberPublished(eventId: string): void {
    if (this.recentlyPublished.size >= RECENTLY_PUBLISHED_KEPT) this.recentlyPublished.clear();
    this.recentlyPublished.add(eventId);
  }

  private async deadLetter(event: DomainEvent, eventBytes: number, err: unknown): Promise<void> {
    const { context, js, deadEvents, logger } = this.options;
    const keptIn = this.options.deadEventsLocation ?? `${context}/dead_events`;
    await deadLetterOutboxEvent({ js, deadEvents, context, keptIn }, event, eventBytes, publishFailureOf(err));
    this.deadLettered += 1;
    logger.error(
      {
        ...errorFields(err),
        context,
        eventId: event.id,
        topic: event.topic,
        storeId: event.store_id,
        eventBytes,
        keptIn,
        deadLettered: this.deadLettered,
      },
      'outbox event can never be published: dead-lettered, the events behind it go on',
    );
  }
}

/** Removes published events; with the document's last known one also clears its flag, unless an event came meanwhile. */
async function remove(collection: Collection<OutboxDocument>, eventIds: string[], allKnown: boolean): Promise<void> {
  if (allKnown) {
    const last = lastOutboxRemoval(eventIds);
    if ((await collection.updateOne(last.filter, last.update)).matched > 0) return;
  }
  const removal = outboxRemoval(eventIds);
  await collection.updateOne(removal.filter, removal.update);
}

/** What is published of an outbox event: the envelope, without the trace context stored beside it. */
function envelopeOf(stored: OutboxEvent): DomainEvent {
  if (stored.trace === undefined) return stored;
  const { trace: _trace, ...event } = stored;
  return event as DomainEvent;
}

const messagingAttributes = (subject: string, event: DomainEvent) => ({
  'messaging.system': 'nats',
  'messaging.operation.type': 'send',
  'messaging.destination.name': subject,
  'messaging.message.id': event.id,
});

/** Runs a step that only fails because of the event itself; such a failure makes the event poison. */
function poisonUnless<R>(step: () => R): R {
  try {
    return step();
  } catch (err) {
    throw new PoisonEventError(err instanceof Error ? err.message : String(err));
  }
}

/** A document's events grouped by resource, each group in outbox order. */
function chainsByResource(events: readonly OutboxEvent[]): Iterable<OutboxEvent[]> {
  const chains = new Map<string, OutboxEvent[]>();
  for (const event of events) {
    const key = `${event.resource_type}:${event.resource_id}`;
    const chain = chains.get(key);
    if (chain) chain.push(event);
    else chains.set(key, [event]);
  }
  return chains.values();
}
