import { DuplicateKeyError, type Collection, type Doc } from '@commerce/persistence';
import type { JetStreamClient } from 'nats';
import type { DomainEvent } from './domain-event';

/** The service's own collection holding each dead-lettered outbox event whole (the broker may not take it). */
export const DEAD_EVENTS_COLLECTION = 'dead_events';

export interface PublishFailure {
  name: string;
  message: string;
  /** The NATS error code when there is one, e.g. MAX_PAYLOAD_EXCEEDED. */
  code?: string;
}

/** A poison event kept in the service's store: `_id` is the event id. */
export interface DeadEventDocument extends Doc {
  _id: string;
  context: string;
  event: DomainEvent;
  error: PublishFailure;
  dead_at: Date;
}

/** What the relay publishes on `deadletter.outbox.<context>`: the envelope without its resource (which may be what broke it). */
export interface OutboxDeadLetter {
  context: string;
  event: Omit<DomainEvent, 'resource'>;
  /** Size of the encoded event. */
  event_bytes: number;
  error: PublishFailure;
  /** Where the whole event is kept: the service's database and collection. */
  kept_in: string;
  failed_at: string;
}

const PERMANENT_CODES = new Set(['MAX_PAYLOAD_EXCEEDED', 'BAD_SUBJECT', 'BAD_JSON']);

/**
 * Whether publishing can never succeed, however often it is tried: the event is too large for the broker, cannot
 * form a subject, or cannot be encoded. Anything else (timeouts, no stream, a lost connection) is the broker's
 * trouble and passes.
 */
export function isPermanentPublishFailure(error: unknown): boolean {
  if (error instanceof PoisonEventError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && PERMANENT_CODES.has(code)) return true;
  // JetStream refuses a message above the stream's max_msg_size with an API error (10054).
  const apiCode = (error as { api_error?: { err_code?: number } } | null)?.api_error?.err_code;
  return apiCode === 10054;
}

/** An event the relay found unpublishable before asking the broker (bad topic or store id, unencodable resource). */
export class PoisonEventError extends Error {
  override readonly name = 'PoisonEventError';
}

export function publishFailureOf(error: unknown): PublishFailure {
  const code = (error as { code?: unknown } | null)?.code;
  return {
    name: error instanceof Error ? error.name : 'Error',
    message: error instanceof Error ? error.message : String(error),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/**
 * Takes a poison event out of the flow without losing it: kept whole in the service's own `dead_events`
 * collection, announced on `deadletter.outbox.<context>` (the DEADLETTER stream an operator watches), and only
 * then may the relay remove it from its document's outbox. Both steps are idempotent (keyed by the event id),
 * so a crash in between repeats them harmlessly.
 */
export async function deadLetterOutboxEvent(
  target: { js: JetStreamClient; deadEvents: Collection<DeadEventDocument>; context: string; keptIn: string },
  event: DomainEvent,
  eventBytes: number,
  error: PublishFailure,
): Promise<void> {
  const now = new Date();
  await target.deadEvents
    .insertOne({ _id: event.id, context: target.context, event, error, dead_at: now })
    .catch((insertError: unknown) => {
      if (!(insertError instanceof DuplicateKeyError)) throw insertError; // kept by an earlier attempt
    });
  const { resource: _resource, ...envelope } = event;
  const letter: OutboxDeadLetter = {
    context: target.context,
    event: envelope,
    event_bytes: eventBytes,
    error,
    kept_in: target.keptIn,
    failed_at: now.toISOString(),
  };
  await target.js.publish(`deadletter.outbox.${target.context}`, new TextEncoder().encode(JSON.stringify(letter)), {
    msgID: `outbox:${event.id}`,
  });
}
