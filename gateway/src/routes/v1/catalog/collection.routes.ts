import type { Router } from 'express';
import { presentCollection } from '@commerce/api-presenters';
import { catalog } from '@commerce/contracts';
import type { BackendClients } from '../../../clients';
import { parseInput } from '../../../http/coerce';
import { ok } from '../../../http/envelope';
import { readParams } from '../../../http/input';
import { sendPage, type PaginationOptions } from '../../../http/pagination';
import { route } from '../../route';
import { recordOf, storeContextOf } from './catalog-answer';
import { createCollectionInput, listCollectionsQuery, updateCollectionInput } from './collection.schemas';
import { pathId } from '../../path-id';

type CollectionAnswer = { collection?: catalog.Collection; store_context?: catalog.StoreContext };

const render = (answer: CollectionAnswer) => presentCollection(recordOf(answer.collection, 'collection'), storeContextOf(answer));

/** Spec 4.8 with the collection record of DESIGN §8. */
export function collectionRoutes(router: Router, clients: BackendClients, pagination: PaginationOptions): void {
  router.get(
    '/collections',
    route(async (req, res, { storeId, call }) => {
      const query = parseInput(listCollectionsQuery, readParams(req));
      const answer = await clients.catalog.listCollections(catalog.ListCollectionsRequest.fromPartial({ store_id: storeId, ...query }), call);
      const context = storeContextOf(answer);
      const collections = answer.collections.map((collection) => presentCollection(collection, context));
      // Catalog does not track a collection max id, so next pages are not pinned (collections change rarely).
      sendPage(req, res, { collections }, { total: answer.total, page: answer.page, limit: answer.limit, currentMaxId: null }, pagination);
    }),
  );

  router.post(
    '/collections',
    route(async (req, res, { storeId, call }) => {
      const input = parseInput(createCollectionInput, readParams(req));
      ok(res, render(await clients.catalog.createCollection(catalog.CreateCollectionRequest.fromPartial({ store_id: storeId, ...input }), call)));
    }),
  );

  router.get(
    '/collections/:id',
    route(async (req, res, { storeId, call }) => {
      ok(res, render(await clients.catalog.getCollection({ store_id: storeId, collection_id: pathId(req, 'Collection') }, call)));
    }),
  );

  router.put(
    '/collections/:id',
    route(async (req, res, { storeId, call }) => {
      const collectionId = pathId(req, 'Collection');
      const changes = parseInput(updateCollectionInput, readParams(req));
      const request = catalog.UpdateCollectionRequest.fromPartial({ store_id: storeId, collection_id: collectionId, ...changes });
      ok(res, render(await clients.catalog.updateCollection(request, call)));
    }),
  );

  router.delete(
    '/collections/:id',
    route(async (req, res, { storeId, call }) => {
      ok(res, render(await clients.catalog.deleteCollection({ store_id: storeId, collection_id: pathId(req, 'Collection') }, call)));
    }),
  );
}
