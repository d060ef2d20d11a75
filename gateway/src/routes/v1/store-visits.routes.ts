import type { Router } from 'express';
import { presentStoreVisits } from '@commerce/api-presenters';
import type { BackendClients } from '../../clients';
import { ok } from '../../http/envelope';
import { dataAnswer, storeVisitsJson } from '../../openapi/answers';
import { operation } from '../../openapi/operation';

/** The store's visit statistics (docs/visits.md#definitions) on the /v1 router, routed to the storefront service's VisitService. */
export function storeVisitsRoutes(router: Router, clients: BackendClients): void {
  const visits = (marketplaceOnly: boolean) =>
    operation(
      {
        summary: marketplaceOnly ? "The store's visits from the marketplace" : "The store's visits",
        description: marketplaceOnly
          ? 'As `GET /v1/store/visits`, counting only the visits whose first page came through the marketplace ' +
            '(`?ref=marketplace`, or a `Referer` on the marketplace host).'
          : "Visits and visitors of the store's buyer site in each of the last 8 weeks and 7 days, in the store's time " +
            'zone, oldest first (docs/visits.md says what counts).',
        tag: 'Store',
        auth: 'store',
        answer: dataAnswer(storeVisitsJson),
      },
      async (_req, res, { storeId, call }) => {
        ok(res, presentStoreVisits(await clients.visits.getStoreVisits({ store_id: storeId, marketplace_only: marketplaceOnly }, call)));
      },
    );
  router.get('/store/visits', visits(false));
  router.get('/store/marketplace_visits', visits(true));
}
