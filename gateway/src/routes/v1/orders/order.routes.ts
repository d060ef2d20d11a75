import type { Router } from 'express';
import { presentOrder, presentSalesSummary } from '@commerce/api-presenters';
import { orders } from '@commerce/contracts';
import type { BackendClients } from '../../../clients';
import { ok } from '../../../http/envelope';
import { sendPage, type PaginationOptions } from '../../../http/pagination';
import { dataAnswer, orderJson, pagedAnswer, salesSummaryJson } from '../../../openapi/answers';
import { operation } from '../../../openapi/operation';
import { pathId } from '../../path-id';
import type { RouteContext } from '../../route';
import { renderOrder } from './order-answer';
import { listOrdersQuery, ordersSummaryQuery, shipOrderInput } from './orders.schemas';

const ORDER = 'Order';

type OrderIds = { store_id: number; order_id: number };
type StatusChange = (ids: OrderIds, call: RouteContext['call']) => Promise<{ order?: orders.Order; time_zone: string }>;

/** docs/orders.md#orders, docs/orders.md#records: each route is input → one OrdersService call → presentOrder. */
export function orderRoutes(router: Router, clients: BackendClients, pagination: PaginationOptions): void {
  router.get(
    '/orders',
    operation(
      {
        summary: 'List orders',
        description:
          "The store's orders, newest first, 50 a page unless `limit` says otherwise (at most 250); `status=open` also " +
          'lists `Partially Shipped` orders. `q` finds an order by its number or by text of its e-mail; the ranges ' +
          'filter by when orders were placed or last updated. `pagination` and the `Link` header name the next page, ' +
          'pinned so that new orders do not shift it, with the same filters.',
        tag: 'Orders',
        auth: 'store',
        input: listOrdersQuery,
        answer: pagedAnswer('orders', orderJson),
      },
      async (req, res, { storeId, call, input }) => {
        const query = input();
        const answer = await clients.orders.listOrders(orders.ListOrdersRequest.fromPartial({ store_id: storeId, ...query }), call);
        const list = answer.orders.map((order) => presentOrder(order, answer.time_zone));
        const page = {
          total: answer.total,
          page: answer.page,
          limit: answer.limit,
          count: list.length,
          currentMaxId: answer.current_max_id,
        };
        sendPage(req, res, { orders: list }, page, pagination);
      },
    ),
  );

  // Before /orders/:id, which would take `summary` for an id.
  router.get(
    '/orders/summary',
    operation(
      {
        summary: 'Summarize sales',
        description:
          'The sales of the orders placed in a range of at most 366 days (docs/orders.md#sales-summary), summed by the ' +
          "database: orders, gross sales, discounts, shipping, taxes, refunds made in the range and total sales in the store's " +
          "currency, then per currency and per day of the store's time zone. Money as decimal strings.",
        tag: 'Orders',
        auth: 'store',
        input: ordersSummaryQuery,
        answer: dataAnswer(salesSummaryJson),
      },
      async (_req, res, { storeId, call, input }) => {
        ok(res, presentSalesSummary(await clients.orders.summarizeOrders({ store_id: storeId, ...input() }, call)));
      },
    ),
  );

  router.get(
    '/orders/:id',
    operation(
      {
        summary: 'Get an order',
        description: 'One order with its items and fulfillments. Money is integer cents, except `price`: the total as a decimal string.',
        tag: 'Orders',
        auth: 'store',
        answer: dataAnswer(orderJson),
      },
      async (req, res, { storeId, call }) => {
        ok(res, renderOrder(await clients.orders.getOrder({ store_id: storeId, order_id: pathId(req, ORDER) }, call)));
      },
    ),
  );

  router.put(
    '/orders/:id/ship',
    operation(
      {
        summary: 'Ship an order',
        description:
          'Records a fulfillment of the given items (all unshipped ones when none are named); 409 `NothingToShip` or ' +
          '`InvalidTransition` when the order cannot ship.',
        tag: 'Orders',
        auth: 'store',
        input: shipOrderInput,
        answer: dataAnswer(orderJson),
      },
      async (req, res, { storeId, call, input }) => {
        const orderId = pathId(req, ORDER);
        ok(
          res,
          renderOrder(
            await clients.orders.shipOrder(orders.ShipOrderRequest.fromPartial({ store_id: storeId, order_id: orderId, ...input() }), call),
          ),
        );
      },
    ),
  );

  // The transitions without input: hold, open and (beyond the spec) cancel; orders answers 409 when the status refuses it.
  const statusChanges: Record<string, [summary: string, StatusChange]> = {
    hold: ['Put an order on hold', (ids, call) => clients.orders.holdOrder(ids, call)],
    open: ['Open an order again', (ids, call) => clients.orders.openOrder(ids, call)],
    cancel: ['Cancel an order', (ids, call) => clients.orders.cancelOrder(ids, call)],
  };
  for (const [action, [summary, change]] of Object.entries(statusChanges)) {
    const doc = {
      summary,
      description: "409 `InvalidTransition` when the order's status refuses it (the message names the current status).",
      tag: 'Orders',
      auth: 'store',
      answer: dataAnswer(orderJson),
    } as const;
    router.put(
      `/orders/:id/${action}`,
      operation(doc, async (req, res, { storeId, call }) => {
        ok(res, renderOrder(await change({ store_id: storeId, order_id: pathId(req, ORDER) }, call)));
      }),
    );
  }
}
