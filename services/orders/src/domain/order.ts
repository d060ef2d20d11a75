/**
 * The order aggregate as orders stores it (docs/orders.md#records, docs/orders.md#fulfillments): items priced at checkout
 * (domain/pricing.ts), fulfillments, money in integer minor units. Plain data and pure functions; no I/O.
 */

/** What an order's `status` is stored as. "Partially Shipped" is never stored: it is an open order with some items shipped. */
export const STORED_STATUSES = ['pending', 'open', 'shipped', 'on hold', 'canceled', 'failed'] as const;
export type StoredStatus = (typeof STORED_STATUSES)[number];

/** What the API shows: the stored status, or "Partially Shipped". */
export type OrderStatus = StoredStatus | 'Partially Shipped';

export const PARTIALLY_SHIPPED = 'Partially Shipped';

export interface Address {
  name: string;
  address_1: string;
  address_2: string;
  city: string;
  postal: string;
  state: string;
  state_abbrev: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
}

export interface Item {
  id: number;
  product_id: number;
  product_name: string;
  variant_id: number;
  variant_name: string;
  sku: string | null;
  quantity: number;
  /** Unit price in cents at checkout. */
  list_price: number;
  discount: number;
  tax: number;
  fulfilled_at: Date | null;
  fulfillment_id: number | null;
  /** For shipping quotes and the order's products when catalog has forgotten one. */
  shipping_group_id: number;
}

export interface Fulfillment {
  id: number;
  item_ids: number[];
  tracking_number: string;
  shipping_company: string;
  note_to_customer: string;
  notify_customer: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface Order {
  store_id: number;
  id: number;
  status: StoredStatus;
  email: string;
  user_note: string | null;
  address: Address;
  items: Item[];
  fulfillments: Fulfillment[];
  subtotal: number;
  shipping: number;
  tax: number;
  discounts: number;
  total: number;
  shipping_class_id: number;
  shipping_class_name: string;
  /** ISO 4217: the store's currency when the order was placed, the unit of its amounts; absent on orders from before (USD). */
  currency?: string;
  // The pricing of docs/money.md#how-a-cart-is-priced; each is absent on orders placed before it existed (read as no
  // code, nothing waived, no shipping tax, prices without tax, no rate).
  /** The code the buyer used, as the store wrote it (docs/money.md#discount-codes); its use is the order's redemption. */
  discount_code?: string | null;
  /** What a free-shipping code waived; `shipping` is what was charged. */
  shipping_discount?: number;
  /** The part of `tax` on shipping. */
  shipping_tax?: number;
  /** Prices included tax at checkout: `total` does not add `tax`. */
  prices_include_tax?: boolean;
  /** The applied tax rate's name ('' for none). */
  tax_name?: string;
  payment_processor: string;
  /** The key of its stock reservation and of its payment: `<checkout key>/<order id>` (see app/checkout.ts). */
  saga_key: string;
  created_at: Date;
  confirmed_at: Date;
  paid_at: Date | null;
  fulfilled_at: Date | null;
  updated_at: Date;
  /**
   * Stock to give back to catalog: 'pending' from the write that canceled or failed the order until catalog
   * confirmed the release ('done'); a sweep finishes what a crash left 'pending'.
   */
  stock_return: 'pending' | 'done' | null;
  /** Its refunds, oldest first (docs/money.md#refunds); absent on orders stored before refunds existed. */
  refunds?: Refund[];
  /**
   * When the sweep may finish this order's refund work (a refund still 'pending' at the processor, or a restock
   * not confirmed by catalog); null or absent when there is none.
   */
  refunds_due_at?: Date | null;
  /**
   * When its latest refund was made (pending or succeeded); null or absent without one. Lets a sales summary find the
   * orders refunded in a range through an index (docs/orders.md#sales-summary) instead of reading every order.
   */
  last_refund_at?: Date | null;
}

/** An item line and how many of its units a refund covers. */
export interface RefundLine {
  item_id: number;
  quantity: number;
}

/**
 * A refund kept in its order: 'pending' from the write that reserved it (counted against what is left to refund)
 * until the processor answered ('succeeded'; a declined one is removed).
 */
export interface Refund {
  id: number;
  /** The caller's idempotency key: a repeat on the same order answers this refund. */
  key: string;
  amount: number;
  items: RefundLine[];
  shipping: boolean;
  restock: boolean;
  note: string;
  status: 'pending' | 'succeeded';
  /** The processor's reference once it succeeded. */
  reference: string;
  /** Stock to put back: 'pending' once refunded until catalog confirmed it ('done'); null without restock. */
  restock_state: 'pending' | 'done' | null;
  created_at: Date;
}

/** Cents a line costs before tax. */
export const linePrice = (item: Pick<Item, 'list_price' | 'quantity' | 'discount'>): number =>
  item.list_price * item.quantity - item.discount;

/**
 * What the buyer paid for a line, in minor units: its price after discount, plus its tax unless the order's prices
 * include tax. The one place this rule lives (refunds use it).
 */
export function paidForLine(
  order: Pick<Order, 'id'> & { prices_include_tax?: boolean },
  item: Pick<Item, 'list_price' | 'quantity' | 'discount' | 'tax'>,
): number {
  return linePrice(item) + (order.prices_include_tax === true ? 0 : item.tax);
}

/** What the buyer paid for shipping: the shipping charged, plus its tax unless the order's prices include tax. */
export function paidForShipping(order: Pick<Order, 'shipping' | 'shipping_tax' | 'prices_include_tax'>): number {
  return order.shipping + (order.prices_include_tax === true ? 0 : (order.shipping_tax ?? 0));
}

export const isShipped = (item: Pick<Item, 'fulfilled_at'>): boolean => item.fulfilled_at !== null;

/** The status as the API shows it. */
export function displayStatus(order: Pick<Order, 'status' | 'items'>): OrderStatus {
  if (order.status !== 'open') return order.status;
  const shipped = order.items.filter(isShipped).length;
  return shipped > 0 && shipped < order.items.length ? PARTIALLY_SHIPPED : 'open';
}
