import { subscribesTo } from '@commerce/events';
import { JOBS_PER_BLOCK, newJob } from './new-job';
import type { WebhooksDeps } from './webhooks-deps';

/** Events fanned out per pass at most. */
export const FAN_OUT_BATCH = 500;

/**
 * How long an event waits for the event of its resource before it (sequence - 1) to be stored before its jobs are
 * made anyway. Replicas share each stream's consumer, so two events of one resource may be stored by two replicas
 * in the wrong order, a few milliseconds apart: jobs made only once the predecessor is there keep the resource's
 * order. A predecessor that never comes (pruned, or a topic the feed does not keep) costs its successor this wait.
 */
export const PREDECESSOR_WAIT_MS = 5_000;

/**
 * Makes the delivery jobs of the stored events not fanned out yet (oldest first): one per active webhook of the
 * event's store subscribed to its topic, due at once; then marks the events, only once their jobs are stored (a
 * crash in between leaves them to the next pass, which skips the jobs already there). The events of a pass share
 * each round of writes. Answers how many events were fanned out and how many jobs written.
 */
export async function fanOutEvents(
  deps: Pick<WebhooksDeps, 'webhooks' | 'deliveries' | 'nextId' | 'clock'>,
  limit = FAN_OUT_BATCH,
): Promise<{ events: number; jobs: number }> {
  const stored = await deps.deliveries.eventsToFanOut(limit);
  const now = deps.clock();
  const ready = await Promise.all(
    stored.map(
      async (event) =>
        event.sequence <= 1 ||
        now.getTime() - new Date(event.received_at).getTime() >= PREDECESSOR_WAIT_MS ||
        (await deps.deliveries.hasPredecessor(event)),
    ),
  );
  const events = stored.filter((_, i) => ready[i]);
  if (events.length === 0) return { events: 0, jobs: 0 };
  const storeIds = [...new Set(events.map((event) => event.store_id))];
  const activeOf = new Map(await Promise.all(storeIds.map(async (storeId) => [storeId, await deps.webhooks.active(storeId)] as const)));
  const written = await Promise.all(
    events.map(async (event) => {
      const subscribed = activeOf.get(event.store_id)!.filter((webhook) => subscribesTo(webhook.events, event.topic));
      if (subscribed.length === 0) return 0;
      const block = await deps.nextId('delivery_blocks');
      return deps.deliveries.insertDeliveries(
        subscribed.map((webhook, index) => newJob(block * JOBS_PER_BLOCK + index + 1, webhook.id, event, now)),
      );
    }),
  );
  await deps.deliveries.markFannedOut(events.map((event) => event.id));
  return { events: events.length, jobs: written.reduce((sum, n) => sum + n, 0) };
}
