import type { Router } from 'express';
import { presentProduct, presentVariant } from '@commerce/api-presenters';
import type { BackendClients } from '../../../clients';
import { ok } from '../../../http/envelope';
import { refusePaging } from '../../../http/page-params';
import { mediaOriginFor, type PaginationOptions } from '../../../http/pagination';
import { listAnswer, productJson, variantJson } from '../../../openapi/answers';
import { operation } from '../../../openapi/operation';
import { pathId } from '../../path-id';
import { storeContextOf } from '../catalog/catalog-answer';

/**
 * What an order holds (docs/orders.md#products-and-variants-of-an-order): flat lists, as lists answer. Orders gives catalog's
 * current records where they still exist, else records built from the items at checkout.
 */
export function orderContentsRoutes(router: Router, clients: BackendClients, pagination: PaginationOptions = {}): void {
  router.get(
    '/orders/:id/products',
    operation(
      {
        summary: "The products of an order's items",
        description:
          "Each product of the order's items once: the catalog's record (a deleted product too), or the product as the " +
          'order holds it when the catalog has none.',
        tag: 'Orders',
        auth: 'store',
        answer: listAnswer('products', productJson),
      },
      async (req, res, { storeId, call }) => {
        const orderId = pathId(req, 'Order');
        refusePaging(req);
        const answer = await clients.orders.getOrderProducts({ store_id: storeId, order_id: orderId }, call);
        const context = storeContextOf(answer);
        const mediaOrigin = mediaOriginFor(req, pagination.publicUrl);
        ok(res, { products: answer.products.map((product) => presentProduct(product, context, mediaOrigin)) });
      },
    ),
  );

  router.get(
    '/orders/:id/variants',
    operation(
      {
        summary: "The variants of an order's items",
        description:
          "Each variant of the order's items once: the catalog's record (a deleted variant too), or the variant as the " +
          'order holds it when the catalog has none.',
        tag: 'Orders',
        auth: 'store',
        answer: listAnswer('variants', variantJson),
      },
      async (req, res, { storeId, call }) => {
        const orderId = pathId(req, 'Order');
        refusePaging(req);
        const answer = await clients.orders.getOrderVariants({ store_id: storeId, order_id: orderId }, call);
        const context = storeContextOf(answer);
        ok(res, { variants: answer.variants.map((variant) => presentVariant(variant, context)) });
      },
    ),
  );
}
