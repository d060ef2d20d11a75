import type { Router } from 'express';
import { presentLowStockVariant, presentVariant } from '@commerce/api-presenters';
import { catalog } from '@commerce/contracts';
import type { BackendClients } from '../../../clients';
import { ok } from '../../../http/envelope';
import { sendPage, type PaginationOptions } from '../../../http/pagination';
import { dataAnswer, lowStockVariantJson, pagedAnswer, variantJson } from '../../../openapi/answers';
import { operation } from '../../../openapi/operation';
import { recordOf, storeContextOf } from './catalog-answer';
import { pathId } from '../../path-id';
import { createVariantInput, lowStockVariantsQuery, updateVariantInput } from './variant.schemas';

type VariantAnswer = { variant?: catalog.Variant; store_context?: catalog.StoreContext };

const render = (answer: VariantAnswer) => presentVariant(recordOf(answer.variant, 'variant'), storeContextOf(answer));

/**
 * docs/catalog.md#variants: variants live under their product; catalog answers 404 for a variant of another product. The
 * store-wide list of low-stock variants (docs/catalog.md#low-stock-variants) is the one route of variants across products.
 */
export function variantRoutes(router: Router, clients: BackendClients, pagination: PaginationOptions): void {
  router.get(
    '/variants',
    operation(
      {
        summary: 'List low-stock variants',
        description:
          "The store's variants with at most `in_stock_max` units in stock, lowest stock first (then by id), each with its " +
          "product's name: the variants to restock. 50 a page; `pagination` and the `Link` header name the next page.",
        tag: 'Variants',
        auth: 'store',
        input: lowStockVariantsQuery,
        answer: pagedAnswer('variants', lowStockVariantJson),
      },
      async (req, res, { storeId, call, input }) => {
        const request = catalog.ListLowStockVariantsRequest.fromPartial({ store_id: storeId, ...input() });
        const answer = await clients.catalog.listLowStockVariants(request, call);
        const context = storeContextOf(answer);
        const variants = answer.variants.map((entry) =>
          presentLowStockVariant(recordOf(entry.variant, 'variant'), entry.product_name, context),
        );
        const page = { total: answer.total, page: answer.page, limit: answer.limit, count: variants.length, currentMaxId: null };
        sendPage(req, res, { variants }, page, pagination);
      },
    ),
  );

  router.post(
    '/products/:product_id/variants',
    operation(
      {
        summary: 'Create a variant of a product',
        description:
          'Adds a variant (a size, a colour...) to the product; `in_stock` defaults to all of `full_quantity`. A product ' +
          'has at most 100 variants that are not deleted.',
        tag: 'Variants',
        auth: 'store',
        input: createVariantInput,
        answer: dataAnswer(variantJson),
      },
      async (req, res, { storeId, call, input }) => {
        const productId = pathId(req, 'Product', 'product_id');
        const request = catalog.CreateVariantRequest.fromPartial({ store_id: storeId, product_id: productId, ...input() });
        ok(res, render(await clients.catalog.createVariant(request, call)));
      },
    ),
  );

  router.get(
    '/products/:product_id/variants/:id',
    operation(
      {
        summary: 'Get a variant',
        description: 'One variant of the product; a variant of another product is a 404.',
        tag: 'Variants',
        auth: 'store',
        answer: dataAnswer(variantJson),
      },
      async (req, res, { storeId, call }) => {
        const ids = { store_id: storeId, product_id: pathId(req, 'Product', 'product_id'), variant_id: pathId(req, 'Variant') };
        ok(res, render(await clients.catalog.getVariant(ids, call)));
      },
    ),
  );

  router.put(
    '/products/:product_id/variants/:id',
    operation(
      {
        summary: 'Update a variant',
        description: 'Changes the fields sent, and only those; `in_stock` sets the count outright, and `sku` null or empty clears it.',
        tag: 'Variants',
        auth: 'store',
        input: updateVariantInput,
        answer: dataAnswer(variantJson),
      },
      async (req, res, { storeId, call, input }) => {
        const ids = { store_id: storeId, product_id: pathId(req, 'Product', 'product_id'), variant_id: pathId(req, 'Variant') };
        const changes = input();
        ok(res, render(await clients.catalog.updateVariant(catalog.UpdateVariantRequest.fromPartial({ ...ids, ...changes }), call)));
      },
    ),
  );

  router.delete(
    '/products/:product_id/variants/:id',
    operation(
      {
        summary: 'Delete a variant',
        description: 'Answers the deleted variant.',
        tag: 'Variants',
        auth: 'store',
        answer: dataAnswer(variantJson),
      },
      async (req, res, { storeId, call }) => {
        const ids = { store_id: storeId, product_id: pathId(req, 'Product', 'product_id'), variant_id: pathId(req, 'Variant') };
        ok(res, render(await clients.catalog.deleteVariant(ids, call)));
      },
    ),
  );
}
