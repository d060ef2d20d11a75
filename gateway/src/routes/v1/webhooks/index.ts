import type { Router } from 'express';
import type { BackendClients } from '../../../clients';
import { webhookRoutes } from './webhook.routes';

/** Webhooks (spec 4.12) on the /v1 router, routed to the webhooks service. Deliveries come with the delivery increment. */
export function webhooksRoutes(router: Router, clients: BackendClients): void {
  webhookRoutes(router, clients);
}
