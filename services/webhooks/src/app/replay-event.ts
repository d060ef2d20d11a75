import type { webhooks } from '@commerce/contracts';
import { notFound } from '@commerce/grpc-runtime';
import { replayTargets, scheduleReplay } from './schedule-replay';
import type { WebhooksDeps } from './webhooks-deps';

/** One kept event again, to the active webhooks subscribed to its topic (or the one named): a new attempt series, the same webhook-id. */
export async function replayEvent(
  deps: Pick<WebhooksDeps, 'webhooks' | 'deliveries' | 'nextId' | 'clock'>,
  storeId: number,
  eventId: string,
  webhookId: number,
): Promise<webhooks.ReplayEventResponse> {
  const event = await deps.deliveries.findEvent(eventId);
  if (!event || event.store_id !== storeId) throw notFound('Event');
  const targets = await replayTargets(deps, storeId, webhookId);
  return { scheduled: await scheduleReplay(deps, event, targets) };
}
