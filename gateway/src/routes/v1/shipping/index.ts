import type { Router } from 'express';
import type { BackendClients } from '../../../clients';

/** Shipping groups, classes and rates (spec 4.9-4.11), routed to the shipping service. */
export function shippingRoutes(_router: Router, _clients: BackendClients): void {}
