import { EVENTS_KEPT_MS } from '../domain/delivery';
import type { WebhooksDeps } from './webhooks-deps';

/** Forgets the events kept longer than the feed keeps them, with the final deliveries and logged attempts of that age. */
export async function pruneEvents(deps: Pick<WebhooksDeps, 'deliveries' | 'clock'>): Promise<void> {
  await deps.deliveries.prune(new Date(deps.clock().getTime() - EVENTS_KEPT_MS));
}
