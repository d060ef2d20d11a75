import { catalog, type orders } from '@commerce/contracts';
import type { Item, Order } from '../domain/order';
import type { OrdersDeps } from './orders-deps';
import { findOrder } from './get-order';

const distinct = (ids: number[]): number[] => [...new Set(ids)];

/** A variant as the order holds it, for one catalog no longer has. */
function heldVariant(item: Item): catalog.Variant {
  return catalog.Variant.fromPartial({
    id: item.variant_id,
    product_id: item.product_id,
    name: item.variant_name,
    sku: item.sku ?? undefined,
    cents: item.list_price,
    status: 'sold-out',
    sold_out: true,
  });
}

/** A product as the order holds it (its name, its variants' names and prices at checkout), for one catalog no longer has. */
function heldProduct(order: Order, productId: number): catalog.Product {
  const items = order.items.filter((item) => item.product_id === productId);
  return catalog.Product.fromPartial({
    id: productId,
    name: items[0]?.product_name ?? '',
    created_at: order.created_at,
    updated_at: order.created_at,
    status: 'hidden',
    taxable: true, // what catalog answers for a product stored before the field: the default
    cents: items[0]?.list_price ?? 0,
    shipping_group_id: items[0]?.shipping_group_id ?? 0,
    variants: items.map(heldVariant),
  });
}

/** The products of the order's items: catalog's current record (deleted ones too) where it has one. */
export async function getOrderProducts(
  deps: Pick<OrdersDeps, 'orders' | 'catalog'>,
  storeId: number,
  orderId: number,
): Promise<orders.GetOrderProductsResponse> {
  const order = await findOrder(deps, storeId, orderId);
  const ids = distinct(order.items.map((item) => item.product_id));
  const { products, context } = await deps.catalog.productsByIds(storeId, ids);
  const byId = new Map(products.map((product) => [product.id, product]));
  return { products: ids.map((id) => byId.get(id) ?? heldProduct(order, id)), store_context: context };
}

/** The variants of the order's items: catalog's current record (deleted ones too) where it has one. */
export async function getOrderVariants(
  deps: Pick<OrdersDeps, 'orders' | 'catalog'>,
  storeId: number,
  orderId: number,
): Promise<orders.GetOrderVariantsResponse> {
  const order = await findOrder(deps, storeId, orderId);
  const ids = distinct(order.items.map((item) => item.variant_id));
  const { variants, context } = await deps.catalog.variantsByIds(storeId, ids);
  const byId = new Map(variants.map((variant) => [variant.id, variant]));
  return {
    variants: ids.map((id) => byId.get(id) ?? heldVariant(order.items.find((item) => item.variant_id === id)!)),
    store_context: context,
  };
}
