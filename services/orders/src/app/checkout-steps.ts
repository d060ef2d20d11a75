import { DomainError, GrpcStatus, isDomainError, isRemoteError, validationFailed } from '@commerce/grpc-runtime';
import { storeSettings } from '@commerce/store-zones';
import { normalizeAddress } from '../domain/checkout-input';
import { totalsOf, type Item, type Order } from '../domain/order';
import type { CheckoutDocument, CheckoutFailure } from '../infra/checkout.repository';
import type { OrderDocument } from '../infra/order.repository';
import { orderEvent, writeOrder } from './order-writer';
import type { OrdersDeps, ReservedLine, ShippingQuote } from './orders-deps';
import { returnStock } from './return-stock';

/**
 * The steps of the checkout saga (docs/orders.md#how-a-checkout-runs-orders-service) that the live call (app/checkout.ts) and the recovery
 * sweep (app/recover-checkouts.ts) share. Every step is safe to repeat: the order id and the saga key are fixed
 * when the checkout starts, the order is written with a conditional insert, paid/failed only from pending.
 */

/** The key of one attempt's stock reservation and payment. A new attempt of the same checkout key gets a new one. */
export const sagaKeyOf = (checkout: Pick<CheckoutDocument, 'checkout_key' | 'order_id'>): string =>
  `${checkout.checkout_key}/${checkout.order_id}`;

export function failureError(failure: CheckoutFailure): DomainError {
  return new DomainError(failure.reason, failure.message, {
    errorInfoReason: failure.errorInfoReason,
    metadata: failure.metadata,
    fieldViolations: failure.fieldViolations,
  });
}

/** What a checkout that was cut short before its payment answers (its order failed, nothing charged, stock back). */
export const interruptedFailure: CheckoutFailure = {
  reason: 'UNAVAILABLE',
  message: 'The checkout was interrupted before the payment; nothing was charged and its stock was released. Please try again.',
};

/** The class the buyer asked for (it must be offered), or the cheapest one that ships these lines there. */
export async function chooseQuote(
  deps: Pick<OrdersDeps, 'shipping'>,
  checkout: CheckoutDocument,
  reserved: ReservedLine[],
): Promise<ShippingQuote> {
  const country = checkout.request.address.country;
  const quotes = await deps.shipping.quote(
    checkout.store_id,
    country,
    reserved.map((line) => ({ product_id: line.product_id, shipping_group_id: line.shipping_group_id, quantity: line.quantity })),
  );
  const wanted = checkout.request.shipping_class_id;
  if (wanted > 0) {
    const quote = quotes.find((candidate) => candidate.shipping_class_id === wanted);
    if (!quote) throw validationFailed({ shipping_class_id: [`does not ship these items to ${country}`] });
    return quote;
  }
  if (quotes.length === 0)
    throw validationFailed({ 'address.country': [`is not a destination this store ships these items to (${country})`] });
  return quotes[0]!;
}

/** Step 4: the order, pending and priced, with order/created: written once, whoever repeats the step. */
export async function writePendingOrder(
  deps: Pick<OrdersDeps, 'orders' | 'payments' | 'nextId' | 'clock' | 'zones' | 'storefront'>,
  checkout: CheckoutDocument,
  reserved: ReservedLine[],
  quote: ShippingQuote,
  timeZone: string,
): Promise<OrderDocument> {
  const { currency } = await storeSettings(deps, checkout.store_id); // the order keeps it (docs/money.md#currency)
  const now = deps.clock();
  const items: Item[] = [];
  for (const line of reserved) {
    items.push({
      id: await deps.nextId('order_items'),
      product_id: line.product_id,
      product_name: line.product_name,
      variant_id: line.variant_id,
      variant_name: line.variant_name,
      sku: line.sku ?? null,
      quantity: line.quantity,
      list_price: line.unit_cents,
      discount: 0,
      tax: 0,
      fulfilled_at: null,
      fulfillment_id: null,
      shipping_group_id: line.shipping_group_id,
    });
  }
  const order: Order = {
    store_id: checkout.store_id,
    id: checkout.order_id,
    status: 'pending',
    email: checkout.request.email.trim(),
    user_note: checkout.request.user_note,
    address: normalizeAddress(checkout.request.address),
    items,
    fulfillments: [],
    shipping: quote.total_cents,
    discounts: 0,
    ...totalsOf(items, quote.total_cents, 0),
    shipping_class_id: quote.shipping_class_id,
    shipping_class_name: quote.shipping_class_name,
    currency,
    payment_processor: deps.payments.name,
    saga_key: sagaKeyOf(checkout),
    created_at: now,
    confirmed_at: now,
    paid_at: null,
    fulfilled_at: null,
    updated_at: now,
    stock_return: null,
  };
  const stored =
    (await deps.orders.insert(order, [orderEvent('order/created', order, 1, timeZone, now)])) ??
    (await deps.orders.findOne(checkout.store_id, checkout.order_id));
  if (!stored) throw new Error(`order ${checkout.order_id} vanished after its insert`);
  return stored;
}

/** Step 6, charged: pending → open with paid_at and order/paid; the checkout is done. */
export async function markPaid(
  deps: Pick<OrdersDeps, 'orders' | 'checkouts' | 'clock' | 'queue'>,
  checkout: CheckoutDocument,
  timeZone: string,
): Promise<OrderDocument> {
  const order = await writeOrder<OrderDocument>(deps, checkout.store_id, checkout.order_id, (current) => {
    if (current.status !== 'pending') return { unchanged: current };
    const now = deps.clock();
    const next: Order = { ...current, status: 'open', paid_at: now, updated_at: now };
    return { next, events: (sequence) => [orderEvent('order/paid', next, sequence, timeZone, now)], result: (written) => written };
  });
  await deps.checkouts.settle(checkout, 'done', null, deps.clock());
  return order;
}

/**
 * Step 6, not charged: pending → failed (order/updated) with its stock to give back, then given back (the
 * sweep finishes it when catalog cannot be reached now); the checkout keeps `failure` for repeats.
 */
export async function markFailed(
  deps: Pick<OrdersDeps, 'orders' | 'checkouts' | 'catalog' | 'clock' | 'queue' | 'logger'>,
  checkout: CheckoutDocument,
  timeZone: string,
  failure: CheckoutFailure,
): Promise<void> {
  const order = await writeOrder<OrderDocument>(deps, checkout.store_id, checkout.order_id, (current) => {
    if (current.status !== 'pending') return { unchanged: current };
    const now = deps.clock();
    const next: Order = { ...current, status: 'failed', stock_return: 'pending', updated_at: now };
    return { next, events: (sequence) => [orderEvent('order/updated', next, sequence, timeZone, now)], result: (written) => written };
  });
  await deps.checkouts.settle(checkout, 'failed', failure, deps.clock());
  if (order.stock_return === 'pending') {
    await returnStock(deps, order).catch((error: unknown) => {
      deps.logger.warn(
        { err: error, store_id: order.store_id, order_id: order.id },
        'stock of a failed checkout not returned yet; the sweep will',
      );
    });
  }
}

/** Whether a backend's error is its answer about this checkout (a refusal) rather than a failure to answer. */
export function isRefusal(error: unknown): boolean {
  if (isDomainError(error))
    return error.reason === 'INVALID_ARGUMENT' || error.reason === 'FAILED_PRECONDITION' || error.reason === 'NOT_FOUND';
  if (isRemoteError(error)) return [GrpcStatus.INVALID_ARGUMENT, GrpcStatus.FAILED_PRECONDITION, GrpcStatus.NOT_FOUND].includes(error.code);
  return false;
}

/** A refusal of catalog or shipping as the buyer reads it: an unknown variant is a bad `items` entry. */
export function refusalFailure(error: unknown): CheckoutFailure {
  if (isRemoteError(error) && error.code === GrpcStatus.NOT_FOUND) {
    const variantId = error.metadata?.variant_id;
    return {
      reason: 'INVALID_ARGUMENT',
      message: `Validation failed: items ${variantId ? `variant ${variantId} does not exist` : 'name a variant that does not exist'}`,
      fieldViolations: { items: [variantId ? `variant ${variantId} does not exist` : 'name a variant that does not exist'] },
    };
  }
  if (isRemoteError(error)) {
    return {
      reason: error.code === GrpcStatus.INVALID_ARGUMENT ? 'INVALID_ARGUMENT' : 'FAILED_PRECONDITION',
      message: error.message,
      errorInfoReason: error.reason,
      metadata: error.metadata,
      fieldViolations: error.fieldViolations,
    };
  }
  const domain = error as DomainError;
  return {
    reason: domain.reason === 'INVALID_ARGUMENT' ? 'INVALID_ARGUMENT' : 'FAILED_PRECONDITION',
    message: domain.message,
    errorInfoReason: domain.errorInfoReason,
    metadata: domain.metadata,
    fieldViolations: domain.fieldViolations,
  };
}
