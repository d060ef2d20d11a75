import type { shipping } from '@commerce/contracts';
import { requireStoreId, type ServiceHandlers } from '@commerce/grpc-runtime';
import { createShippingClass } from '../app/create-shipping-class';
import { createShippingGroup } from '../app/create-shipping-group';
import { deleteShippingClass } from '../app/delete-shipping-class';
import { deleteShippingGroup } from '../app/delete-shipping-group';
import { deleteShippingRate } from '../app/delete-shipping-rate';
import { getDefaultShippingGroup } from '../app/get-default-shipping-group';
import { getShippingClass } from '../app/get-shipping-class';
import { getShippingGroup } from '../app/get-shipping-group';
import { getShippingRate } from '../app/get-shipping-rate';
import { listShippingClasses } from '../app/list-shipping-classes';
import { listShippingGroups } from '../app/list-shipping-groups';
import { quoteShipping } from '../app/quote-shipping';
import type { ShippingDeps } from '../app/shipping-deps';
import { updateShippingClass } from '../app/update-shipping-class';
import { updateShippingGroup } from '../app/update-shipping-group';
import { updateShippingRate } from '../app/update-shipping-rate';

/** Thin: request → use case → response. A create hands its request over whole: the record's schema takes its fields (domain/). */
export function shippingHandlers(deps: ShippingDeps): ServiceHandlers<typeof shipping.ShippingServiceService> {
  return {
    listShippingGroups: async (request) => ({ shipping_groups: await listShippingGroups(deps, requireStoreId(request.store_id)) }),
    getShippingGroup: async (request) => ({
      shipping_group: await getShippingGroup(deps, requireStoreId(request.store_id), request.shipping_group_id),
    }),
    createShippingGroup: async (request) => ({
      shipping_group: await createShippingGroup(deps, requireStoreId(request.store_id), request),
    }),
    updateShippingGroup: async (request) => ({
      shipping_group: await updateShippingGroup(deps, requireStoreId(request.store_id), request.shipping_group_id, {
        name: request.name,
        rates: request.rates?.rates,
      }),
    }),
    deleteShippingGroup: async (request, context) => ({
      shipping_group: await deleteShippingGroup(deps, requireStoreId(request.store_id), request.shipping_group_id, context.deadline),
    }),

    listShippingClasses: async (request) => ({ shipping_classes: await listShippingClasses(deps, requireStoreId(request.store_id)) }),
    getShippingClass: async (request) => ({
      shipping_class: await getShippingClass(deps, requireStoreId(request.store_id), request.shipping_class_id),
    }),
    createShippingClass: async (request) => ({
      shipping_class: await createShippingClass(deps, requireStoreId(request.store_id), request),
    }),
    updateShippingClass: async (request) => ({
      shipping_class: await updateShippingClass(deps, requireStoreId(request.store_id), request.shipping_class_id, {
        name: request.name,
        countries: request.countries?.countries,
        rates: request.rates?.rates,
      }),
    }),
    deleteShippingClass: async (request) => ({
      shipping_class: await deleteShippingClass(deps, requireStoreId(request.store_id), request.shipping_class_id),
    }),

    getShippingRate: (request, context) =>
      getShippingRate(
        deps,
        requireStoreId(request.store_id),
        { groupId: request.shipping_group_id, classId: request.shipping_class_id },
        context.deadline,
      ),
    updateShippingRate: (request, context) =>
      updateShippingRate(
        deps,
        requireStoreId(request.store_id),
        { groupId: request.shipping_group_id, classId: request.shipping_class_id },
        { first_item_in_cents: request.first_item_in_cents, additional_item_in_cents: request.additional_item_in_cents },
        context.deadline,
      ),
    deleteShippingRate: (request, context) =>
      deleteShippingRate(
        deps,
        requireStoreId(request.store_id),
        { groupId: request.shipping_group_id, classId: request.shipping_class_id },
        context.deadline,
      ),

    quoteShipping: (request) => quoteShipping(deps, requireStoreId(request.store_id), request.country, request.lines),
    getDefaultShippingGroup: async (request) => ({ shipping_group: await getDefaultShippingGroup(deps, requireStoreId(request.store_id)) }),
  };
}
