import { PUBLIC_TOPICS, subscribesTo, type DomainEvent } from '@commerce/events';
import { currentTraceCarrier } from '@commerce/tracing';
import { historyKeyOf } from '../domain/event-history';
import type { WebhooksDeps } from './webhooks-deps';

const PUBLIC = new Set<string>(PUBLIC_TOPICS);

/**
 * An event from the bus (docs/webhooks.md#the-events-feed): a public one is stored in the events feed, waiting for its fan-out when an
 * active webhook of its store subscribes to its topic; the consumer acks it then. One write per event: the jobs are
 * made by fanOutEvents, for many events at once. An event no webhook wants is stored as fanned out already, so it
 * costs no second write (a webhook created later is not owed it: it happened before; one created earlier is
 * committed before the event was even published, so this read sees it). Idempotent by event id: a redelivered
 * message changes nothing. Answers whether the event waits for its fan-out.
 */
export async function storeEvent(
  deps: Pick<WebhooksDeps, 'deliveries' | 'webhooks' | 'clock'> & Partial<Pick<WebhooksDeps, 'eventSignals'>>,
  event: DomainEvent,
): Promise<boolean> {
  if (!PUBLIC.has(event.topic)) {
    await storeSequenceMark(deps, event);
    return false;
  }
  const wanted = (await deps.webhooks.active(event.store_id)).some((webhook) => subscribesTo(webhook.events, event.topic));
  // The consumer's process span, when traced: kept with the event for the deliveries made of it later.
  const trace = currentTraceCarrier();
  const stored = await deps.deliveries.insertEvent({
    id: event.id,
    topic: event.topic,
    store_id: event.store_id,
    occurred_at: event.occurred_at,
    resource: event.resource,
    sequence: event.sequence,
    resource_type: event.resource_type,
    resource_id: event.resource_id,
    history_key: historyKeyOf(event),
    received_at: deps.clock(),
    fanned_out: !wanted,
    ...(trace ? { trace } : {}),
  });
  // The feed's long polls of the store read it again (absent in tests of the fan-out alone).
  deps.eventSignals?.stored(event.store_id);
  return !stored.fanned_out;
}

/**
 * An internal event (store/created...) is never delivered nor in the feed, but it takes a place in its resource's
 * sequence: a mark of it (no resource) lets the resource's next public event find its predecessor at once instead
 * of waiting PREDECESSOR_WAIT_MS.
 */
async function storeSequenceMark(deps: Pick<WebhooksDeps, 'deliveries' | 'clock'>, event: DomainEvent): Promise<void> {
  const { id, topic, store_id, occurred_at, sequence, resource_type, resource_id } = event;
  await deps.deliveries.insertEvent({
    id,
    topic,
    store_id,
    occurred_at,
    resource: null,
    sequence,
    resource_type,
    resource_id,
    received_at: deps.clock(),
    fanned_out: true,
  });
}
