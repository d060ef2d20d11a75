import { orders, storefront } from '@commerce/contracts';
import { workerTask } from '@commerce/delivery';
import { createClient, implement } from '@commerce/grpc-runtime';
import { notifications } from '@commerce/contracts';
import { ServiceHost, type RunningService } from '@commerce/service-host';
import { MailWorker } from './app/mail-worker';
import type { Mailer, NotificationsDeps } from './app/notifications-deps';
import { takeEvent } from './app/take-event';
import type { NotificationsConfig } from './config';
import { notificationsHandlers } from './grpc/notifications.handlers';
import { loadDefaultTemplates } from './infra/default-templates';
import { mailIntakeConsumer } from './infra/event-consumers';
import { ensureNotificationsIndexes } from './infra/indexes';
import { LiquidEmailRenderer } from './infra/liquid-email.renderer';
import { mailMetrics } from './infra/mail-metrics';
import { MessageRepository } from './infra/message.repository';
import { OrdersClient } from './infra/orders.client';
import { KeepingMailer, SmtpMailer } from './infra/smtp.mailer';
import { StorefrontClient } from './infra/storefront.client';
import { TemplateRepository } from './infra/template.repository';

/** How often the worker looks for messages falling due (it also runs whenever messages are made or an attempt ends). */
const WORKER_INTERVAL_MS = 1_000;

/** The running service, and its worker, which tests drive when they need a pass now. */
export interface RunningNotifications extends RunningService {
  worker: MailWorker;
}

/**
 * Notifications: e-mail made from order events and sent over SMTP (docs/notifications.md). Intake consumer → messages →
 * worker; gRPC for templates and the message log. Wired from the config (docs/service-template.md); publishes no events.
 */
export async function startNotificationsService(config: NotificationsConfig): Promise<RunningNotifications> {
  let worker!: MailWorker;
  const running = await ServiceHost.start(config, async (host) => {
    await ensureNotificationsIndexes(host.db);
    const deadline = { deadlineMs: config.NOTIFICATIONS_BACKEND_DEADLINE_MS };
    const mailer: Mailer = config.SMTP_URL
      ? new SmtpMailer({
          url: config.SMTP_URL,
          timeoutMs: config.SMTP_TIMEOUT_MS,
          connections: config.SMTP_CONCURRENCY,
          dkim: config.DKIM_DOMAIN
            ? { domainName: config.DKIM_DOMAIN, keySelector: config.DKIM_SELECTOR!, privateKeyFile: config.DKIM_PRIVATE_KEY_FILE! }
            : undefined,
        })
      : new KeepingMailer();
    const deps: NotificationsDeps = {
      messages: new MessageRepository(host.db.collection(MessageRepository.collection)),
      templates: new TemplateRepository(host.db.collection(TemplateRepository.collection)),
      storefront: new StorefrontClient(createClient(storefront.StoreServiceClient, config.STOREFRONT_GRPC_ADDR, deadline)),
      orders: new OrdersClient(createClient(orders.OrdersServiceClient, config.ORDERS_GRPC_ADDR, deadline)),
      renderer: new LiquidEmailRenderer(),
      defaults: loadDefaultTemplates(),
      mailer,
      mailFrom: config.MAIL_FROM,
      nextId: (counter) => host.db.nextId(counter),
      clock: () => new Date(),
      random: Math.random,
      logger: host.logger,
      observeSend: host.metrics && mailMetrics(host.metrics.toolkit, host.metrics.registry),
      // Connection, greeting and the message's transfer may each take the timeout.
      leaseMs: 3 * config.SMTP_TIMEOUT_MS,
    };
    worker = new MailWorker(deps, config.SMTP_CONCURRENCY);
    return {
      services: [implement(notifications.NotificationsServiceService, notificationsHandlers(deps))],
      protoFiles: ['commerce/notifications/v1/notifications.proto'],
      migrations: [],
      background: [
        workerTask('mail worker', worker, WORKER_INTERVAL_MS, () => mailer.close()),
        mailIntakeConsumer(
          host.nc,
          host.logger,
          (event) => takeEvent(deps, event),
          () => worker.kick(),
        ),
      ],
    };
  });
  return { ...running, worker };
}
