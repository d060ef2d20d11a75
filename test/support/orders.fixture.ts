import type { ApiClient } from './api.client';
import type { JsonBody } from './stack.harness';

/**
 * What the orders stack tests share: a buyer's checkout (`POST /s/<subdomain>/checkout`, no credential,
 * docs/orders.md#checkout-buyer-path), a shop stocked to sell (a shipping class and group, products with counted stock), stock
 * reads and the whole order list of a store.
 */

/** docs/orders.md#records, exactly. */
export const ORDER_KEYS = [
  'id',
  'subtotal',
  'shipping',
  'tax',
  'discounts',
  'confirmed_at',
  'fulfilled_at',
  'updated_at',
  'paid_at',
  'payment_processor',
  'status',
  'email',
  'user_note',
  'price',
  'currency',
  // docs/money.md#how-a-cart-is-priced
  'discount_code',
  'shipping_discount',
  'shipping_tax',
  'tax_name',
  'shipping_class_name',
  'prices_include_tax',
  'address',
  'items',
  'fulfillments',
  // Beyond the spec: docs/money.md#refunds.
  'financial_status',
  'refunded',
  'refunds',
].sort();
export const ITEM_KEYS = [
  'id',
  'order_id',
  'product_id',
  'product_name',
  'variant_id',
  'variant_name',
  'sku',
  'quantity',
  'fulfilled_at',
  'discount',
  'list_price',
  'tax',
  'fulfillment_id',
  'price_in_cents',
].sort();
export const ADDRESS_KEYS = ['name', 'address_1', 'address_2', 'city', 'postal', 'state', 'state_abbrev', 'country'].sort();
/** docs/orders.md#fulfillments */
export const FULFILLMENT_KEYS = [
  'id',
  'order_id',
  'items',
  'tracking_number',
  'shipping_company',
  'note_to_customer',
  'notify_customer',
  'created_at',
  'updated_at',
].sort();
export const ZONED = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)$/;

export const BUYER_ADDRESS = {
  name: 'Ann Buyer',
  address_1: '1 Main St',
  address_2: 'Apt 2',
  city: 'Springfield',
  postal: '12345',
  state: 'Illinois',
  state_abbrev: 'IL',
  country: 'US',
};

export interface CheckoutLine {
  variant_id: number;
  quantity: number;
}

export interface CheckoutParams {
  email: string;
  address: Record<string, string>;
  items: CheckoutLine[];
  shipping_class_id?: number;
  user_note?: string;
  payment_token: string;
  discount_code?: string;
}

/** A checkout as a headless storefront sends it; `overrides` replace fields. */
export const checkoutParams = (items: CheckoutLine[], overrides: Partial<CheckoutParams> = {}): CheckoutParams => ({
  email: 'ann@buyer.example',
  address: BUYER_ADDRESS,
  items,
  payment_token: 'tok_visa',
  ...overrides,
});

/** An answer, or (status a string) the transport failure that stood in for one. */
export interface CheckoutAnswer {
  status: number | string;
  body?: JsonBody;
  headers?: Headers;
}

/** A placed order is answered with 200 (or 201): either is a success (docs/orders.md#answer). */
export const isPlaced = (status: number | string): boolean => status === 200 || status === 201;

/** `POST /s/<subdomain>/checkout` with a JSON body and no credential; a transport failure answers its text instead of throwing. */
export async function checkout(
  baseUrl: string,
  subdomain: string,
  params: CheckoutParams | Record<string, unknown>,
  options: { idempotencyKey?: string; timeoutMs?: number } = {},
): Promise<CheckoutAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  try {
    const response = await fetch(`${baseUrl}/s/${subdomain}/checkout`, {
      method: 'POST',
      headers,
      body: JSON.stringify(params),
      signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
    });
    const text = await response.text();
    let body: JsonBody | undefined;
    try {
      body = JSON.parse(text) as JsonBody;
    } catch {
      body = { unreadable: text.slice(0, 500) };
    }
    return { status: response.status, body, headers: response.headers };
  } catch (error) {
    return { status: `error: ${String((error as Error).cause ?? (error as Error).message)}` };
  }
}

/** `POST /s/<subdomain>/checkout/quote`: the total before paying for a checkout body (docs/orders.md#the-quote). */
export async function quote(
  baseUrl: string,
  subdomain: string,
  params: Partial<CheckoutParams> & Record<string, unknown>,
): Promise<{ status: number; body: JsonBody; headers: Headers }> {
  const response = await fetch(`${baseUrl}/s/${subdomain}/checkout/quote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
    signal: AbortSignal.timeout(60_000),
  });
  return { status: response.status, body: (await response.json()) as JsonBody, headers: response.headers };
}

export interface StockedProduct {
  id: number;
  name: string;
  /** Variant ids in creation order (the Default one first). */
  variantIds: number[];
}

export interface StockedShop {
  classId: number;
  groupId: number;
  products: StockedProduct[];
}

/**
 * A shop that can sell to the US: a class "Domestic" (US) and a group "Standard" with a rate for it
 * (500 cents the first item, 150 each further one), then the products, each variant with the stock given
 * (the first entry of `stock` is the Default variant's, further entries are variants created beside it).
 */
export async function stockShop(shop: ApiClient, products: Array<{ name: string; cents: number; stock: number[] }>): Promise<StockedShop> {
  const created = await shop.post('/v1/shipping_classes.json', { name: 'Domestic', countries: ['US'] });
  expectOk(created, 'shipping class');
  const classId = created.body.data.id as number;
  const group = await shop.post('/v1/shipping_groups.json', {
    name: 'Standard',
    rates: [{ shipping_class_id: classId, first_item_in_cents: 500, additional_item_in_cents: 150 }],
  });
  expectOk(group, 'shipping group');
  const groupId = group.body.data.id as number;
  const stocked: StockedProduct[] = [];
  for (const { name, cents, stock } of products) {
    const product = await shop.post('/v1/products.json', { name, cents, shipping_group_id: groupId });
    expectOk(product, `product ${name}`);
    const id = product.body.data.id as number;
    const defaultId = product.body.data.variants[0].variant.id as number;
    expectOk(
      await shop.put(`/v1/products/${id}/variants/${defaultId}.json`, { full_quantity: stock[0], in_stock: stock[0] }),
      `stock of ${name}`,
    );
    const variantIds = [defaultId];
    for (const [index, units] of stock.slice(1).entries()) {
      const variant = await shop.post(`/v1/products/${id}/variants.json`, {
        name: `${name} ${index + 2}`,
        sku: `${name.replace(/\W/g, '').toUpperCase()}-${index + 2}`,
        full_quantity: units,
      });
      expectOk(variant, `variant ${index + 2} of ${name}`);
      variantIds.push(variant.body.data.id as number);
    }
    stocked.push({ id, name, variantIds });
  }
  return { classId, groupId, products: stocked };
}

function expectOk(answer: { status: number; body: JsonBody }, what: string): void {
  if (answer.status !== 200) throw new Error(`creating the ${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

/** A variant's stock as catalog answers it now. */
export async function stockOf(shop: ApiClient, productId: number, variantId: number): Promise<{ in_stock: number; sold: number }> {
  const answer = await shop.get(`/v1/products/${productId}/variants/${variantId}.json`);
  if (answer.status !== 200) throw new Error(`GET variant ${variantId} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return { in_stock: answer.body.data.in_stock as number, sold: answer.body.data.sold as number };
}

/** Every order of the store (newest first), page by page (250 a page) until an empty page; `status` filters. */
export async function allOrders(shop: ApiClient, status?: string): Promise<JsonBody[]> {
  const orders: JsonBody[] = [];
  const filter = status === undefined ? '' : `&status=${encodeURIComponent(status)}`;
  for (let page = 1; page < 1_000; page++) {
    const answer = await shop.get(`/v1/orders.json?limit=250&page=${page}${filter}`);
    if (answer.status !== 200) throw new Error(`GET /v1/orders page ${page} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    const listed = answer.body.data.orders as JsonBody[];
    if (listed.length === 0) return orders;
    orders.push(...listed);
  }
  throw new Error('the order list did not end');
}

/** Statuses whose items hold stock: the order was paid and neither canceled nor failed. */
export const HOLDS_STOCK = new Set(['open', 'Partially Shipped', 'shipped', 'on hold']);

/** Units of each variant that the given orders hold (only orders whose status holds stock). */
export function unitsHeld(orders: JsonBody[]): Map<number, number> {
  const held = new Map<number, number>();
  for (const order of orders) {
    if (!HOLDS_STOCK.has(order.status)) continue;
    for (const { item } of order.items as JsonBody[])
      held.set(item.variant_id, (held.get(item.variant_id) ?? 0) + (item.quantity as number));
  }
  return held;
}
