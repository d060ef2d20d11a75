import type { Router } from 'express';
import { presentStoreVisits } from '@commerce/api-presenters';
import type { BackendClients } from '../../clients';
import { ok } from '../../http/envelope';
import { route } from '../route';

/** The store's visit statistics (spec 4.2, 2.7; DESIGN §8) on the /v1 router, routed to the storefront service's VisitService. */
export function storeVisitsRoutes(router: Router, clients: BackendClients): void {
  const visits = (marketplaceOnly: boolean) =>
    route(async (_req, res, { storeId, call }) => {
      ok(res, presentStoreVisits(await clients.visits.getStoreVisits({ store_id: storeId, marketplace_only: marketplaceOnly }, call)));
    });
  router.get('/store/visits', visits(false));
  router.get('/store/marketplace_visits', visits(true));
}
