// Orders under test through the shared harness (@commerce/testing): orders in-process, the real storefront,
// shipping and catalog as built processes (`npx tsc -b services/catalog services/shipping services/storefront`
// first). Every record a checkout reads is seeded through those siblings' own RPCs: the store through
// storefront's CreateStore, classes and a group through shipping, products, variants and stock through catalog.
import { catalog, orders, shipping, storefront } from '@commerce/contracts';
import { createClient, type ServiceClient } from '@commerce/grpc-runtime';
import type { RunningService } from '@commerce/service-host';
import { startServiceHarness, waitFor, type PublishedEvent, type ServiceHarness } from '@commerce/testing';
import { loadOrdersConfig, type OrdersConfig } from '../src/config';
import { startOrdersService } from '../src/service';

export type OrdersClient = ServiceClient<orders.OrdersServiceClient>;
export type CatalogClient = ServiceClient<catalog.CatalogServiceClient>;
export type Sibling = 'storefront' | 'shipping' | 'catalog';

export type OrdersHarness = ServiceHarness<RunningService, orders.OrdersServiceClient, Sibling> & {
  stores: ServiceClient<storefront.StoreServiceClient>;
  shipping: ServiceClient<shipping.ShippingServiceClient>;
  catalog: CatalogClient;
  /** The config orders runs with (e.g. to open its data while it is stopped). */
  config: OrdersConfig;
};

/** `env` adds to (or overrides) orders' settings, e.g. a short checkout lease. */
export async function startOrdersHarness(env: Record<string, string> = {}): Promise<OrdersHarness> {
  const harness = await startServiceHarness({
    name: 'orders',
    start: (serviceEnv) => startOrdersService(loadOrdersConfig(serviceEnv)),
    client: orders.OrdersServiceClient,
    env,
    siblings: { storefront: {}, shipping: {}, catalog: {} },
  });
  return Object.assign(harness, {
    stores: createClient(storefront.StoreServiceClient, harness.siblings.storefront.address),
    shipping: createClient(shipping.ShippingServiceClient, harness.siblings.shipping.address),
    catalog: createClient(catalog.CatalogServiceClient, harness.siblings.catalog.address),
    config: loadOrdersConfig(harness.env),
  });
}

export interface ShopProduct {
  product: catalog.Product;
  variantId: number;
}

/** A store with what a checkout needs, made through the siblings. */
export interface Shop {
  storeId: number;
  store: storefront.Store;
  /** Ships to US and CA; the group's cheaper class. */
  standard: shipping.ShippingClass;
  /** Ships to US only; dearer. */
  express: shipping.ShippingClass;
  group: shipping.ShippingGroup;
  /** "Green Tea", 1000 cents, default variant with sku TEA-1 and 20 in stock (unless told otherwise). */
  tea: ShopProduct;
  /** "Mug", 450 cents, a "Large" variant at override price 650 with 10 in stock (unless told otherwise; its default variant has none). */
  mug: ShopProduct;
}

/** Rates of the shop's group: Standard 500 first item + 200 each additional, Express 1500 + 500. */
export const RATES = { standard: { first: 500, additional: 200 }, express: { first: 1500, additional: 500 } } as const;

let nextShop = 1;

/** A new store with two classes, one group, and two products with stock. */
export async function aShop(
  harness: OrdersHarness,
  options: { timeZone?: string; teaStock?: number; mugStock?: number } = {},
): Promise<Shop> {
  const teaStock = options.teaStock ?? 20;
  const mugStock = options.mugStock ?? 10;
  const n = nextShop++;
  const { store } = await harness.stores.createStore(
    storefront.CreateStoreRequest.fromPartial({
      name: `Order Shop ${n}`,
      subdomain: `order-shop-${process.pid}-${n}`,
      owner_user_id: 10_000 + n,
      support_email: 'owner@example.com',
      time_zone: options.timeZone ?? 'America/New_York',
    }),
  );
  const storeId = store!.id;
  const standard = (
    await harness.shipping.createShippingClass(
      shipping.CreateShippingClassRequest.fromPartial({ store_id: storeId, name: 'Standard', countries: ['US', 'CA'] }),
    )
  ).shipping_class!;
  const express = (
    await harness.shipping.createShippingClass(
      shipping.CreateShippingClassRequest.fromPartial({ store_id: storeId, name: 'Express', countries: ['US'] }),
    )
  ).shipping_class!;
  const group = (
    await harness.shipping.createShippingGroup(
      shipping.CreateShippingGroupRequest.fromPartial({
        store_id: storeId,
        name: 'Parcels',
        rates: [
          {
            shipping_class_id: standard.id,
            first_item_in_cents: RATES.standard.first,
            additional_item_in_cents: RATES.standard.additional,
          },
          { shipping_class_id: express.id, first_item_in_cents: RATES.express.first, additional_item_in_cents: RATES.express.additional },
        ],
      }),
    )
  ).shipping_group!;

  const tea = await aProduct(harness, storeId, { name: 'Green Tea', cents: 1000, shipping_group_id: group.id });
  await harness.catalog.updateVariant(
    catalog.UpdateVariantRequest.fromPartial({
      store_id: storeId,
      product_id: tea.id,
      variant_id: tea.variants[0]!.id,
      sku: 'TEA-1',
      full_quantity: teaStock,
      in_stock: teaStock,
    }),
  );
  const mug = await aProduct(harness, storeId, { name: 'Mug', cents: 450, shipping_group_id: group.id });
  const { variant: large } = await harness.catalog.createVariant(
    catalog.CreateVariantRequest.fromPartial({
      store_id: storeId,
      product_id: mug.id,
      name: 'Large',
      full_quantity: mugStock,
      has_override_price: true,
      override_cents: 650,
    }),
  );
  return {
    storeId,
    store: store!,
    standard,
    express,
    group,
    tea: { product: tea, variantId: tea.variants[0]!.id },
    mug: { product: mug, variantId: large!.id },
  };
}

export async function aProduct(
  harness: OrdersHarness,
  storeId: number,
  request: Partial<catalog.CreateProductRequest>,
): Promise<catalog.Product> {
  const { product } = await harness.catalog.createProduct(
    catalog.CreateProductRequest.fromPartial({ store_id: storeId, name: 'Thing', cents: 100, ...request }),
  );
  return product!;
}

/** A product of its own with `stock` units in its default variant, in the shop's group. */
export async function aStockedProduct(
  harness: OrdersHarness,
  shop: Shop,
  stock: number,
  request: Partial<catalog.CreateProductRequest> = {},
): Promise<ShopProduct> {
  const product = await aProduct(harness, shop.storeId, { shipping_group_id: shop.group.id, ...request });
  const variantId = product.variants[0]!.id;
  await harness.catalog.updateVariant(
    catalog.UpdateVariantRequest.fromPartial({
      store_id: shop.storeId,
      product_id: product.id,
      variant_id: variantId,
      full_quantity: stock,
      in_stock: stock,
    }),
  );
  return { product, variantId };
}

/** in_stock and sold of a variant, as catalog answers them now. */
export async function stockOf(harness: OrdersHarness, storeId: number, variantId: number): Promise<{ in_stock: number; sold: number }> {
  const { variants } = await harness.catalog.getVariantsByIds({ store_id: storeId, variant_ids: [variantId], include_deleted: false });
  const variant = variants[0];
  if (!variant) throw new Error(`catalog has no variant ${variantId} in store ${storeId}`);
  return { in_stock: variant.in_stock, sold: variant.sold };
}

export const US_ADDRESS: orders.OrderAddress = {
  name: 'Ada Buyer',
  address_1: '1 Main St',
  address_2: 'Apt 2',
  city: 'Springfield',
  postal: '12345',
  state: 'Illinois',
  state_abbrev: 'IL',
  country: 'US',
};

let nextKey = 1;

/** A checkout key no other call of this process used. */
export const aCheckoutKey = (): string => `checkout-${process.pid}-${nextKey++}`;

export type Line = { variant_id: number; quantity: number };

/** A valid checkout: 2 teas and 1 large mug to the US, cheapest class, paid with tok_visa. */
export function aCheckout(shop: Shop, overrides: Partial<orders.CreateOrderRequest> = {}): orders.CreateOrderRequest {
  return orders.CreateOrderRequest.fromPartial({
    store_id: shop.storeId,
    checkout_key: aCheckoutKey(),
    email: 'ada@example.com',
    address: US_ADDRESS,
    lines: [
      { variant_id: shop.tea.variantId, quantity: 2 },
      { variant_id: shop.mug.variantId, quantity: 1 },
    ],
    shipping_class_id: 0,
    payment_token: 'tok_visa',
    ...overrides,
  });
}

/** A paid (open) order of the shop, through CreateOrder. */
export async function anOpenOrder(
  harness: OrdersHarness,
  shop: Shop,
  overrides: Partial<orders.CreateOrderRequest> = {},
): Promise<orders.Order> {
  const { order } = await harness.client.createOrder(aCheckout(shop, overrides));
  return order!;
}

/** The events of one order on the orders stream, oldest first. */
export const orderEvents = (harness: OrdersHarness, storeId: number, orderId: number): Promise<PublishedEvent[]> =>
  harness.eventsOf('orders', { store_id: storeId, where: (event) => event.resource_type === 'order' && event.resource_id === orderId });

/** Waits until the order has `count` events on the stream and answers them. */
export const waitForOrderEvents = (harness: OrdersHarness, storeId: number, orderId: number, count: number): Promise<PublishedEvent[]> =>
  harness.waitForEvents('orders', count, {
    store_id: storeId,
    where: (event) => event.resource_type === 'order' && event.resource_id === orderId,
  });

/** Waits until catalog answers the variant's stock as `expected` (catalog is the one place stock lives). */
export const waitForStock = (harness: OrdersHarness, storeId: number, variantId: number, expected: { in_stock: number; sold: number }) =>
  waitFor(
    async () => {
      const now = await stockOf(harness, storeId, variantId);
      return now.in_stock === expected.in_stock && now.sold === expected.sold ? now : undefined;
    },
    { message: `variant ${variantId} to have in_stock ${expected.in_stock} and sold ${expected.sold}` },
  );

/** Runs `work` with a sibling's process stopped, and starts it again (same port and data) whatever happens. */
export async function whileStopped<T>(harness: OrdersHarness, sibling: Sibling, work: () => Promise<T>): Promise<T> {
  await harness.siblings[sibling].stop();
  try {
    return await work();
  } finally {
    await harness.siblings[sibling].start();
  }
}
