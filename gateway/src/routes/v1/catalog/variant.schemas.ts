import { z } from 'zod';
import { blankAsMissing, looseInt } from '../../../http/coerce';
import { pageSizeOf, pageSizeParams } from '../../../http/page-params';
import {
  clearableText,
  INT32_MAX,
  optionalDecimalText,
  optionalFlag,
  optionalInt,
  optionalName,
  optionalText,
  requiredName,
} from './catalog.fields';

/**
 * `override_cents` wins over the decimal `override_price` when both are sent: it is the exact one. Catalog reads the
 * price in the store's currency (docs/catalog.md#price-input).
 */
const overrideCentsOrPrice = <T extends { override_cents?: number; override_price?: string }>({ override_price, ...rest }: T) =>
  rest.override_cents === undefined ? { ...rest, override_price } : rest;

const variantFields = {
  full_quantity: optionalInt(0),
  // An owner's recount; absent on create means "all of full_quantity".
  in_stock: optionalInt(0),
  position: optionalInt(1, INT32_MAX),
  has_override_price: optionalFlag(),
  override_cents: optionalInt(0),
  override_price: optionalDecimalText(),
};

/** POST /v1/products/:product_id/variants (docs/catalog.md#variant). Output: CreateVariantRequest fields besides the ids. */
export const createVariantInput = z
  .object({ name: requiredName(), sku: optionalText(), ...variantFields })
  .strip()
  .transform(overrideCentsOrPrice);

/** PUT /v1/products/:product_id/variants/:id: only the fields sent change; `sku` null or "" clears it. */
export const updateVariantInput = z
  .object({ name: optionalName(), sku: clearableText(), ...variantFields })
  .strip()
  .transform(overrideCentsOrPrice);

/**
 * GET /v1/variants (docs/catalog.md#low-stock-variants): `in_stock_max`, the threshold, as an integer (that it is required and
 * not negative is catalog's rule), `page`, and `limit` or `per_page` (50 a page by default, clamped to 1..250 by catalog).
 * Output: the ListLowStockVariantsRequest fields besides store_id.
 */
export const lowStockVariantsQuery = z
  .object({
    in_stock_max: blankAsMissing(looseInt()).describe(
      'Required: only variants with at most this many units in stock (`in_stock`), 0 and up; lowest stock first',
    ),
    page: optionalInt(1, INT32_MAX).describe('The page, from 1, of 50 variants'),
    ...pageSizeParams(),
  })
  .strip()
  .transform(({ limit, per_page, ...rest }) => ({ ...rest, limit: pageSizeOf({ limit, per_page }) }));
