import { createClient } from '@commerce/sdk';
import { UsageError } from '../usage-error';
import type { ApiAccess } from './dev-options';
import { TRIGGER_PLANS, TRIGGERABLE_TOPICS, type Made } from './trigger-plans';

/**
 * `storectl trigger TOPIC` (docs/build-an-app.md#develop-locally-storectl-listen-and-trigger): makes the store fire
 * `topic` through the public API, as an owner or a buyer would (a product created, an order placed and shipped...),
 * and answers what it made. It changes the store it is given: use a development store.
 */
export async function trigger(topic: string | undefined, access: ApiAccess): Promise<{ topic: string; made: Made }> {
  if (topic === undefined) throw new UsageError(`trigger needs a topic: one of ${TRIGGERABLE_TOPICS.join(', ')}.`);
  if (topic === 'app/uninstalled')
    throw new UsageError('app/uninstalled fires when the store owner uninstalls an app (/account): an API key cannot do it.');
  const plan = (TRIGGER_PLANS as Record<string, (typeof TRIGGER_PLANS)[keyof typeof TRIGGER_PLANS]>)[topic];
  if (!plan) throw new UsageError(`trigger knows no topic "${topic.slice(0, 60)}": one of ${TRIGGERABLE_TOPICS.join(', ')}.`);
  const api = createClient({ baseUrl: access.url, apiKey: access.apiKey, headers: { 'User-Agent': 'storectl trigger' } });
  const made: Made = [];
  await plan(api, made);
  return { topic, made };
}
