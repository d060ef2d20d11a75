import type { Router } from 'express';
import type { BackendClients } from '../../../clients';
import type { PaginationOptions } from '../../../http/pagination';
import { deliveryRoutes } from './deliveries.routes';
import { eventStreamRoutes, type EventStreamOptions } from './event-stream.routes';
import { eventsRoutes } from './events.routes';
import { webhookRoutes } from './webhook.routes';

/**
 * Webhooks (docs/webhooks.md#routes) on the /v1 router, routed to the webhooks service. Then a webhook's deliveries and their
 * repair, the events feed (docs/webhooks.md#seeing-and-repairing-deliveries) and its live stream (docs/webhooks.md#the-live-event-stream).
 */
export function webhooksRoutes(
  router: Router,
  clients: BackendClients,
  pagination: PaginationOptions = {},
  eventStream: EventStreamOptions = {},
): void {
  webhookRoutes(router, clients);
  deliveryRoutes(router, clients, pagination);
  eventsRoutes(router, clients, pagination);
  eventStreamRoutes(router, clients, eventStream);
}
