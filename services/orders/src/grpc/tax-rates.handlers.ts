import type { orders } from '@commerce/contracts';
import { requireStoreId, type ServiceHandlers } from '@commerce/grpc-runtime';
import { createTaxRate } from '../app/create-tax-rate';
import { deleteTaxRate } from '../app/delete-tax-rate';
import { getTaxRate } from '../app/get-tax-rate';
import { listTaxRates } from '../app/list-tax-rates';
import type { OrdersDeps } from '../app/orders-deps';
import { updateTaxRate } from '../app/update-tax-rate';

/** What a create or update request writes, as the use cases take it (docs/money.md#tax-rates). */
const inputOf = (request: Omit<orders.UpdateTaxRateRequest, 'store_id' | 'tax_rate_id'>) => ({
  country: request.country,
  state: request.state,
  name: request.name,
  rate: request.rate,
  applies_to_shipping: request.applies_to_shipping,
});

/** Thin: request → use case → response. */
export function taxRatesHandlers(deps: OrdersDeps): ServiceHandlers<typeof orders.TaxRatesServiceService> {
  return {
    listTaxRates: (request) => listTaxRates(deps, requireStoreId(request.store_id)),
    getTaxRate: (request) => getTaxRate(deps, requireStoreId(request.store_id), request.tax_rate_id),
    createTaxRate: (request) => createTaxRate(deps, requireStoreId(request.store_id), inputOf(request)),
    updateTaxRate: (request) => updateTaxRate(deps, requireStoreId(request.store_id), request.tax_rate_id, inputOf(request)),
    deleteTaxRate: (request) => deleteTaxRate(deps, requireStoreId(request.store_id), request.tax_rate_id),
  };
}
