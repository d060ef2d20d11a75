import { randomUUID } from 'node:crypto';
import type { webhooks } from '@commerce/contracts';
import { failedPrecondition, notFound, validationFailed } from '@commerce/grpc-runtime';
import { storeZone } from '@commerce/store-zones';
import type { DeliveryDocument, StoredEventDocument } from '../infra/delivery.documents';
import type { WebhookDocument } from '../infra/webhook.repository';
import { attemptMessage, DEFAULT_DELIVERIES_LIMIT, MAX_DELIVERIES_LIMIT, type DeliveriesApiDeps } from './deliveries-api';
import { findWebhook } from './find-webhook';
import { JOBS_PER_BLOCK, newJob } from './intake-event';

/** The internal topic of a ping (libs/events EventResources); never public, never in the events feed. */
export const TEST_TOPIC = 'webhook/test';
export const TEST_MESSAGE = 'This is a test event sent on request to check that the webhook receives and verifies deliveries.';

/** A job as the deliveries API answers it: its state and its attempts, oldest first. */
export function deliveryMessage(job: DeliveryDocument): webhooks.Delivery {
  return {
    id: job.id,
    webhook_id: job.webhook_id,
    event_id: job.event_id,
    topic: job.topic,
    status: job.status,
    attempts: job.attempts.map((attempt) => {
      const succeeded = attempt.status_code !== null && attempt.status_code >= 200 && attempt.status_code < 300;
      return attemptMessage({ ...attempt, delivery_id: job.id, webhook_id: job.webhook_id, store_id: job.store_id, event_id: job.event_id, topic: job.topic, succeeded });
    }),
    next_attempt_at: job.status === 'pending' ? job.next_attempt_at : undefined,
    last_error: job.last_error ?? undefined,
    created_at: job.created_at,
    updated_at: job.updated_at,
  };
}

/** The webhook's deliveries, newest first; a webhook of another store (or deleted) is NOT_FOUND. */
export async function listWebhookDeliveries(deps: DeliveriesApiDeps, storeId: number, request: Omit<webhooks.ListWebhookDeliveriesRequest, 'store_id'>): Promise<webhooks.ListWebhookDeliveriesResponse> {
  if (request.limit < 0) throw validationFailed({ limit: ['must not be negative'] });
  if (request.older_than_id < 0) throw validationFailed({ older_than_id: ['must not be negative'] });
  const limit = Math.min(request.limit || DEFAULT_DELIVERIES_LIMIT, MAX_DELIVERIES_LIMIT);
  const webhook = await findWebhook(deps, storeId, request.webhook_id);
  // One delivery more than the page says whether any is left after it.
  const [jobs, timeZone] = await Promise.all([deps.deliveries.listDeliveries(webhook.id, request.older_than_id, limit + 1), storeZone(deps, storeId)]);
  return { deliveries: jobs.slice(0, limit).map(deliveryMessage), limit, time_zone: timeZone, has_more: jobs.length > limit };
}

function requireActive(webhook: WebhookDocument): void {
  if (webhook.status !== 'active') throw failedPrecondition(`The webhook is disabled (${webhook.disabled_reason ?? 'disabled'}); enable it first`);
}

/**
 * The delivery's event again to its webhook, now: a final delivery (delivered ones too) starts a new attempt series
 * with the same webhook-id; a pending one is made due now. NOT_FOUND when the event is no longer kept.
 */
export async function retryDelivery(deps: DeliveriesApiDeps, storeId: number, webhookId: number, deliveryId: number): Promise<webhooks.RetryDeliveryResponse> {
  const webhook = await findWebhook(deps, storeId, webhookId);
  const job = await deps.deliveries.findDelivery(webhook.id, deliveryId);
  if (!job || job.store_id !== storeId) throw notFound('Delivery');
  if (!(await deps.deliveries.findEvent(job.event_id))) throw notFound('Event');
  requireActive(webhook);
  const now = deps.clock();
  if (!(await deps.deliveries.restart(webhook.id, job.event_id, now))) await deps.deliveries.hurry(job.id, now);
  const [after, timeZone] = await Promise.all([deps.deliveries.findDelivery(webhook.id, deliveryId), storeZone(deps, storeId)]);
  return { delivery: deliveryMessage(after ?? job), time_zone: timeZone };
}

/** A `webhook/test` event for the webhook only (subscribed or not), kept like any event and sent by the worker. */
export async function sendTestEvent(deps: DeliveriesApiDeps, storeId: number, webhookId: number): Promise<webhooks.SendTestEventResponse> {
  const webhook = await findWebhook(deps, storeId, webhookId);
  requireActive(webhook);
  const now = deps.clock();
  const event: StoredEventDocument = {
    id: randomUUID(),
    topic: TEST_TOPIC,
    store_id: storeId,
    occurred_at: now.toISOString(),
    resource: { webhook_id: webhook.id, message: TEST_MESSAGE },
    sequence: 1,
    resource_type: 'webhook',
    resource_id: webhook.id,
    received_at: now,
    fanned_out: true,
  };
  await deps.deliveries.insertEvent(event);
  const job = newJob((await deps.nextId('delivery_blocks')) * JOBS_PER_BLOCK + 1, webhook.id, event, now);
  // Its own lane: a ping never waits behind (or holds up) the webhook's other deliveries.
  job.resource_key = `webhook_test:${event.id}`;
  job.lane = `${webhook.id}|${job.resource_key}`;
  await deps.deliveries.insertDelivery(job);
  return { delivery: deliveryMessage(job), time_zone: await storeZone(deps, storeId) };
}
