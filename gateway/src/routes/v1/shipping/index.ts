import { Router } from 'express';
import type { BackendClients } from '../../../clients';
import { shippingClassRoutes } from './shipping-class.routes';
import { shippingGroupRoutes } from './shipping-group.routes';
import { shippingRateRoutes } from './shipping-rate.routes';

/** Shipping groups, classes and rates (spec 4.9-4.11), routed to the shipping service; mounted under /v1. */
export function shippingRouter(clients: BackendClients): Router {
  const router = Router();
  shippingGroupRoutes(router, clients);
  shippingClassRoutes(router, clients);
  shippingRateRoutes(router, clients);
  return router;
}
