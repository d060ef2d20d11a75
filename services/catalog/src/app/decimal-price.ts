import type { catalog } from '@commerce/contracts';
import type { FieldViolations } from '@commerce/grpc-runtime';
import { decimalPriceCents } from '../domain/product-input';
import type { CatalogDeps } from './catalog-deps';

/** A request's decimal price read, with the store context read for it (absent when there was no price to read). */
export interface DecimalPrice {
  /** The cents the price names; absent when none was sent or it does not read. */
  cents?: number;
  violations: FieldViolations;
  context?: catalog.StoreContext;
}

/**
 * Reads a request's decimal `price` or `override_price` in the store's currency (docs/catalog.md#price-input), unless
 * the request also names the exact cents (`exact`, an update's optional field: the exact one wins; a create's cents are
 * not optional, so there the gateway sends the price only without them). The store's context is read only when there
 * is a price to read; the use case renders its answer with the same one.
 */
export async function readDecimalPrice(
  deps: Pick<CatalogDeps, 'storeContexts'>,
  storeId: number,
  field: string,
  text: string | undefined,
  exact?: number,
): Promise<DecimalPrice> {
  if (text === undefined || exact !== undefined) return { violations: {} };
  const context = await deps.storeContexts.of(storeId);
  return { ...decimalPriceCents(field, text, context.currency), context };
}
