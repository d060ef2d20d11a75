import type { ApiClient } from './api-client';
import type { IdRecord } from './api-records';
import type { Progress } from './progress';

/**
 * The demo's money (docs/money.md): a tax rate for each demo country (New York's own beside the US rate, the more
 * specific one winning there), and one discount code that some of the demo's buyers use.
 */
export const TAX_PLAN = [
  { country: 'US', name: 'US sales tax', rate: 5, applies_to_shipping: true },
  { country: 'US', state: 'NY', name: 'NY sales tax', rate: 8.875 },
  { country: 'CA', name: 'GST', rate: 5, applies_to_shipping: true },
  { country: 'GB', name: 'VAT', rate: 20, applies_to_shipping: true },
  { country: 'DE', name: 'MwSt', rate: 19, applies_to_shipping: true },
  { country: 'FR', name: 'TVA', rate: 20, applies_to_shipping: true },
] as const;

export const DEMO_DISCOUNT = { code: 'WELCOME10', kind: 'percentage', value: 10 } as const;

/** Every how-many-th planned checkout sends the demo's discount code (the first such is the second checkout). */
export const DISCOUNT_EVERY = 4;

export const usesDiscount = (checkoutIndex: number): boolean => checkoutIndex % DISCOUNT_EVERY === 1;

export interface DemoMoney {
  tax_rate_ids: number[];
  discount_id: number;
}

/** POST /v1/tax_rates for each planned rate, then POST /v1/discounts. */
export async function createMoney(api: ApiClient, progress: Progress): Promise<DemoMoney> {
  progress.start('taxes and discounts', TAX_PLAN.length + 1);
  const taxRateIds: number[] = [];
  for (const rate of TAX_PLAN) {
    taxRateIds.push((await api.call<IdRecord>('POST', '/v1/tax_rates', rate)).id);
    progress.tick();
  }
  const discount = await api.call<IdRecord>('POST', '/v1/discounts', DEMO_DISCOUNT);
  progress.tick();
  progress.finish();
  return { tax_rate_ids: taxRateIds, discount_id: discount.id };
}
