import path from 'node:path';
import { storefront, webhooks } from '@commerce/contracts';
import { PUBLIC_TOPICS, PUBLIC_TOPIC_WILDCARDS } from '@commerce/events';
import { createClient, implement } from '@commerce/grpc-runtime';
import { workerTask } from '@commerce/delivery';
import { periodic, ServiceHost, type RunningService } from '@commerce/service-host';
import { applyStoreEvent, storeEventsConsumer, StorefrontClient, StoreZoneRepository } from '@commerce/store-zones';
import { DeliveryWorker } from './app/delivery-worker';
import { pruneEvents } from './app/prune-events';
import { storeEvent } from './app/store-event';
import { StoreEventSignals } from './app/store-event-signals';
import type { WebhooksDeps } from './app/webhooks-deps';
import type { WebhooksConfig } from './config';
import { deliveriesHandlers } from './grpc/deliveries.handlers';
import { webhooksHandlers } from './grpc/webhooks.handlers';
import { DeliveryRepository } from './infra/delivery.repository';
import { deliveryMetrics } from './infra/delivery-metrics';
import { WEBHOOKS_MIGRATIONS } from './infra/migrations';
import { deliveryIntakeConsumers } from './infra/delivery.tasks';
import { DnsResolver } from './infra/dns.resolver';
import { HttpSender } from './infra/http-sender';
import { ensureWebhooksIndexes } from './infra/indexes';
import { SecretBox } from './infra/secret-box';
import { secretKeyOf } from './infra/secret-key';
import { WebhookRepository } from './infra/webhook.repository';

/** How often the worker looks for jobs falling due (it also runs whenever an event arrives or a send ends). */
const WORKER_INTERVAL_MS = 500;
/** How often the events feed forgets what it keeps no longer (domain/delivery.ts EVENTS_KEPT_MS). */
const PRUNE_INTERVAL_MS = 3_600_000;

/**
 * Webhooks: webhook records and their delivery (docs/webhooks.md#the-events-feed: intake consumers, the events feed, delivery jobs and
 * the worker sending them). Store → gRPC, wired from the config (docs/service-template.md). Webhook records publish no events.
 */
export function startWebhooksService(config: WebhooksConfig): Promise<RunningService> {
  return ServiceHost.start(config, async (host) => {
    await ensureWebhooksIndexes(host.db);

    const sender = new HttpSender();
    const eventSignals = new StoreEventSignals();
    const deps: WebhooksDeps = {
      webhooks: new WebhookRepository(host.db.collection(WebhookRepository.collection)),
      deliveries: DeliveryRepository.open(host.db),
      eventSignals,
      zones: new StoreZoneRepository(host.db.collection(StoreZoneRepository.collection)),
      storefront: new StorefrontClient(
        createClient(storefront.StoreServiceClient, config.STOREFRONT_GRPC_ADDR, { deadlineMs: config.WEBHOOKS_BACKEND_DEADLINE_MS }),
      ),
      secrets: new SecretBox(secretKeyOf(config.WEBHOOK_SECRET_KEY, path.join(config.DATA_DIR, 'webhooks'))),
      resolver: new DnsResolver(),
      sender,
      allowPrivateNetworks: config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
      topics: new Set<string>([...PUBLIC_TOPICS, ...PUBLIC_TOPIC_WILDCARDS]),
      nextId: (counter) => host.db.nextId(counter),
      clock: () => new Date(),
      random: Math.random,
      logger: host.logger,
      observeAttempt: host.metrics && deliveryMetrics(host.metrics.toolkit, host.metrics.registry),
    };
    const worker = new DeliveryWorker(deps);
    return {
      services: [
        implement(webhooks.WebhooksServiceService, webhooksHandlers(deps)),
        implement(
          webhooks.WebhookDeliveryServiceService,
          deliveriesHandlers(deps, () => worker.kick()),
        ),
      ],
      protoFiles: ['commerce/webhooks/v1/webhooks.proto'],
      migrations: WEBHOOKS_MIGRATIONS,
      // The events feed's long polls answer at once, so the gRPC server drains without waiting on them.
      beforeStop: () => eventSignals.release(),
      background: [
        storeEventsConsumer({
          nc: host.nc,
          db: host.db,
          logger: host.logger,
          durable: 'webhooks-store-zones',
          handler: (event) => applyStoreEvent(deps, event),
        }),
        workerTask('webhook delivery worker', worker, WORKER_INTERVAL_MS, () => sender.close()),
        deliveryIntakeConsumers(
          host.nc,
          host.logger,
          (event) => storeEvent(deps, event),
          () => worker.kick(),
        ),
        periodic(
          'events feed pruning',
          PRUNE_INTERVAL_MS,
          () => pruneEvents(deps),
          (error) => host.logger.warn({ err: error }, 'events feed pruning failed; the next run retries'),
        ),
      ],
    };
  });
}
