import type { Router } from 'express';
import { presentTaxRate } from '@commerce/api-presenters';
import { orders } from '@commerce/contracts';
import type { BackendClients } from '../../../clients';
import { ok } from '../../../http/envelope';
import { refusePaging } from '../../../http/page-params';
import { dataAnswer, listAnswer, taxRateJson } from '../../../openapi/answers';
import { operation } from '../../../openapi/operation';
import { pathId } from '../../path-id';
import { recordOf } from './order-answer';
import { createTaxRateInput, updateTaxRateInput } from './tax-rate.schemas';

const TAX_RATE = 'Tax rate';
const TAG = 'Tax rates';
const render = (answer: { tax_rate?: orders.TaxRate; time_zone: string }) =>
  presentTaxRate(recordOf(answer.tax_rate, 'tax rate'), answer.time_zone);

/** docs/money.md#tax-rates: one rate per country and state, routed to the orders service. */
export function taxRateRoutes(router: Router, clients: BackendClients): void {
  router.get(
    '/tax_rates',
    operation(
      {
        summary: 'List tax rates',
        description:
          'Every tax rate of the store, by country, then state (the country-wide one first). Unpaged (a store has at most 1,000).',
        tag: TAG,
        auth: 'store',
        answer: listAnswer('tax_rates', taxRateJson),
      },
      async (req, res, { storeId, call }) => {
        refusePaging(req);
        const { tax_rates, time_zone } = await clients.taxRates.listTaxRates({ store_id: storeId }, call);
        ok(res, { tax_rates: tax_rates.map((rate) => presentTaxRate(rate, time_zone)) });
      },
    ),
  );

  router.post(
    '/tax_rates',
    operation(
      {
        summary: 'Create a tax rate',
        description:
          'A rate for `country` (ISO 3166-1 alpha-2) and, optionally, `state` (a subdivision code; blank for the whole ' +
          'country): `rate` is a percent from 0 to 100 with at most 4 decimals. One rate per country and state.',
        tag: TAG,
        auth: 'store',
        input: createTaxRateInput,
        answer: dataAnswer(taxRateJson),
      },
      async (_req, res, { storeId, call, input }) => {
        ok(res, render(await clients.taxRates.createTaxRate({ store_id: storeId, ...input() }, call)));
      },
    ),
  );

  router.get(
    '/tax_rates/:id',
    operation(
      { summary: 'Get a tax rate', description: 'One tax rate.', tag: TAG, auth: 'store', answer: dataAnswer(taxRateJson) },
      async (req, res, { storeId, call }) => {
        ok(res, render(await clients.taxRates.getTaxRate({ store_id: storeId, tax_rate_id: pathId(req, TAX_RATE) }, call)));
      },
    ),
  );

  router.put(
    '/tax_rates/:id',
    operation(
      {
        summary: 'Update a tax rate',
        description: 'Changes the fields sent; a change of nothing answers the rate as it is and publishes no event.',
        tag: TAG,
        auth: 'store',
        input: updateTaxRateInput,
        answer: dataAnswer(taxRateJson),
      },
      async (req, res, { storeId, call, input }) => {
        const request = orders.UpdateTaxRateRequest.fromPartial({ store_id: storeId, tax_rate_id: pathId(req, TAX_RATE), ...input() });
        ok(res, render(await clients.taxRates.updateTaxRate(request, call)));
      },
    ),
  );

  router.delete(
    '/tax_rates/:id',
    operation(
      { summary: 'Delete a tax rate', description: 'Answers the deleted rate.', tag: TAG, auth: 'store', answer: dataAnswer(taxRateJson) },
      async (req, res, { storeId, call }) => {
        ok(res, render(await clients.taxRates.deleteTaxRate({ store_id: storeId, tax_rate_id: pathId(req, TAX_RATE) }, call)));
      },
    ),
  );
}
