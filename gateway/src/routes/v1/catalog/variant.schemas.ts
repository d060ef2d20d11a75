import { z } from 'zod';
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
