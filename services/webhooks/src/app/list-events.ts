import type { webhooks } from '@commerce/contracts';
import { excerpt, validationFailed } from '@commerce/grpc-runtime';
import { PUBLIC_TOPICS } from '@commerce/events';
import { pageLimit } from '../domain/paging';
import type { StoredEventDocument } from '../infra/delivery.documents';
import type { WebhooksDeps } from './webhooks-deps';

const PUBLIC = new Set<string>(PUBLIC_TOPICS);

/** The envelope as published (docs/events.md#envelope), without what the service keeps beside it. */
function envelopeOf(event: StoredEventDocument): string {
  const { id, topic, store_id, occurred_at, resource, sequence, resource_type, resource_id } = event;
  return JSON.stringify({ id, topic, store_id, occurred_at, resource, sequence, resource_type, resource_id });
}

/**
 * The events feed (docs/webhooks.md#the-events-feed): the store's kept public events (30 days), oldest first in the order received,
 * after `since_id`, so an app can reconcile after downtime. `webhook/test` pings are never in it.
 */
export async function listEvents(
  deps: Pick<WebhooksDeps, 'deliveries'>,
  storeId: number,
  request: Omit<webhooks.ListEventsRequest, 'store_id'>,
): Promise<webhooks.ListEventsResponse> {
  const violations: Record<string, string[]> = {};
  if (request.topic && !PUBLIC.has(request.topic)) violations.topic = [`is not a public topic: ${excerpt(request.topic)}`];
  let after: StoredEventDocument | null = null;
  if (request.since_id) {
    after = await deps.deliveries.findEvent(request.since_id);
    if (!after || after.store_id !== storeId || !PUBLIC.has(after.topic))
      violations.since_id = ['is not an event kept for the store (the feed keeps 30 days)'];
  }
  if (Object.keys(violations).length > 0) throw validationFailed(violations);
  const limit = pageLimit(request.limit);
  // One event more than the page says whether any is left after it.
  const events = await deps.deliveries.feed(storeId, request.topic ? [request.topic] : PUBLIC_TOPICS, after, limit + 1);
  return { events: events.slice(0, limit).map(envelopeOf), limit, has_more: events.length > limit };
}
