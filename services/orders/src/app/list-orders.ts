import type { orders } from '@commerce/contracts';
import { validationFailed } from '@commerce/grpc-runtime';
import type { Filter } from '@commerce/persistence';
import { FILTER_VALUES, pageOf, statusFilter } from '../domain/order-listing';
import { orderMessage } from './order-message';
import type { OrdersDeps } from './orders-deps';
import { storeZone } from '@commerce/store-zones';

/**
 * One page of the store's orders, newest first. The query is always the store, an equality on status when
 * asked, then one range (id, or updated_at): shapes the indexes serve, so the cost does not grow with the
 * store. A constant number of queries: the page, its count and its highest id.
 */
export async function listOrders(deps: OrdersDeps, storeId: number, request: orders.ListOrdersRequest): Promise<orders.ListOrdersResponse> {
  const filter: Filter = { store_id: storeId };
  const status = statusFilter(request.status);
  if (status === null) throw validationFailed({ status: [`must be one of: ${FILTER_VALUES.join(', ')}`] });
  if (status) filter.status = status;
  if (request.older_than_id > 0) filter.id = { $lt: request.older_than_id };
  const updatedAt: Record<string, Date> = {};
  if (request.updated_at_min) updatedAt.$gte = request.updated_at_min;
  if (request.updated_at_max) updatedAt.$lte = request.updated_at_max;
  if (Object.keys(updatedAt).length > 0) filter.updated_at = updatedAt;

  const { page, limit, skip } = pageOf(request.page, request.limit);
  const [found, timeZone] = await Promise.all([deps.orders.page({ filter, skip, limit }), storeZone(deps, storeId)]);
  return {
    orders: found.orders.map(orderMessage),
    total: found.total,
    page,
    limit,
    current_max_id: found.maxId,
    time_zone: timeZone,
  };
}
