import type { Router } from 'express';
import { presentCollection } from '@commerce/api-presenters';
import { catalog } from '@commerce/contracts';
import type { BackendClients } from '../../../clients';
import { ok } from '../../../http/envelope';
import { sendPage, type PaginationOptions } from '../../../http/pagination';
import { collectionJson, dataAnswer, pagedAnswer } from '../../../openapi/answers';
import { operation } from '../../../openapi/operation';
import { recordOf, storeContextOf } from './catalog-answer';
import { createCollectionInput, listCollectionsQuery, placeCollectionProductInput, updateCollectionInput } from './collection.schemas';
import { pathId } from '../../path-id';

type CollectionAnswer = { collection?: catalog.Collection; store_context?: catalog.StoreContext };

const render = (answer: CollectionAnswer) => presentCollection(recordOf(answer.collection, 'collection'), storeContextOf(answer));

/** docs/catalog.md#collections with the collection record of docs/catalog.md#collection. */
export function collectionRoutes(router: Router, clients: BackendClients, pagination: PaginationOptions): void {
  router.get(
    '/collections',
    operation(
      {
        summary: 'List collections',
        description:
          "The store's collections, 50 a page unless `limit` says otherwise (at most 250). `pagination` and the `Link` " +
          'header name the next page.',
        tag: 'Collections',
        auth: 'store',
        input: listCollectionsQuery,
        answer: pagedAnswer('collections', collectionJson),
      },
      async (req, res, { storeId, call, input }) => {
        const query = input();
        const answer = await clients.catalog.listCollections(
          catalog.ListCollectionsRequest.fromPartial({ store_id: storeId, ...query }),
          call,
        );
        const context = storeContextOf(answer);
        const collections = answer.collections.map((collection) => presentCollection(collection, context));
        // Catalog does not track a collection max id, so next pages are not pinned (collections change rarely).
        sendPage(
          req,
          res,
          { collections },
          { total: answer.total, page: answer.page, limit: answer.limit, count: collections.length, currentMaxId: null },
          pagination,
        );
      },
    ),
  );

  router.post(
    '/collections',
    operation(
      {
        summary: 'Create a collection',
        description: "A named set of the store's products; `products` sets its members, in the order given.",
        tag: 'Collections',
        auth: 'store',
        input: createCollectionInput,
        answer: dataAnswer(collectionJson),
      },
      async (_req, res, { storeId, call, input }) => {
        ok(
          res,
          render(
            await clients.catalog.createCollection(catalog.CreateCollectionRequest.fromPartial({ store_id: storeId, ...input() }), call),
          ),
        );
      },
    ),
  );

  router.get(
    '/collections/:id',
    operation(
      {
        summary: 'Get a collection',
        description: 'One collection with its member product ids, in their order.',
        tag: 'Collections',
        auth: 'store',
        answer: dataAnswer(collectionJson),
      },
      async (req, res, { storeId, call }) => {
        ok(res, render(await clients.catalog.getCollection({ store_id: storeId, collection_id: pathId(req, 'Collection') }, call)));
      },
    ),
  );

  router.put(
    '/collections/:id',
    operation(
      {
        summary: 'Update a collection',
        description: 'Changes the fields sent; `products` (even empty) replaces the members.',
        tag: 'Collections',
        auth: 'store',
        input: updateCollectionInput,
        answer: dataAnswer(collectionJson),
      },
      async (req, res, { storeId, call, input }) => {
        const collectionId = pathId(req, 'Collection');
        const changes = input();
        const request = catalog.UpdateCollectionRequest.fromPartial({ store_id: storeId, collection_id: collectionId, ...changes });
        ok(res, render(await clients.catalog.updateCollection(request, call)));
      },
    ),
  );

  router.put(
    '/collections/:id/products/:product_id',
    operation(
      {
        summary: 'Put a product in a collection, or move it',
        description:
          'One product at `position` (1 = first; past the end = last), the other members as they are when written; without ' +
          '`position` a product not in yet goes last and a member stays where it is. 404 for a product that is not a live ' +
          'product of the store; 422 on `products` when the collection is full or the product is in 1,000 collections.',
        tag: 'Collections',
        auth: 'store',
        input: placeCollectionProductInput,
        answer: dataAnswer(collectionJson),
      },
      async (req, res, { storeId, call, input }) => {
        const request = {
          store_id: storeId,
          collection_id: pathId(req, 'Collection'),
          product_id: pathId(req, 'Product', 'product_id'),
          ...input(),
        };
        ok(res, render(await clients.catalog.placeCollectionProduct(request, call)));
      },
    ),
  );

  router.delete(
    '/collections/:id/products/:product_id',
    operation(
      {
        summary: 'Take a product out of a collection',
        description: 'Answers the collection without it; the other members stay as they are. 404 when the product is not in it.',
        tag: 'Collections',
        auth: 'store',
        answer: dataAnswer(collectionJson),
      },
      async (req, res, { storeId, call }) => {
        const request = { store_id: storeId, collection_id: pathId(req, 'Collection'), product_id: pathId(req, 'Product', 'product_id') };
        ok(res, render(await clients.catalog.removeCollectionProduct(request, call)));
      },
    ),
  );

  router.delete(
    '/collections/:id',
    operation(
      {
        summary: 'Delete a collection',
        description: 'Answers the deleted collection.',
        tag: 'Collections',
        auth: 'store',
        answer: dataAnswer(collectionJson),
      },
      async (req, res, { storeId, call }) => {
        ok(res, render(await clients.catalog.deleteCollection({ store_id: storeId, collection_id: pathId(req, 'Collection') }, call)));
      },
    ),
  );
}
