import { subscribesTo } from '@commerce/events';
import type { StoredEventDocument } from '../infra/delivery.documents';
import type { WebhookDocument } from '../infra/webhook.repository';
import { findWebhook } from './find-webhook';
import { newJob, newJobId } from './new-job';
import type { WebhooksDeps } from './webhooks-deps';

/** The webhooks a replay goes to: the store's active ones, or the one named when it is active (NOT_FOUND when it is not the store's). */
export async function replayTargets(
  deps: Pick<WebhooksDeps, 'webhooks'>,
  storeId: number,
  webhookId: number,
): Promise<readonly WebhookDocument[]> {
  if (!webhookId) return deps.webhooks.active(storeId);
  const webhook = await findWebhook(deps, storeId, webhookId);
  return webhook.status === 'active' ? [webhook] : [];
}

/** A job of the event for each target subscribed to its topic: a new one, or the ended one started afresh. Answers how many. */
export async function scheduleReplay(
  deps: Pick<WebhooksDeps, 'deliveries' | 'nextId' | 'clock'>,
  event: StoredEventDocument,
  targets: readonly WebhookDocument[],
): Promise<number> {
  let scheduled = 0;
  const now = deps.clock();
  for (const webhook of targets) {
    if (!subscribesTo(webhook.events, event.topic)) continue;
    // A job already pending goes out anyway: it counts as scheduled.
    const id = await newJobId(deps);
    if (!(await deps.deliveries.insertDelivery(newJob(id, webhook.id, event, now))))
      await deps.deliveries.restart(webhook.id, event.id, now);
    scheduled++;
  }
  return scheduled;
}
