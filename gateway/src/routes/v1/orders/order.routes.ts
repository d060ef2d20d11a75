import type { Router } from 'express';
import { presentOrder } from '@commerce/api-presenters';
import { orders } from '@commerce/contracts';
import type { BackendClients } from '../../../clients';
import { parseInput } from '../../../http/coerce';
import { ok } from '../../../http/envelope';
import { readParams } from '../../../http/input';
import { sendPage, type PaginationOptions } from '../../../http/pagination';
import { pathId } from '../../path-id';
import { route, type RouteContext } from '../../route';
import { renderOrder } from './order-answer';
import { listOrdersQuery, shipOrderInput } from './orders.schemas';

const ORDER = 'Order';

type OrderIds = { store_id: number; order_id: number };
type StatusChange = (ids: OrderIds, call: RouteContext['call']) => Promise<{ order?: orders.Order; time_zone: string }>;

/** Spec 4.4 and DESIGN §8: each route is input → one OrdersService call → presentOrder. */
export function orderRoutes(router: Router, clients: BackendClients, pagination: PaginationOptions): void {
  router.get(
    '/orders',
    route(async (req, res, { storeId, call }) => {
      const query = parseInput(listOrdersQuery, readParams(req));
      const answer = await clients.orders.listOrders(orders.ListOrdersRequest.fromPartial({ store_id: storeId, ...query }), call);
      const list = answer.orders.map((order) => presentOrder(order, answer.time_zone));
      const page = { total: answer.total, page: answer.page, limit: answer.limit, currentMaxId: answer.current_max_id };
      sendPage(req, res, { orders: list }, page, pagination);
    }),
  );

  router.get(
    '/orders/:id',
    route(async (req, res, { storeId, call }) => {
      ok(res, renderOrder(await clients.orders.getOrder({ store_id: storeId, order_id: pathId(req, ORDER) }, call)));
    }),
  );

  router.put(
    '/orders/:id/ship',
    route(async (req, res, { storeId, call }) => {
      const orderId = pathId(req, ORDER);
      const input = parseInput(shipOrderInput, readParams(req));
      ok(res, renderOrder(await clients.orders.shipOrder(orders.ShipOrderRequest.fromPartial({ store_id: storeId, order_id: orderId, ...input }), call)));
    }),
  );

  // The transitions without input: hold, open and (beyond the spec) cancel; orders answers 409 when the status refuses it.
  const statusChanges: Record<string, StatusChange> = {
    hold: (ids, call) => clients.orders.holdOrder(ids, call),
    open: (ids, call) => clients.orders.openOrder(ids, call),
    cancel: (ids, call) => clients.orders.cancelOrder(ids, call),
  };
  for (const [action, change] of Object.entries(statusChanges)) {
    router.put(
      `/orders/:id/${action}`,
      route(async (req, res, { storeId, call }) => {
        ok(res, renderOrder(await change({ store_id: storeId, order_id: pathId(req, ORDER) }, call)));
      }),
    );
  }
}
