import { webhookFields } from '../domain/webhook';
import { addressRefusal, type OutboundTarget } from '@commerce/outbound-address';
import type { WebhooksDeps } from './webhooks-deps';

type TargetDeps = Pick<WebhooksDeps, 'resolver' | 'allowPrivateNetworks'>;

/** Ends every refusal: an operator who means to deliver inside the network learns the setting that allows it (docs/webhooks.md). */
const PUBLIC_ONLY =
  'webhooks are delivered to public addresses only (WEBHOOK_ALLOW_PRIVATE_NETWORKS=true on the webhooks service allows any address)';

/**
 * Why the url's host may not receive webhooks, or null: a literal address is judged as it is; a name is resolved
 * and every address it stands for must be plain public unicast (domain/webhook-url.ts) (one private answer is enough
 * for a receiver to be reached on it). Nothing is resolved when WEBHOOK_ALLOW_PRIVATE_NETWORKS is on.
 */
export async function targetRefusal(deps: TargetDeps, target: OutboundTarget): Promise<string | null> {
  if (deps.allowPrivateNetworks) return null;
  if (target.literal) {
    const refusal = addressRefusal(target.host);
    return refusal && `points to ${refusal}; ${PUBLIC_ONLY}`;
  }
  const addresses = await deps.resolver.addressesOf(target.host);
  if (!addresses || addresses.length === 0) return `has a host that does not resolve (${target.host})`;
  for (const address of addresses) {
    const refusal = addressRefusal(address);
    if (refusal) return `has a host (${target.host}) that resolves to ${refusal}; ${PUBLIC_ONLY}`;
  }
  return null;
}

/** The webhook's fields and their rules, with the address check this service is configured for. */
export const webhookFieldsOf = (deps: Pick<WebhooksDeps, 'resolver' | 'allowPrivateNetworks' | 'topics'>) =>
  webhookFields(deps.topics, (target) => targetRefusal(deps, target));
