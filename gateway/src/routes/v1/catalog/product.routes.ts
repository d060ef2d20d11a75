import type { Request, Router } from 'express';
import { presentProduct } from '@commerce/api-presenters';
import { catalog } from '@commerce/contracts';
import type { BackendClients } from '../../../clients';
import { ok } from '../../../http/envelope';
import { mediaOriginFor, sendPage, type PaginationOptions } from '../../../http/pagination';
import { dataAnswer, pagedAnswer, productJson } from '../../../openapi/answers';
import { operation } from '../../../openapi/operation';
import { recordOf, storeContextOf } from './catalog-answer';
import { pathId } from '../../path-id';
import { releasePhotoImages } from './photo.routes';
import { listProductsQuery } from './product-list.schemas';
import { createProductInput, updateProductInput } from './product.schemas';

type ProductAnswer = { product?: catalog.Product; store_context?: catalog.StoreContext };

export const renderProduct = (answer: ProductAnswer, mediaOrigin: string) =>
  presentProduct(recordOf(answer.product, 'product'), storeContextOf(answer), mediaOrigin);

/** docs/catalog.md#products: each route is input → one CatalogService call → presenter. */
export function productRoutes(router: Router, clients: BackendClients, pagination: PaginationOptions): void {
  const mediaOrigin = (req: Request) => mediaOriginFor(req, pagination.publicUrl);
  router.get(
    '/products',
    operation(
      {
        summary: 'List products',
        description:
          "The store's products, 20 a page, by id ascending (`sort_direction=DESC` reverses it); the filters combine. " +
          '`pagination` and the `Link` header name the next page.',
        tag: 'Products',
        auth: 'store',
        input: listProductsQuery,
        answer: pagedAnswer('products', productJson),
      },
      async (req, res, { storeId, call, input }) => {
        const query = input();
        const answer = await clients.catalog.listProducts(catalog.ListProductsRequest.fromPartial({ store_id: storeId, ...query }), call);
        const context = storeContextOf(answer);
        const origin = mediaOrigin(req);
        const products = answer.products.map((product) => presentProduct(product, context, origin));
        const page = {
          total: answer.total,
          page: answer.page,
          limit: answer.limit,
          count: products.length,
          currentMaxId: answer.current_max_id,
        };
        sendPage(req, res, { products }, page, pagination);
      },
    ),
  );

  router.post(
    '/products',
    operation(
      {
        summary: 'Create a product',
        description:
          'A product with its "Default" variant; `name` and `cents` (or the decimal `price`) are required. Its id is then ' +
          'used to add variants.',
        tag: 'Products',
        auth: 'store',
        input: createProductInput,
        answer: dataAnswer(productJson),
      },
      async (req, res, { storeId, call, input }) => {
        ok(
          res,
          renderProduct(
            await clients.catalog.createProduct(catalog.CreateProductRequest.fromPartial({ store_id: storeId, ...input() }), call),
            mediaOrigin(req),
          ),
        );
      },
    ),
  );

  router.get(
    '/products/:id',
    operation(
      {
        summary: 'Get a product',
        description: 'One product with its variants, photos and collections.',
        tag: 'Products',
        auth: 'store',
        answer: dataAnswer(productJson),
      },
      async (req, res, { storeId, call }) => {
        const productId = pathId(req, 'Product');
        ok(res, renderProduct(await clients.catalog.getProduct({ store_id: storeId, product_id: productId }, call), mediaOrigin(req)));
      },
    ),
  );

  router.put(
    '/products/:id',
    operation(
      {
        summary: 'Update a product',
        description:
          'Changes the fields sent, and only those; a list sent (`photos`, `tag_list`) replaces the old one, and an empty one clears it.',
        tag: 'Products',
        auth: 'store',
        input: updateProductInput,
        answer: dataAnswer(productJson),
      },
      async (req, res, { storeId, call, input }) => {
        const productId = pathId(req, 'Product');
        const changes = input();
        const request = catalog.UpdateProductRequest.fromPartial({ store_id: storeId, product_id: productId, ...changes });
        ok(res, renderProduct(await clients.catalog.updateProduct(request, call), mediaOrigin(req)));
      },
    ),
  );

  router.delete(
    '/products/:id',
    operation(
      {
        summary: 'Delete a product',
        description: 'Answers the deleted product.',
        tag: 'Products',
        auth: 'store',
        answer: dataAnswer(productJson),
      },
      async (req, res, { storeId, call }) => {
        const productId = pathId(req, 'Product');
        const answer = await clients.catalog.deleteProduct({ store_id: storeId, product_id: productId }, call);
        releasePhotoImages(clients, storeId, answer.product?.photos ?? [], call);
        ok(res, renderProduct(answer, mediaOrigin(req)));
      },
    ),
  );
}
