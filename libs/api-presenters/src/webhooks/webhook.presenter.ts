import type { webhooks } from '@commerce/contracts';
import { formatTimestamp } from '../timestamp';
import { z } from 'zod';
import { id, timestamp } from '../answer-schema';

const webhookFields = {
  id: id(),
  url: z.string(),
  events: z.array(z.string()),
  status: z.string(),
  disabled_reason: z.string().nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
};

/** What presentWebhook renders (the OpenAPI document's `Webhook`). */
export const webhookJson = z.strictObject(webhookFields).meta({ id: 'Webhook' });

export type WebhookJson = z.infer<typeof webhookJson>;

/** POST /v1/webhooks answers the webhook and, this once, its signing secret. */
export const createdWebhookJson = z
  .strictObject({ ...webhookFields, secret: z.string().meta({ description: 'the signing secret, shown only here' }) })
  .meta({ id: 'CreatedWebhook' });

/**
 * A webhook as docs/webhooks.md#the-record renders it: `{id, url, events, status, disabled_reason, created_at, updated_at}`,
 * timestamps in the store's zone, `disabled_reason` null while active. Never the signing secret: the create
 * answer adds it beside these fields itself.
 */
export function presentWebhook(webhook: webhooks.Webhook, timeZone: string): WebhookJson {
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
