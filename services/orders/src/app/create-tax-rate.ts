import type { orders } from '@commerce/contracts';
import { validationFailed } from '@commerce/grpc-runtime';
import { storeZone } from '@commerce/store-zones';
import {
  DUPLICATE_PLACE,
  duplicateRateViolations,
  fieldsOfInput,
  MAX_TAX_RATES_PER_STORE,
  taxRateRecordFields,
  TOO_MANY_RATES,
  type TaxRate,
  type TaxRateInput,
} from '../domain/tax-rate';
import type { OrdersDeps } from './orders-deps';
import { taxRateEvent, taxRateMessage } from './tax-rate-message';

/**
 * A new rate for a (country, state) the store has none for: tax_rate/created. The unique index decides between
 * creates that race for one place; the cap is counted before the write, so creates racing at the 1,000th may pass it
 * by a few (each is still one of the store's rates, listed and deletable).
 */
export async function createTaxRate(
  deps: Pick<OrdersDeps, 'taxRates' | 'zones' | 'storefront' | 'nextId' | 'clock'>,
  storeId: number,
  input: TaxRateInput,
): Promise<orders.CreateTaxRateResponse> {
  const fields = taxRateRecordFields.create(fieldsOfInput(input));
  if ((await deps.taxRates.countLive(storeId)) >= MAX_TAX_RATES_PER_STORE) throw validationFailed(TOO_MANY_RATES);
  const timeZone = await storeZone(deps, storeId);
  const now = deps.clock();
  const rate: TaxRate = { store_id: storeId, id: await deps.nextId('tax_rates'), ...fields, created_at: now, updated_at: now, version: 1 };
  const saved = await deps.taxRates.insert(rate, taxRateEvent('created', rate, rate.version, timeZone, now));
  if (saved === DUPLICATE_PLACE) throw validationFailed(duplicateRateViolations(rate));
  return { tax_rate: taxRateMessage(saved), time_zone: timeZone };
}
