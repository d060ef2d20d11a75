import type { orders } from '@commerce/contracts';
import { validationFailed } from '@commerce/grpc-runtime';
import { FILTER_VALUES, statusFilter } from '../domain/order-listing';
import { orderSearchOf } from '../domain/order-search';
import { pageOf } from '../domain/paging';
import type { OrderQuery } from '../infra/order.repository';
import { orderMessage } from './order-message';
import type { OrdersDeps } from './orders-deps';
import { storeZone } from '@commerce/store-zones';

/**
 * One page of the store's orders, newest first, filtered and searched (docs/orders.md#listing): a constant number of
 * queries (the page, its count and its highest id).
 */
export async function listOrders(
  deps: Pick<OrdersDeps, 'orders' | 'zones' | 'storefront'>,
  storeId: number,
  request: orders.ListOrdersRequest,
): Promise<orders.ListOrdersResponse> {
  const status = statusFilter(request.status);
  const searched = orderSearchOf(request.q);
  const violations = {
    ...(status === null ? { status: [`must be one of: ${FILTER_VALUES.join(', ')}`] } : {}),
    ...('violations' in searched ? searched.violations : {}),
  };
  if (status === null || 'violations' in searched) throw validationFailed(violations);
  const { page, limit, skip } = pageOf(request.page, request.limit);
  const query: OrderQuery = {
    storeId,
    status,
    olderThanId: request.older_than_id > 0 ? request.older_than_id : undefined,
    updatedAtMin: request.updated_at_min,
    updatedAtMax: request.updated_at_max,
    createdAtMin: request.created_at_min,
    createdAtMax: request.created_at_max,
    search: searched.search,
    skip,
    limit,
  };
  const [found, timeZone] = await Promise.all([deps.orders.page(query), storeZone(deps, storeId)]);
  return {
    orders: found.orders.map(orderMessage),
    total: found.total,
    page,
    limit,
    current_max_id: found.maxId,
    time_zone: timeZone,
  };
}
