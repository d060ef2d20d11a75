import { validationFailed } from '@commerce/grpc-runtime';
import { hasViolations } from '../domain/product-input';
import { stockLineViolations, type StockLine } from '../domain/stock';
import type { CatalogDeps } from './catalog-deps';
import { finishRelease } from './release-stock';
import { reservationKey } from './reserve-stock';
import { withStockLocks } from './stock-locks';

const KEY_LIMIT = 300;

/** Where a restock is recorded among the reservations: its own key space, apart from the order keys of checkout. */
export const restockOrderKey = (restockKey: string): string => `restock:${restockKey}`;

/**
 * Puts some units back (orders: a refund that restocks part of an order), once per key. The restock is recorded
 * as a reservation already releasing, so the release path moves the stock: one write per product with its mark
 * (never twice), and a crash half-way is finished by the sweep as any release is. A repeat of the key answers
 * false and moves nothing; variants whose product is gone are skipped.
 */
export async function restockLines(
  deps: Pick<
    CatalogDeps,
    'products' | 'collections' | 'variantRefs' | 'reservations' | 'storeContexts' | 'nextId' | 'clock' | 'queue' | 'mediaOrigin'
  >,
  storeId: number,
  restockKey: string,
  lines: StockLine[],
): Promise<boolean> {
  const violations = stockLineViolations(lines);
  if (restockKey.trim() === '') (violations.restock_key ??= []).push("can't be blank");
  else if (restockKey.length > KEY_LIMIT) (violations.restock_key ??= []).push(`is too long (maximum is ${KEY_LIMIT} characters)`);
  if (hasViolations(violations)) throw validationFailed(violations);

  const orderKey = restockOrderKey(restockKey);
  return deps.queue.run(reservationKey(storeId, orderKey), async () => {
    if (await deps.reservations.find(storeId, orderKey)) return false;
    const productOf = await deps.variantRefs.productsOf(
      storeId,
      lines.map((line) => line.variant_id),
    );
    const known = lines
      .filter((line) => productOf.has(line.variant_id))
      .map((line) => ({ ...line, product_id: productOf.get(line.variant_id)! }));
    const restock = await deps.reservations.insertReleasing({
      store_id: storeId,
      order_key: orderKey,
      id: await deps.nextId('reservations'),
      lines: known,
      product_ids: [...new Set(known.map((line) => line.product_id))].sort((a, b) => a - b),
      updated_at: deps.clock(),
    });
    if (!restock) return false; // another replica recorded it first: it moves the stock
    await withStockLocks(deps, storeId, restock.product_ids, () => finishRelease(deps, restock));
    return true;
  });
}
