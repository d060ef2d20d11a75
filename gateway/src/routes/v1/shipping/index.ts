import type { ApiRoutes } from '../../api-routes';
import type { BackendClients } from '../../../clients';
import { shippingClassRoutes } from './shipping-class.routes';
import { shippingGroupRoutes } from './shipping-group.routes';
import { shippingRateRoutes } from './shipping-rate.routes';

/** Shipping groups, classes and rates (spec 4.9-4.11), routed to the shipping service. */
export function shippingRoutes(routes: ApiRoutes, clients: BackendClients): void {
  shippingGroupRoutes(routes, clients);
  shippingClassRoutes(routes, clients);
  shippingRateRoutes(routes, clients);
}
