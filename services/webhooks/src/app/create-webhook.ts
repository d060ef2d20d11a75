import type { webhooks } from '@commerce/contracts';
import { checkedFieldsAsync, validationFailed } from '@commerce/grpc-runtime';
import { storeZone } from '@commerce/store-zones';
import { freeSlot, MAX_WEBHOOKS_PER_STORE, type NewWebhookInput, type Webhook } from '../domain/webhook';
import { webhookFieldsOf } from './webhook-fields';
import { secretOwnerOf, webhookMessage } from './webhook-message';
import type { WebhooksDeps } from './webhooks-deps';

const limitReached = () => validationFailed({ webhooks: [`are limited to ${MAX_WEBHOOKS_PER_STORE} per store; delete one first`] });

/**
 * Creates an active webhook with a new signing secret, stored sealed and answered here only. The store's
 * 51st is refused; two creates racing for its last place are decided by the slot's unique index.
 */
export async function createWebhook(
  deps: Pick<
    WebhooksDeps,
    'webhooks' | 'zones' | 'storefront' | 'secrets' | 'resolver' | 'allowPrivateNetworks' | 'topics' | 'nextId' | 'clock'
  >,
  storeId: number,
  input: NewWebhookInput,
): Promise<webhooks.CreateWebhookResponse> {
  const fields = await checkedFieldsAsync(webhookFieldsOf(deps), input);
  const timeZone = await storeZone(deps, storeId);
  const secret = deps.secrets.generate();
  let id: number | undefined;
  for (;;) {
    const slot = freeSlot(await deps.webhooks.takenSlots(storeId));
    if (slot === null) throw limitReached();
    id ??= await deps.nextId('webhooks');
    const now = deps.clock();
    const webhook: Webhook = {
      id,
      store_id: storeId,
      ...fields,
      status: 'active',
      created_at: now,
      updated_at: now,
    };
    // false: another create took the slot meanwhile; look again (each miss means one more webhook was stored).
    if (await deps.webhooks.insert(webhook, slot, deps.secrets.seal(secret, secretOwnerOf(webhook)))) {
      return { webhook: webhookMessage(webhook), signing_secret: secret, time_zone: timeZone };
    }
  }
}
