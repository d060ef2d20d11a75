import type { catalog } from '@commerce/contracts';
import { conflict, DomainError, validationFailed } from '@commerce/grpc-runtime';
import { hasViolations } from '../domain/product-input';
import { stockLineViolations, type StockLine } from '../domain/stock';
import type { ProductDocument } from '../infra/product.repository';
import type { ReservationDocument } from '../infra/reservation.repository';
import type { CatalogDeps } from './catalog-deps';
import { collectionIdsByProduct } from './product-writer';
import { withStockLocks } from './stock-locks';
import { clearMarks, everyShortLine, putBackOnProduct, reservedLines, StockRefused, takeFromProduct } from './stock-moves';

export const reservationKey = (storeId: number, orderKey: string): string => `reservation:${storeId}:${orderKey}`;

const released = () => conflict('This order key was released; a released reservation never comes back');

/**
 * Takes stock for every line, all or nothing, never below zero. The reservation document is written
 * first (pending), then each product's lines are taken in one write per product; a refused line puts
 * back what was taken and forgets the reservation, so a retry starts afresh. A refusal for want of stock
 * names every line that is short (INSUFFICIENT_STOCK, metadata short_variants). A repeat of a reserved key
 * answers the first answer and takes nothing.
 */
export async function reserveStock(
  deps: Pick<
    CatalogDeps,
    'products' | 'collections' | 'variantRefs' | 'reservations' | 'storeContexts' | 'nextId' | 'clock' | 'queue' | 'mediaOrigin'
  >,
  storeId: number,
  orderKey: string,
  lines: StockLine[],
): Promise<catalog.ReservedLine[]> {
  const violations = stockLineViolations(lines);
  if (orderKey.trim() === '') (violations.order_key ??= []).push("can't be blank");
  if (hasViolations(violations)) throw validationFailed(violations);

  return deps.queue.run(reservationKey(storeId, orderKey), async () => {
    const reservation = await openReservation(deps, storeId, orderKey, lines);
    if (reservation.state === 'reserved') return reservation.reserved_lines;
    if (reservation.state !== 'pending') throw released();

    return withStockLocks(deps, storeId, reservation.product_ids, () => takeAll(deps, storeId, reservation));
  });
}

/** Takes every product's lines of a pending reservation (the caller holds their stock locks). */
async function takeAll(
  deps: Pick<CatalogDeps, 'products' | 'collections' | 'reservations' | 'storeContexts' | 'clock' | 'queue' | 'mediaOrigin'>,
  storeId: number,
  reservation: ReservationDocument,
): Promise<catalog.ReservedLine[]> {
  const context = await deps.storeContexts.of(storeId);
  const products = new Map<number, ProductDocument>();
  try {
    for (const productId of reservation.product_ids) products.set(productId, await takeFromProduct(deps, reservation, productId, context));
  } catch (error) {
    for (const productId of reservation.product_ids) {
      await putBackOnProduct(deps, reservation, productId, context, { takenIfUnmarked: false, keepMark: false });
    }
    await deps.reservations.remove(reservation);
    if (error instanceof StockRefused && error.refusal.reason === 'INSUFFICIENT_STOCK') {
      // The buyer hears of every short line at once, not one per attempt: the products not reached are read, not taken from.
      throw await everyShortLine(deps, reservation, error.refusal, reservation.product_ids.slice(products.size + 1));
    }
    throw error;
  }
  const answer = reservedLines(reservation, products, await collectionIdsByProduct(deps, storeId, reservation.product_ids));
  const reserved = await deps.reservations.transition(reservation, ['pending'], { state: 'reserved', reserved_lines: answer });
  if (!reserved) {
    // Released while we were taking (only another replica can interleave): give back what this call took.
    for (const productId of reservation.product_ids) {
      await putBackOnProduct(deps, reservation, productId, context, { takenIfUnmarked: false, keepMark: false });
    }
    throw released();
  }
  await clearMarks(deps, reserved);
  return answer;
}

/** The key's reservation: the existing one, or a new pending one once every variant is known. */
async function openReservation(
  deps: Pick<CatalogDeps, 'variantRefs' | 'reservations' | 'nextId' | 'clock'>,
  storeId: number,
  orderKey: string,
  lines: StockLine[],
): Promise<ReservationDocument> {
  for (;;) {
    const existing = await deps.reservations.find(storeId, orderKey);
    if (existing) return existing;
    const productOf = await deps.variantRefs.productsOf(
      storeId,
      lines.map((line) => line.variant_id),
    );
    const unknown = lines.find((line) => !productOf.has(line.variant_id));
    if (unknown)
      throw new DomainError('NOT_FOUND', 'variant not found', {
        metadata: { resource: 'variant', variant_id: String(unknown.variant_id) },
      });
    const withProducts = lines.map((line) => ({
      variant_id: line.variant_id,
      quantity: line.quantity,
      product_id: productOf.get(line.variant_id)!,
    }));
    const inserted = await deps.reservations.insertPending({
      store_id: storeId,
      order_key: orderKey,
      id: await deps.nextId('reservations'),
      lines: withProducts,
      product_ids: [...new Set(withProducts.map((line) => line.product_id))].sort((a, b) => a - b),
      updated_at: deps.clock(),
    });
    if (inserted) return inserted;
  }
}
