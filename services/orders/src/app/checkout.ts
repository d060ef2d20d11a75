import { randomUUID } from 'node:crypto';
import type { orders } from '@commerce/contracts';
import { DomainError, validationFailed } from '@commerce/grpc-runtime';
import { checkoutViolations, type CheckoutInput } from '../domain/checkout-input';
import { unavailableError } from '../domain/discount';
import type { CheckoutDocument } from '../infra/checkout.repository';
import {
  failureError,
  interruptedFailure,
  isRefusal,
  markFailed,
  markPaid,
  refusalFailure,
  sagaKeyOf,
  writePendingOrder,
} from './checkout-steps';
import { orderMessage } from './order-message';
import type { OrdersDeps, ReservedLine } from './orders-deps';
import { priceOrder, type PricedOrder } from './price-order';
import { storeSettings } from '@commerce/store-zones';

/** What one checkout run uses. */
type RunDeps = Pick<
  OrdersDeps,
  | 'orders'
  | 'checkouts'
  | 'zones'
  | 'catalog'
  | 'shipping'
  | 'storefront'
  | 'payments'
  | 'taxRates'
  | 'discounts'
  | 'redemptions'
  | 'nextId'
  | 'clock'
  | 'queue'
  | 'logger'
  | 'failpoint'
  | 'checkoutLeaseMs'
>;

const inProgress = () =>
  new DomainError('CONFLICT', 'This checkout is still being processed; try again in a few seconds', {
    errorInfoReason: 'CHECKOUT_IN_PROGRESS',
  });

const unavailable = (backend: string) =>
  new DomainError('UNAVAILABLE', `The checkout could not reach ${backend}; nothing was charged and no stock is held. Please try again.`);

/**
 * Checkout, the saga of docs/orders.md#how-a-checkout-runs-orders-service, as the buyer's call runs it: record the checkout, reserve the
 * stock, price shipping, write the pending order, charge, then open it (or fail it and give the stock back).
 * A repeat of the checkout key answers what the first call answered; while the first still runs in this
 * process, the repeat waits for it until its own `deadline` (epoch ms) is near (app/running-checkouts.ts).
 * Whatever this call cannot finish (a crash, an unreachable backend) the recovery sweep finishes or undoes
 * once the checkout's lease ends.
 */
export async function checkout(
  deps: RunDeps & Pick<OrdersDeps, 'running'>,
  storeId: number,
  input: CheckoutInput,
  deadline = Infinity,
): Promise<orders.CreateOrderResponse> {
  const violations = checkoutViolations(input);
  if (Object.keys(violations).length > 0) throw validationFailed(violations);
  return deps.running.runAlone(
    { storeId, checkoutKey: input.checkout_key.trim() },
    { deadline, maxWaitMs: deps.checkoutLeaseMs, tooLong: inProgress },
    () => runCheckout(deps, storeId, input),
  );
}

async function runCheckout(deps: RunDeps, storeId: number, input: CheckoutInput): Promise<orders.CreateOrderResponse> {
  const { time_zone: timeZone, ...settings } = await storeSettings(deps, storeId);

  const leaseToken = randomUUID();
  const now = deps.clock();
  const claim = await deps.checkouts.claim({
    store_id: storeId,
    checkout_key: input.checkout_key.trim(),
    order_id: await deps.nextId('orders'),
    state: 'reserving',
    request: {
      email: input.email,
      address: input.address,
      lines: input.lines.map(({ variant_id, quantity }) => ({ variant_id, quantity })),
      shipping_class_id: input.shipping_class_id,
      user_note: input.user_note,
      discount_code: input.discount_code,
    },
    lease_token: leaseToken,
    lease_until: new Date(now.getTime() + deps.checkoutLeaseMs),
    failure: null,
    created_at: now,
    updated_at: now,
  });
  if ('existing' in claim) return replay(deps, claim.existing, timeZone);
  const started = claim.started;
  deps.failpoint('after-checkout');

  let reserved: ReservedLine[];
  try {
    reserved = await deps.catalog.reserveStock(storeId, sagaKeyOf(started), started.request.lines);
  } catch (error) {
    throw await endWithoutOrder(deps, started, error, 'the catalog', { reserved: false });
  }
  deps.failpoint('after-reserve');

  let priced: PricedOrder;
  try {
    priced = await priceOrder(deps, storeId, started.request, reserved, settings);
  } catch (error) {
    throw await endWithoutOrder(deps, started, error, 'shipping', { reserved: true });
  }
  if (priced.discount) {
    // The code's use is taken for this order before the order exists: at most usage_limit orders ever hold one, and a
    // checkout that ends without its order gives it back (here, in markFailed, or in the sweep).
    const use = await deps.redemptions.redeem(storeId, priced.discount.id, {
      orderId: started.order_id,
      email: started.request.email,
      now: deps.clock(),
    });
    if (use !== 'redeemed') {
      const refusal =
        use === 'used_by_customer'
          ? validationFailed({ discount_code: ['has already been used with this e-mail address'] })
          : unavailableError(priced.discount.code, use)!;
      throw await endWithoutOrder(deps, started, refusal, 'orders', { reserved: true });
    }
  }

  // Write the order, and charge, only while the checkout is still this call's: once its lease ran out the sweep
  // may have released the stock (no order yet) or voided the payment (order pending).
  const stillOurs = () => deps.checkouts.renew(started, leaseToken, new Date(deps.clock().getTime() + deps.checkoutLeaseMs));
  if (!(await stillOurs())) throw inProgress();
  const order = await writePendingOrder(deps, started, priced, timeZone);
  deps.failpoint('after-order');
  if (!(await stillOurs())) {
    // Taken over between the renewal and the write: the sweep may have released the stock and forgotten the
    // checkout without seeing this order. Void the payment and fail the order so none stays pending unpaid.
    if ((await deps.payments.voidUnlessCaptured(sagaKeyOf(started))) === 'voided')
      await markFailed(deps, started, timeZone, interruptedFailure);
    throw inProgress();
  }
  const charge = await deps.payments.charge({
    key: sagaKeyOf(started),
    token: input.payment_token.trim(),
    amountCents: order.total,
    description: `Order ${order.id}`,
  });
  deps.failpoint('after-charge');

  if (charge.approved) return { order: orderMessage(await markPaid(deps, started, timeZone)), time_zone: timeZone };
  const failure = {
    reason: 'FAILED_PRECONDITION' as const,
    message: `The payment was declined: ${charge.message}`,
    errorInfoReason: 'PAYMENT_DECLINED',
    metadata: { order_id: String(order.id) },
  };
  await markFailed(deps, started, timeZone, failure);
  throw failureError(failure);
}

/** What a repeated checkout key answers: the order, the first call's error, or "still in progress". */
async function replay(deps: Pick<OrdersDeps, 'orders'>, existing: CheckoutDocument, timeZone: string): Promise<orders.CreateOrderResponse> {
  if (existing.state === 'reserving') throw inProgress();
  if (existing.state === 'done') {
    const order = await deps.orders.findOne(existing.store_id, existing.order_id);
    if (order) return { order: orderMessage(order), time_zone: timeZone };
  }
  throw failureError(existing.failure ?? { reason: 'FAILED_PRECONDITION', message: 'This checkout did not complete' });
}

/**
 * Ends a checkout before its order exists. A refusal (stock, product, destination) is settled and kept for
 * repeats; an unreachable backend releases whatever may have been reserved and forgets the checkout, so the
 * buyer may retry the same key. When even the release fails, the checkout stays for the sweep.
 */
async function endWithoutOrder(
  deps: Pick<OrdersDeps, 'checkouts' | 'catalog' | 'clock' | 'logger'>,
  checkout: CheckoutDocument,
  error: unknown,
  backend: string,
  options: { reserved: boolean },
): Promise<Error> {
  if (isRefusal(error)) {
    const failure = refusalFailure(error);
    // Catalog forgets a reservation it refused; only a refusal after the reservation has stock to give back.
    if (options.reserved) await deps.catalog.releaseStock(checkout.store_id, sagaKeyOf(checkout)).catch(() => undefined);
    await deps.checkouts.settle(checkout, 'refused', failure, deps.clock());
    return failureError(failure);
  }
  deps.logger.warn({ err: error, store_id: checkout.store_id, checkout_key: checkout.checkout_key }, `checkout could not reach ${backend}`);
  try {
    await deps.catalog.releaseStock(checkout.store_id, sagaKeyOf(checkout));
    await deps.checkouts.forget(checkout);
  } catch (releaseError) {
    deps.logger.warn({ err: releaseError, store_id: checkout.store_id }, 'checkout release failed; the recovery sweep will release it');
  }
  return unavailable(backend);
}
