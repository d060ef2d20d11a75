import type { ReservationDocument } from '../infra/reservation.repository';
import type { CatalogDeps } from './catalog-deps';
import { reservationKey } from './reserve-stock';
import { withStockLocks } from './stock-locks';
import { clearMarks, putBackOnProduct } from './stock-moves';

/**
 * Puts back everything reserved under the key, once. The reservation moves to 'releasing' before any
 * stock moves, so a crash half-way is finished by the sweep, and a late reserve of the key is refused.
 */
export async function releaseStock(
  deps: Pick<CatalogDeps, 'products' | 'collections' | 'reservations' | 'storeContexts' | 'clock' | 'queue' | 'mediaOrigin'>,
  storeId: number,
  orderKey: string,
): Promise<boolean> {
  return deps.queue.run(reservationKey(storeId, orderKey), async () => {
    const reservation = await deps.reservations.find(storeId, orderKey);
    if (!reservation || reservation.state === 'released') return false;
    const releasing =
      reservation.state === 'releasing'
        ? reservation
        : await deps.reservations.transition(reservation, [reservation.state], {
            state: 'releasing',
            released_from: reservation.state === 'pending' ? 'pending' : 'reserved',
            marks_pending: true,
          });
    if (!releasing) return false; // someone else moved it on meanwhile
    await withStockLocks(deps, storeId, releasing.product_ids, () => finishRelease(deps, releasing));
    return true;
  });
}

/** The idempotent rest of a release: every product's lines back (at most once), then settled. */
export async function finishRelease(
  deps: Pick<CatalogDeps, 'products' | 'collections' | 'reservations' | 'storeContexts' | 'clock' | 'queue' | 'mediaOrigin'>,
  reservation: ReservationDocument,
): Promise<void> {
  const context = await deps.storeContexts.of(reservation.store_id);
  const takenIfUnmarked = reservation.released_from !== 'pending';
  for (const productId of reservation.product_ids) {
    await putBackOnProduct(deps, reservation, productId, context, { takenIfUnmarked, keepMark: true });
  }
  const settled = await deps.reservations.transition(reservation, ['releasing'], { state: 'released' });
  if (settled) await clearMarks(deps, settled);
}
