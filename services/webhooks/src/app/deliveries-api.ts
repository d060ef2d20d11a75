import type { webhooks } from '@commerce/contracts';
import { notFound, validationFailed } from '@commerce/grpc-runtime';
import { PUBLIC_TOPICS, subscribesTo } from '@commerce/events';
import { storeZone } from '@commerce/store-zones';
import type { AttemptDocument, StoredEventDocument } from '../infra/delivery.documents';
import type { WebhookDocument } from '../infra/webhook.repository';
import type { DeliveryDeps } from './delivery-deps';
import { findWebhook } from './find-webhook';
import { JOBS_PER_BLOCK, newJob } from './intake-event';
import type { WebhooksDeps } from './webhooks-deps';

const PUBLIC = new Set<string>(PUBLIC_TOPICS);

export const DEFAULT_DELIVERIES_LIMIT = 50;
export const MAX_DELIVERIES_LIMIT = 250;

/** What the deliveries API reads and writes: the records' deps (zones, webhooks) and the delivery store. */
export type DeliveriesApiDeps = Pick<WebhooksDeps, 'webhooks' | 'zones' | 'storefront'> & Pick<DeliveryDeps, 'deliveries' | 'nextId' | 'clock'>;

/** The store's attempts, newest first (of one webhook, one event, below an id when asked); a webhook of another store is NOT_FOUND. */
export async function listDeliveries(deps: DeliveriesApiDeps, storeId: number, request: Omit<webhooks.ListDeliveriesRequest, 'store_id'>): Promise<webhooks.ListDeliveriesResponse> {
  if (request.limit < 0) throw validationFailed({ limit: ['must not be negative'] });
  const limit = Math.min(request.limit || DEFAULT_DELIVERIES_LIMIT, MAX_DELIVERIES_LIMIT);
  if (request.webhook_id) await findWebhook(deps, storeId, request.webhook_id);
  const [attempts, timeZone] = await Promise.all([
    deps.deliveries.listAttempts(storeId, { webhookId: request.webhook_id, eventId: request.event_id, olderThanId: request.older_than_id }, limit),
    storeZone(deps, storeId),
  ]);
  return { deliveries: attempts.map(attemptMessage), limit, time_zone: timeZone };
}

export function attemptMessage(attempt: AttemptDocument): webhooks.DeliveryAttempt {
  return {
    id: attempt.id,
    webhook_id: attempt.webhook_id,
    event_id: attempt.event_id,
    topic: attempt.topic,
    attempt: attempt.attempt,
    status_code: attempt.status_code ?? undefined,
    error: attempt.error ?? (attempt.succeeded ? '' : `the receiver answered ${attempt.status_code}`),
    succeeded: attempt.succeeded,
    attempted_at: attempt.attempted_at,
    duration_ms: attempt.duration_ms,
    next_attempt_at: attempt.next_attempt_at ?? undefined,
  };
}

/** One kept event again, to the active webhooks subscribed to its topic (or the one named): a new attempt series, the same webhook-id. */
export async function replayEvent(deps: DeliveriesApiDeps, storeId: number, eventId: string, webhookId: number): Promise<webhooks.ReplayEventResponse> {
  const event = await deps.deliveries.findEvent(eventId);
  if (!event || event.store_id !== storeId) throw notFound('Event');
  const targets = await targetsOf(deps, storeId, webhookId);
  return { scheduled: await schedule(deps, event, targets) };
}

/** Every kept event of the store that occurred at or after `since`, in occurrence order, again. */
export async function replayEventsSince(deps: DeliveriesApiDeps, storeId: number, since: Date | undefined, webhookId: number): Promise<webhooks.ReplayEventsSinceResponse> {
  if (!since || Number.isNaN(since.getTime())) throw validationFailed({ since: ["can't be blank"] });
  const targets = await targetsOf(deps, storeId, webhookId);
  // Public events only: a webhook/test ping is kept beside them but is not the store's event.
  const events = (await deps.deliveries.eventsSince(storeId, since)).filter((event) => PUBLIC.has(event.topic));
  let scheduled = 0;
  for (const event of events) scheduled += await schedule(deps, event, targets);
  return { scheduled, events: events.length };
}

async function targetsOf(deps: DeliveriesApiDeps, storeId: number, webhookId: number): Promise<readonly WebhookDocument[]> {
  if (!webhookId) return deps.webhooks.active(storeId);
  const webhook = await findWebhook(deps, storeId, webhookId);
  return webhook.status === 'active' ? [webhook] : [];
}

/** A job of the event for each target subscribed to its topic: a new one, or the ended one started afresh. */
async function schedule(deps: DeliveriesApiDeps, event: StoredEventDocument, targets: readonly WebhookDocument[]): Promise<number> {
  let scheduled = 0;
  const now = deps.clock();
  for (const webhook of targets) {
    if (!subscribesTo(webhook.events, event.topic)) continue;
    // A job already pending goes out anyway: it counts as scheduled.
    const id = (await deps.nextId('delivery_blocks')) * JOBS_PER_BLOCK + 1;
    if (!(await deps.deliveries.insertDelivery(newJob(id, webhook.id, event, now)))) await deps.deliveries.restart(webhook.id, event.id, now);
    scheduled++;
  }
  return scheduled;
}
