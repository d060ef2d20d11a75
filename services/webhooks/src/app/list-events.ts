import type { webhooks } from '@commerce/contracts';
import { excerpt, listExcerpt, validationFailed } from '@commerce/grpc-runtime';
import { PUBLIC_TOPICS } from '@commerce/events';
import { historyKeyOf, isOrderPart, orderHistoryKey, RESOURCE_TYPE } from '../domain/event-history';
import { pageLimit } from '../domain/paging';
import type { StoredEventDocument } from '../infra/delivery.documents';
import type { FeedSubject } from '../infra/delivery.repository';
import type { WebhooksDeps } from './webhooks-deps';

const PUBLIC = new Set<string>(PUBLIC_TOPICS);

/** The longest a call may wait for an event (wait_ms). */
export const MAX_WAIT_MS = 30_000;
/** While waiting, the feed is read again this often: events another replica stored wake nobody here. */
export const RECHECK_MS = 1_000;
/** Room left before the caller's deadline for the last read and the answer. */
const DEADLINE_MARGIN_MS = 250;

/** The envelope as published (docs/events.md#envelope), without what the service keeps beside it. */
function envelopeOf(event: StoredEventDocument): string {
  const { id, topic, store_id, occurred_at, resource, sequence, resource_type, resource_id } = event;
  return JSON.stringify({ id, topic, store_id, occurred_at, resource, sequence, resource_type, resource_id });
}

type ListEventsInput = Omit<webhooks.ListEventsRequest, 'store_id'>;

/**
 * The events feed (docs/webhooks.md#the-events-feed): the store's kept public events (30 days), oldest first in the order received,
 * after `since_id` (or, `from_newest`, after the newest kept one), so an app can reconcile after downtime. `webhook/test`
 * pings are never in it. `order_id`, or `resource_type` with `resource_id`, keeps one order's or one resource's history
 * (domain/event-history.ts). With `wait_ms`, a page that would be empty waits for the store's next event instead
 * (docs/webhooks.md#the-live-event-stream): until one of the topics is stored, wait_ms passed, the caller's deadline
 * (`deadline`, epoch ms) nears, or the service shuts down.
 */
export async function listEvents(
  deps: Pick<WebhooksDeps, 'deliveries' | 'eventSignals'>,
  storeId: number,
  request: ListEventsInput,
  deadline = Infinity,
): Promise<webhooks.ListEventsResponse> {
  const topics = checkedTopics(request);
  const after = await startOf(deps, storeId, request);
  const limit = pageLimit(request.limit);
  const waitUntil = Math.min(Date.now() + request.wait_ms, deadline - DEADLINE_MARGIN_MS);
  for (;;) {
    const seen = deps.eventSignals.count;
    // One event more than the page says whether any is left after it. The history is read again on every turn: a
    // fulfillment's or refund's is known once one of its events is stored.
    const events = await deps.deliveries.feed(storeId, topics, after, limit + 1, await subjectOf(deps, storeId, request));
    const remainingMs = waitUntil - Date.now();
    if (events.length > 0 || remainingMs <= 0 || deps.eventSignals.isReleased) {
      const page = events.slice(0, limit);
      return { events: page.map(envelopeOf), limit, has_more: events.length > limit, cursor: page.at(-1)?.id ?? after?.id ?? '' };
    }
    await deps.eventSignals.wait(storeId, seen, Math.min(remainingMs, RECHECK_MS));
  }
}

/**
 * The topics asked for (topic and topics together; none for every public one), each public, and wait_ms in range; the
 * history filters checked with them, so one answer names every refused field.
 */
function checkedTopics(request: ListEventsInput): readonly string[] {
  const violations: Record<string, string[]> = {};
  if (request.topic && !PUBLIC.has(request.topic)) violations.topic = [`is not a public topic: ${excerpt(request.topic)}`];
  const unknown = request.topics.filter((topic) => !PUBLIC.has(topic));
  if (unknown.length > 0) violations.topics = [`are not public topics: ${listExcerpt(unknown)}`];
  if (request.wait_ms < 0 || request.wait_ms > MAX_WAIT_MS) violations.wait_ms = [`must be between 0 and ${MAX_WAIT_MS}`];
  Object.assign(violations, subjectViolations(request));
  if (Object.keys(violations).length > 0) throw validationFailed(violations);
  const asked = [...new Set([...(request.topic ? [request.topic] : []), ...request.topics])];
  return asked.length > 0 ? asked : PUBLIC_TOPICS;
}

/** resource_type and resource_id go together; the ids are positive. */
function subjectViolations(request: ListEventsInput): Record<string, string[]> {
  const violations: Record<string, string[]> = {};
  const { resource_type: type, resource_id: id, order_id: orderId } = request;
  if (type && !RESOURCE_TYPE.test(type)) violations.resource_type = [`is not a resource type: ${excerpt(type)}`];
  if (id < 0) violations.resource_id = ['must be a positive id'];
  else if (type && id === 0) violations.resource_id = ['is required with resource_type'];
  if (!type && id > 0) violations.resource_type = ['is required with resource_id'];
  if (orderId < 0) violations.order_id = ['must be a positive id'];
  return violations;
}

/**
 * Which history the page reads (domain/event-history.ts), or undefined for the whole feed: the order's with `order_id`;
 * the resource's own with a resource alone, except a fulfillment's or refund's, which is its order's (read off a stored
 * event of it: none yet, then nothing of it can be listed, and its own key, which no event has, says so).
 */
async function subjectOf(
  deps: Pick<WebhooksDeps, 'deliveries'>,
  storeId: number,
  request: ListEventsInput,
): Promise<FeedSubject | undefined> {
  const resource = request.resource_type ? { type: request.resource_type, id: request.resource_id } : undefined;
  if (request.order_id > 0) return { historyKey: orderHistoryKey(request.order_id), ...(resource ? { resource } : {}) };
  if (!resource) return undefined;
  const ownKey = historyKeyOf({ resource_type: resource.type, resource_id: resource.id, resource: null });
  if (!isOrderPart(resource.type)) return { historyKey: ownKey, resource };
  return { historyKey: (await deps.deliveries.historyKeyOfResource(storeId, resource.type, resource.id)) ?? ownKey, resource };
}

/** The event the page starts after: since_id's (a kept public event of the store), the newest with from_newest, or none. */
async function startOf(
  deps: Pick<WebhooksDeps, 'deliveries'>,
  storeId: number,
  request: ListEventsInput,
): Promise<StoredEventDocument | null> {
  if (!request.since_id) return request.from_newest ? deps.deliveries.newestEvent(storeId, PUBLIC_TOPICS) : null;
  const after = await deps.deliveries.findEvent(request.since_id);
  if (!after || after.store_id !== storeId || !PUBLIC.has(after.topic))
    throw validationFailed({ since_id: ['is not an event kept for the store (the feed keeps 30 days)'] });
  return after;
}
