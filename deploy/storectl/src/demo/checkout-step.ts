import { ApiCallError, type ApiClient } from './api-client';
import type { OrderRecord } from './api-records';
import type { CreatedProduct } from './catalog-step';
import type { PlannedOrder } from './order-plan';
import { DEMO_DISCOUNT, usesDiscount } from './money-step';
import type { Progress } from './progress';

/** What one checkout came to: an order, a declined card (402), or a variant sold out meanwhile (409 OutOfStock, skipped). */
export type CheckoutOutcome =
  { outcome: 'placed'; order: OrderRecord; plan: PlannedOrder } | { outcome: 'declined' } | { outcome: 'out-of-stock' };

/** The buyer's path: `POST /s/<subdomain>/checkout`, no owner credential (docs/orders.md#checkout-buyer-path), one checkout at a time. */
export async function placeCheckouts(
  api: ApiClient,
  subdomain: string,
  orders: PlannedOrder[],
  products: CreatedProduct[],
  progress: Progress,
): Promise<CheckoutOutcome[]> {
  progress.start('checkouts', orders.length);
  const outcomes: CheckoutOutcome[] = [];
  for (const [index, plan] of orders.entries()) {
    outcomes.push(await checkout(api, subdomain, plan, products, usesDiscount(index) ? DEMO_DISCOUNT.code : undefined));
    progress.tick();
  }
  progress.finish();
  return outcomes;
}

async function checkout(
  api: ApiClient,
  subdomain: string,
  plan: PlannedOrder,
  products: CreatedProduct[],
  discountCode: string | undefined,
): Promise<CheckoutOutcome> {
  const body = {
    email: plan.email,
    address: plan.address,
    items: plan.lines.map((line) => ({
      variant_id: products[line.product_index]!.variant_ids[line.variant_index]!,
      quantity: line.quantity,
    })),
    payment_token: plan.payment_token,
    ...(plan.user_note !== undefined ? { user_note: plan.user_note } : {}),
    ...(discountCode !== undefined ? { discount_code: discountCode } : {}),
  };
  try {
    const order = await api.call<OrderRecord>('POST', `/s/${encodeURIComponent(subdomain)}/checkout`, body, { credential: false });
    return { outcome: 'placed', order, plan };
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 402) return { outcome: 'declined' };
    if (error instanceof ApiCallError && error.status === 409 && error.errorType === 'OutOfStock') return { outcome: 'out-of-stock' };
    throw error;
  }
}
