import { z } from 'zod';
import { pageSizeOf, pageSizeParams } from '../../../http/page-params';
import { clearableList, clearableText, INT32_MAX, optionalInt, optionalName, productIdList, requiredName } from './catalog.fields';

/** POST /v1/collections (docs/catalog.md#collection). `products` sets the membership, in the order given. */
export const createCollectionInput = z
  .object({
    name: requiredName(),
    description: clearableText(),
    products: productIdList().optional(),
  })
  .strip()
  .transform(({ products, ...rest }) => ({ ...rest, product_ids: products }));

/** PUT /v1/collections/:id: `products` (even `[]`, "" or null, which empty it) replaces the membership. */
export const updateCollectionInput = z
  .object({
    name: optionalName(),
    description: clearableText(),
    products: clearableList(productIdList()),
  })
  .strip()
  .transform(({ products, ...rest }) => ({ ...rest, product_ids: products === undefined ? undefined : { product_ids: products } }));

/** GET /v1/collections: `page` and `limit` (or `per_page`), integers; catalog defaults and clamps the size (its domain/paging.ts). */
export const listCollectionsQuery = z
  .object({
    page: optionalInt(1, INT32_MAX).describe('The page, from 1'),
    ...pageSizeParams(),
  })
  .strip()
  .transform(({ limit, per_page, ...rest }) => ({ ...rest, limit: pageSizeOf({ limit, per_page }) }));

/** PUT /v1/collections/:id/products/:product_id: `position` from 1 (past the end: last); absent, a member stays where it is. */
export const placeCollectionProductInput = z
  .object({
    position: optionalInt(1, INT32_MAX).describe('1 = first; past the end = last. Absent: last when not in yet, unchanged when in'),
  })
  .strip()
  .transform(({ position }) => ({ position: position ?? 0 }));
