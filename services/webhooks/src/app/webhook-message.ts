import type { webhooks } from '@commerce/contracts';
import type { Webhook } from '../domain/webhook';

/** A stored webhook → the contract's Webhook (never its secret; disabled_reason absent while active). */
export function webhookMessage(webhook: Webhook): webhooks.Webhook {
  return {
    id: webhook.id,
    url: webhook.url,
    events: [...webhook.events],
    created_at: webhook.created_at,
    updated_at: webhook.updated_at,
    status: webhook.status,
    disabled_reason: webhook.disabled_reason ?? undefined,
  };
}

/** What a sealed secret is bound to (AES-GCM associated data): it opens only for the webhook it was made for. */
export const secretOwnerOf = (webhook: Pick<Webhook, 'store_id' | 'id'>): string => `webhook:${webhook.store_id}:${webhook.id}`;
