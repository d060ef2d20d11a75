import { notFound } from '@commerce/grpc-runtime';
import type { WebhookDocument } from '../infra/webhook.repository';
import type { WebhooksDeps } from './webhooks-deps';

/** The store's live webhook; another store's, or a deleted one, is NOT_FOUND. */
export async function findWebhook(deps: Pick<WebhooksDeps, 'webhooks'>, storeId: number, webhookId: number): Promise<WebhookDocument> {
  const webhook = await deps.webhooks.findLive(storeId, webhookId);
  if (!webhook) throw notFound('Webhook');
  return webhook;
}
