import type { Router } from 'express';
import type { BackendClients } from '../../../clients';
import { shippingClassRoutes } from './shipping-class.routes';
import { shippingGroupRoutes } from './shipping-group.routes';
import { shippingRateRoutes } from './shipping-rate.routes';

/** Shipping groups, classes and rates (docs/shipping.md) on the /v1 router, routed to the shipping service. */
export function shippingRoutes(router: Router, clients: BackendClients): void {
  shippingGroupRoutes(router, clients);
  shippingClassRoutes(router, clients);
  shippingRateRoutes(router, clients);
}
