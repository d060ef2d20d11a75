import type { Router } from 'express';
import { presentVariant } from '@commerce/api-presenters';
import { catalog } from '@commerce/contracts';
import type { BackendClients } from '../../../clients';
import { parseInput } from '../../../http/coerce';
import { ok } from '../../../http/envelope';
import { readParams } from '../../../http/input';
import { route } from '../../route';
import { recordOf, storeContextOf } from './catalog-answer';
import { pathId } from '../../path-id';
import { createVariantInput, updateVariantInput } from './variant.schemas';

type VariantAnswer = { variant?: catalog.Variant; store_context?: catalog.StoreContext };

const render = (answer: VariantAnswer) => presentVariant(recordOf(answer.variant, 'variant'), storeContextOf(answer));

/** Spec 4.7: variants live under their product; catalog answers 404 for a variant of another product. */
export function variantRoutes(router: Router, clients: BackendClients): void {
  router.post(
    '/products/:product_id/variants',
    route(async (req, res, { storeId, call }) => {
      const productId = pathId(req, 'Product', 'product_id');
      const input = parseInput(createVariantInput, readParams(req));
      const request = catalog.CreateVariantRequest.fromPartial({ store_id: storeId, product_id: productId, ...input });
      ok(res, render(await clients.catalog.createVariant(request, call)));
    }),
  );

  router.get(
    '/products/:product_id/variants/:id',
    route(async (req, res, { storeId, call }) => {
      const ids = { store_id: storeId, product_id: pathId(req, 'Product', 'product_id'), variant_id: pathId(req, 'Variant') };
      ok(res, render(await clients.catalog.getVariant(ids, call)));
    }),
  );

  router.put(
    '/products/:product_id/variants/:id',
    route(async (req, res, { storeId, call }) => {
      const ids = { store_id: storeId, product_id: pathId(req, 'Product', 'product_id'), variant_id: pathId(req, 'Variant') };
      const changes = parseInput(updateVariantInput, readParams(req));
      ok(res, render(await clients.catalog.updateVariant(catalog.UpdateVariantRequest.fromPartial({ ...ids, ...changes }), call)));
    }),
  );

  router.delete(
    '/products/:product_id/variants/:id',
    route(async (req, res, { storeId, call }) => {
      const ids = { store_id: storeId, product_id: pathId(req, 'Product', 'product_id'), variant_id: pathId(req, 'Variant') };
      ok(res, render(await clients.catalog.deleteVariant(ids, call)));
    }),
  );
}
