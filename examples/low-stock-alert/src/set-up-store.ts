import type { CommerceClient, WebhookTopic } from '@commerce/sdk';
import type { InstalledStore } from './app-data.js';

/** Stock changes (sales included, docs/catalog.md#variant), and the owner removing the app (docs/oauth.md#pages-and-the-account-panel). */
export const TOPICS: WebhookTopic[] = ['variant/updated', 'app/uninstalled'];

/** Where a store's deliveries go: one URL per store, so a delivery names the secret that verifies it. */
export function webhookUrlFor(appUrl: string, storeId: number): string {
  return `${appUrl}/webhooks?store_id=${storeId}`;
}

/**
 * What an install does in the store, through the public API: reads the store, and makes sure exactly one webhook of
 * the app's points at the app. A re-install keeps the webhook it already has (its secret is known); a webhook at the
 * app's URL whose secret the app no longer has (an install before an uninstall) is replaced, since a secret is
 * answered only when a webhook is created (docs/webhooks.md#the-signing-secret).
 */
export async function setUpStore(
  client: CommerceClient,
  appUrl: string,
  installed: (storeId: number) => InstalledStore | undefined,
): Promise<Pick<InstalledStore, 'storeId' | 'name' | 'webhook'>> {
  const { data: store } = await client.GET('/v1/store');
  const previous = installed(store.id);
  const url = webhookUrlFor(appUrl, store.id);
  const { data: existing } = await client.GET('/v1/webhooks');
  const ours = existing.webhooks.filter((webhook) => webhook.url === url);

  const kept = previous && ours.find((webhook) => webhook.id === previous.webhook.id);
  if (kept) {
    // Same URL and a known secret: make sure it listens to what this version of the app needs, and is on.
    await client.PUT('/v1/webhooks/{id}', { params: { path: { id: kept.id } }, body: { events: TOPICS, enabled: true } });
    return { storeId: store.id, name: store.name, webhook: previous.webhook };
  }

  for (const stale of ours) await client.DELETE('/v1/webhooks/{id}', { params: { path: { id: stale.id } } });
  const { data: created } = await client.POST('/v1/webhooks', { body: { url, events: TOPICS } });
  return { storeId: store.id, name: store.name, webhook: { id: created.id, secret: created.secret } };
}
