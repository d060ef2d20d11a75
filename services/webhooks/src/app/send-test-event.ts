import { randomUUID } from 'node:crypto';
import type { webhooks } from '@commerce/contracts';
import { storeZone } from '@commerce/store-zones';
import { requireActive } from '../domain/webhook';
import type { StoredEventDocument } from '../infra/delivery.documents';
import { deliveryMessage } from './delivery-message';
import { findWebhook } from './find-webhook';
import { newJob, newJobId } from './new-job';
import type { WebhooksDeps } from './webhooks-deps';

/** The internal topic of a ping (libs/events EventResources); never public, never in the events feed. */
export const TEST_TOPIC = 'webhook/test';
export const TEST_MESSAGE = 'This is a test event sent on request to check that the webhook receives and verifies deliveries.';

/** A `webhook/test` event for the webhook only (subscribed or not), kept like any event and sent by the worker. */
export async function sendTestEvent(
  deps: Pick<WebhooksDeps, 'webhooks' | 'deliveries' | 'zones' | 'storefront' | 'nextId' | 'clock'>,
  storeId: number,
  webhookId: number,
): Promise<webhooks.SendTestEventResponse> {
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
  const job = newJob(await newJobId(deps), webhook.id, event, now);
  // Its own lane: a ping never waits behind (or holds up) the webhook's other deliveries.
  job.resource_key = `webhook_test:${event.id}`;
  job.lane = `${webhook.id}|${job.resource_key}`;
  await deps.deliveries.insertDelivery(job);
  return { delivery: deliveryMessage(job), time_zone: await storeZone(deps, storeId) };
}
