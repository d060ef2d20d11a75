import type { orders } from '@commerce/contracts';
import { conflict, validationFailed } from '@commerce/grpc-runtime';
import { storeZone } from '@commerce/store-zones';
import {
  changedTaxRate,
  DUPLICATE_PLACE,
  duplicateRateViolations,
  fieldsOfInput,
  taxRateRecordFields,
  type TaxRateInput,
} from '../domain/tax-rate';
import type { OrdersDeps } from './orders-deps';
import { findTaxRate, taxRateEvent, taxRateMessage, WRITE_ATTEMPTS } from './tax-rate-message';

/**
 * Changes the fields given (absent ones stay): tax_rate/updated. A change of nothing answers the rate as it is,
 * writes nothing and announces nothing. Moving a rate onto a (country, state) another rate holds is refused as a
 * create would be.
 */
export async function updateTaxRate(
  deps: Pick<OrdersDeps, 'taxRates' | 'zones' | 'storefront' | 'clock'>,
  storeId: number,
  rateId: number,
  input: TaxRateInput,
): Promise<orders.UpdateTaxRateResponse> {
  const changes = taxRateRecordFields.changes(fieldsOfInput(input));
  const timeZone = await storeZone(deps, storeId);
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const current = await findTaxRate(deps, storeId, rateId);
    const now = deps.clock();
    const next = changedTaxRate(current, changes, now);
    if (!next) return { tax_rate: taxRateMessage(current), time_zone: timeZone };
    const written = await deps.taxRates.replace(current, next, taxRateEvent('updated', next, next.version, timeZone, now));
    if (written === DUPLICATE_PLACE) throw validationFailed(duplicateRateViolations(next));
    if (written) return { tax_rate: taxRateMessage(written), time_zone: timeZone };
  }
  throw conflict('The tax rate is being changed by other requests; try again');
}
