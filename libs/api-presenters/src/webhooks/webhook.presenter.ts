import type { webhooks } from '@commerce/contracts';
import { formatTimestamp } from '../timestamp';

/**
 * A webhook as DESIGN §8 renders it: `{id, url, events, status, disabled_reason, created_at, updated_at}`,
 * timestamps in the store's zone, `disabled_reason` null while active. Never the signing secret: the create
 * answer adds it beside these fields itself.
 */
export function presentWebhook(webhook: webhooks.Webhook, timeZone: string) {
  return {
    id: webhook.id,
    url: webhook.url,
    events: [...webhook.events],
    status: webhook.status,
    disabled_reason: webhook.disabled_reason ?? null,
    created_at: formatTimestamp(webhook.created_at!, timeZone),
    updated_at: formatTimestamp(webhook.updated_at!, timeZone),
  };
}

export type WebhookJson = ReturnType<typeof presentWebhook>;
