import { ensureStream, EventConsumer, type DomainEvent } from '@commerce/events';
import type { Logger } from '@commerce/observability';
import type { BackgroundTask } from '@commerce/service-host';
import type { NatsConnection } from 'nats';
import type { DeliveryWorker } from '../app/delivery-worker';

/** The contexts whose streams carry public topics (DESIGN §5). */
export const PUBLISHING_CONTEXTS = ['catalog', 'orders', 'shipping', 'storefront', 'identity'] as const;

/**
 * One durable consumer per context stream (`webhooks-delivery-<ctx>`), feeding the intake; the streams are
 * ensured here, so the webhooks service may start before the services that publish on them.
 */
export function deliveryIntakeConsumers(nc: NatsConnection, logger: Logger, handler: (event: DomainEvent) => Promise<void>): BackgroundTask {
  const consumers: EventConsumer[] = [];
  const stopAll = async () => {
    await Promise.all(consumers.splice(0).map((consumer) => consumer.stop()));
  };
  return {
    name: 'webhook delivery intake',
    async start() {
      const jsm = await nc.jetstreamManager();
      try {
        for (const context of PUBLISHING_CONTEXTS) {
          const stream = (await ensureStream(jsm, context)).config.name;
          const consumer = new EventConsumer({
            nc,
            stream,
            durable: `webhooks-delivery-${context}`,
            filterSubject: `events.${context}.>`,
            handler,
            backoffMs: [500, 2_000, 10_000, 30_000],
            maxDeliver: 20,
            prefetch: 64,
            logger,
          });
          consumers.push(consumer);
          await consumer.start();
        }
      } catch (error) {
        await stopAll().catch(() => undefined);
        throw error;
      }
    },
    stop: stopAll,
  };
}

/** Runs the worker: a pass every `intervalMs` (jobs falling due), and one whenever a send ends or an event arrives. */
export function deliveryWorkerTask(worker: DeliveryWorker, intervalMs: number): BackgroundTask {
  let timer: NodeJS.Timeout | undefined;
  return {
    name: 'webhook delivery worker',
    start() {
      worker.kick();
      timer = setInterval(() => worker.kick(), intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await worker.stop();
    },
  };
}
