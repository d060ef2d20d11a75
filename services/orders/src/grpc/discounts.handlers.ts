import type { orders } from '@commerce/contracts';
import { requireStoreId, type ServiceHandlers } from '@commerce/grpc-runtime';
import { createDiscount, deleteDiscount, getDiscount, listDiscounts, updateDiscount } from '../app/discounts';
import type { OrdersDeps } from '../app/orders-deps';

/** A wrapper's value: absent wrapper = unchanged (undefined), present without a value = cleared (null). */
const cleared = <T>(wrapper: { value: T | undefined } | undefined): T | null | undefined =>
  wrapper === undefined ? undefined : (wrapper.value ?? null);

/** Thin: request → use case → response. */
export function discountsHandlers(deps: OrdersDeps): ServiceHandlers<typeof orders.DiscountsServiceService> {
  return {
    listDiscounts: (request) => listDiscounts(deps, requireStoreId(request.store_id), request),
    getDiscount: (request) => getDiscount(deps, requireStoreId(request.store_id), request.discount_id),
    createDiscount: (request) =>
      createDiscount(deps, requireStoreId(request.store_id), {
        code: request.code,
        kind: request.kind,
        value: request.value,
        minimum_subtotal: request.minimum_subtotal,
        product_ids: request.product_ids,
        collection_ids: request.collection_ids,
        starts_at: request.starts_at ?? null,
        ends_at: request.ends_at ?? null,
        usage_limit: request.usage_limit ?? null,
        once_per_customer: request.once_per_customer,
      }),
    updateDiscount: (request) =>
      updateDiscount(deps, requireStoreId(request.store_id), request.discount_id, {
        code: request.code,
        kind: request.kind,
        value: request.value,
        minimum_subtotal: request.minimum_subtotal,
        product_ids: request.product_ids?.ids,
        collection_ids: request.collection_ids?.ids,
        starts_at: cleared(request.starts_at && { value: request.starts_at.at }),
        ends_at: cleared(request.ends_at && { value: request.ends_at.at }),
        usage_limit: cleared(request.usage_limit && { value: request.usage_limit.limit }),
        once_per_customer: request.once_per_customer,
      }),
    deleteDiscount: (request) => deleteDiscount(deps, requireStoreId(request.store_id), request.discount_id),
  };
}
