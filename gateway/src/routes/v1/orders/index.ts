import type { Router } from 'express';
import type { BackendClients } from '../../../clients';
import type { PaginationOptions } from '../../../http/pagination';
import { discountRoutes } from './discount.routes';
import { fulfillmentRoutes } from './fulfillment.routes';
import { orderContentsRoutes } from './order-contents.routes';
import { orderRoutes } from './order.routes';
import { refundRoutes } from './refund.routes';
import { taxRateRoutes } from './tax-rate.routes';

/**
 * Orders, fulfillments, tax rates and discount codes (docs/orders.md#orders, docs/orders.md#fulfillments,
 * docs/money.md#tax-rates, docs/money.md#discount-codes) on the /v1 router, routed to the orders service.
 */
export function ordersRoutes(router: Router, clients: BackendClients, pagination: PaginationOptions = {}): void {
  orderRoutes(router, clients, pagination);
  orderContentsRoutes(router, clients, pagination);
  fulfillmentRoutes(router, clients);
  refundRoutes(router, clients);
  discountRoutes(router, clients, pagination);
  taxRateRoutes(router, clients);
}
