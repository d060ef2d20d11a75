import type { orders } from '@commerce/contracts';
import { conflict } from '@commerce/grpc-runtime';
import { storeZone } from '@commerce/store-zones';
import type { OrdersDeps } from './orders-deps';
import { findTaxRate, taxRateEvent, taxRateMessage, WRITE_ATTEMPTS } from './tax-rate-message';

/** Removes the rate (its place is free at once): tax_rate/deleted, carrying the rate as it was. Answers it as it was. */
export async function deleteTaxRate(
  deps: Pick<OrdersDeps, 'taxRates' | 'zones' | 'storefront' | 'clock'>,
  storeId: number,
  rateId: number,
): Promise<orders.DeleteTaxRateResponse> {
  const timeZone = await storeZone(deps, storeId);
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const current = await findTaxRate(deps, storeId, rateId);
    const event = taxRateEvent('deleted', current, current.version + 1, timeZone, deps.clock());
    if (await deps.taxRates.remove(current, event)) return { tax_rate: taxRateMessage(current), time_zone: timeZone };
  }
  throw conflict('The tax rate is being changed by other requests; try again');
}
