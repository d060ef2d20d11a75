import type { webhooks } from '@commerce/contracts';
import { PUBLIC_TOPICS } from '@commerce/events';
import { validationFailed } from '@commerce/grpc-runtime';
import { replayTargets, scheduleReplay } from './schedule-replay';
import type { WebhooksDeps } from './webhooks-deps';

const PUBLIC = new Set<string>(PUBLIC_TOPICS);

/** Every kept event of the store that occurred at or after `since`, in occurrence order, again. */
export async function replayEventsSince(
  deps: Pick<WebhooksDeps, 'webhooks' | 'deliveries' | 'nextId' | 'clock'>,
  storeId: number,
  since: Date | undefined,
  webhookId: number,
): Promise<webhooks.ReplayEventsSinceResponse> {
  if (!since || Number.isNaN(since.getTime())) throw validationFailed({ since: ["can't be blank"] });
  const targets = await replayTargets(deps, storeId, webhookId);
  // Public events only: a webhook/test ping is kept beside them but is not the store's event.
  const events = (await deps.deliveries.eventsSince(storeId, since)).filter((event) => PUBLIC.has(event.topic));
  let scheduled = 0;
  for (const event of events) scheduled += await scheduleReplay(deps, event, targets);
  return { scheduled, events: events.length };
}
