import type { orders } from '@commerce/contracts';
import { storeZone } from '@commerce/store-zones';
import type { OrdersDeps } from './orders-deps';
import { taxRateMessage } from './tax-rate-message';

/** Every rate of the store (at most MAX_TAX_RATES_PER_STORE), by country, then state. */
export async function listTaxRates(
  deps: Pick<OrdersDeps, 'taxRates' | 'zones' | 'storefront'>,
  storeId: number,
): Promise<orders.ListTaxRatesResponse> {
  const [rates, timeZone] = await Promise.all([deps.taxRates.list(storeId), storeZone(deps, storeId)]);
  return { tax_rates: rates.map(taxRateMessage), time_zone: timeZone };
}
