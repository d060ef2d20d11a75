import type { orders } from '@commerce/contracts';
import { storeZone } from '@commerce/store-zones';
import type { OrdersDeps } from './orders-deps';
import { findTaxRate, taxRateMessage } from './tax-rate-message';

export async function getTaxRate(
  deps: Pick<OrdersDeps, 'taxRates' | 'zones' | 'storefront'>,
  storeId: number,
  rateId: number,
): Promise<orders.GetTaxRateResponse> {
  const [rate, timeZone] = await Promise.all([findTaxRate(deps, storeId, rateId), storeZone(deps, storeId)]);
  return { tax_rate: taxRateMessage(rate), time_zone: timeZone };
}
