import { randomUUID } from 'node:crypto';
import type { CheckoutDocument } from '../infra/checkout.repository';
import { interruptedFailure as interrupted, markFailed, markPaid, sagaKeyOf } from './checkout-steps';
import type { OrdersDeps } from './orders-deps';
import { returnPendingStock } from './return-stock';
import { storeZone } from '@commerce/store-zones';

const BATCH = 100;

/** What the sweep uses. */
type RecoveryDeps = Pick<
  OrdersDeps,
  | 'orders'
  | 'checkouts'
  | 'zones'
  | 'catalog'
  | 'redemptions'
  | 'storefront'
  | 'payments'
  | 'clock'
  | 'queue'
  | 'logger'
  | 'checkoutLeaseMs'
>;

/**
 * The recovery sweep (docs/orders.md#how-a-checkout-runs-orders-service): every checkout whose lease ran out (its call crashed or gave up)
 * is finished or undone, and every canceled or failed order's stock that is not back in catalog yet is given
 * back. Runs at start and then periodically; each step is safe to repeat and to race with another replica.
 */
export async function recoverCheckouts(deps: RecoveryDeps): Promise<{ finished: number; undone: number; stockReturned: number }> {
  let finished = 0;
  let undone = 0;
  for (const due of await deps.checkouts.due(deps.clock(), BATCH)) {
    try {
      const outcome = await recoverOne(deps, due);
      if (outcome === 'finished') finished++;
      if (outcome === 'undone') undone++;
    } catch (error) {
      deps.logger.warn({ err: error, store_id: due.store_id, checkout_key: due.checkout_key }, 'checkout recovery failed; will retry');
    }
  }
  const stockReturned = await returnPendingStock(deps, deps.checkoutLeaseMs);
  return { finished, undone, stockReturned };
}

async function recoverOne(deps: RecoveryDeps, due: CheckoutDocument): Promise<'finished' | 'undone' | 'skipped'> {
  const now = deps.clock();
  const checkout = await deps.checkouts.takeOver(due, randomUUID(), now, new Date(now.getTime() + deps.checkoutLeaseMs));
  if (!checkout) return 'skipped'; // another sweep took it, or its call settled it meanwhile

  const order = await deps.orders.findOne(checkout.store_id, checkout.order_id);
  if (!order) {
    // Stopped before the order was written: nothing was charged. Give back whatever was reserved, and the discount
    // code's use if it was taken for this order.
    await deps.catalog.releaseStock(checkout.store_id, sagaKeyOf(checkout));
    await deps.redemptions.giveBack(checkout.store_id, checkout.order_id);
    await deps.checkouts.forget(checkout);
    return 'undone';
  }
  const timeZone = await storeZone(deps, checkout.store_id);
  if (order.status === 'pending') {
    // The processor decides: a captured charge stands (finish the order); otherwise the key is voided for good.
    const payment = await deps.payments.voidUnlessCaptured(sagaKeyOf(checkout));
    if (payment === 'captured') {
      await markPaid(deps, checkout, timeZone);
      return 'finished';
    }
    await markFailed(deps, checkout, timeZone, interrupted);
    return 'undone';
  }
  // The order moved on but the checkout was not settled (a crash between the two writes).
  if (order.status === 'failed') await deps.checkouts.settle(checkout, 'failed', interrupted, deps.clock());
  else await deps.checkouts.settle(checkout, 'done', null, deps.clock());
  return 'finished';
}
