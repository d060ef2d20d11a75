import path from 'node:path';
import { storefront, webhooks } from '@commerce/contracts';
import { PUBLIC_TOPICS, PUBLIC_TOPIC_WILDCARDS } from '@commerce/events';
import { createClient, implement } from '@commerce/grpc-runtime';
import { ServiceHost, type RunningService } from '@commerce/service-host';
import { applyStoreEvent, storeEventsConsumer, StorefrontClientPort, StoreZoneRepository } from '@commerce/store-zones';
import type { WebhooksDeps } from './app/webhooks-deps';
import type { WebhooksConfig } from './config';
import { webhooksHandlers } from './grpc/webhooks.handlers';
import { DnsResolver } from './infra/dns.resolver';
import { ensureWebhooksIndexes } from './infra/indexes';
import { SecretBox } from './infra/secret-box';
import { secretKeyOf } from './infra/secret-key';
import { WebhookRepository } from './infra/webhook.repository';

/**
 * Webhooks: webhook records (this increment) and their deliveries (WebhookDeliveryService, bound when delivery
 * lands). Store → gRPC, wired from the config (docs/service-template.md). Webhook records publish no events.
 */
export function startWebhooksService(config: WebhooksConfig): Promise<RunningService> {
  return ServiceHost.start(config, async (host) => {
    const webhookDocuments = WebhookRepository.collectionOf(host.db);
    const zones = StoreZoneRepository.collectionOf(host.db);
    await ensureWebhooksIndexes(webhookDocuments, zones);

    const deps: WebhooksDeps = {
      webhooks: new WebhookRepository(webhookDocuments),
      zones: new StoreZoneRepository(zones),
      storefront: new StorefrontClientPort(createClient(storefront.StoreServiceClient, config.STOREFRONT_GRPC_ADDR, { deadlineMs: config.WEBHOOKS_BACKEND_DEADLINE_MS })),
      secrets: new SecretBox(secretKeyOf(config.WEBHOOK_SECRET_KEY, path.join(config.DATA_DIR, 'webhooks'))),
      resolver: new DnsResolver(),
      allowPrivateNetworks: config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
      topics: new Set<string>([...PUBLIC_TOPICS, ...PUBLIC_TOPIC_WILDCARDS]),
      nextId: (counter) => host.db.nextId(counter),
      clock: () => new Date(),
    };
    return {
      services: [implement(webhooks.WebhooksServiceService, webhooksHandlers(deps))],
      protoFiles: ['commerce/webhooks/v1/webhooks.proto'],
      migrations: [],
      background: [
        storeEventsConsumer({ nc: host.nc, db: host.db, logger: host.logger, durable: 'webhooks-store-zones', handler: (event) => applyStoreEvent(deps, event) }),
      ],
    };
  });
}
