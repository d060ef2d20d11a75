import { restoreAbandonedRetirements } from './abandoned-retirements';
import type { CatalogDeps } from './catalog-deps';
import { touchProducts } from './collection-writer';
import { pullFromCollections } from './delete-product';
import { finishRelease } from './release-stock';
import { reservationKey } from './reserve-stock';
import { clearMarks, putBackOnProduct } from './stock-moves';

const BATCH = 100;

export interface RecoveryOptions {
  /** A pending reservation younger than this may still be in flight (another replica): left alone. */
  pendingAfterMs: number;
}

/**
 * Finishes what a crash interrupted, each step idempotent: pending reservations are put back and
 * forgotten, releases completed, stale stock marks cleared; owed product/updated events of
 * collection changes written; deleted products pulled from their collections; shipping groups retired
 * for a delete that never happened restored. Runs at start and then periodically. These sweeps are the
 * only queries not scoped to a store: they look for unfinished work across stores, through their own indexes.
 */
export async function recoverUnfinished(
  deps: Pick<
    CatalogDeps,
    | 'products'
    | 'collections'
    | 'reservations'
    | 'shippingGroupProjection'
    | 'storeContexts'
    | 'shipping'
    | 'groupRetirementHoldMs'
    | 'clock'
    | 'queue'
    | 'mediaOrigin'
    | 'logger'
  >,
  options: RecoveryOptions,
): Promise<void> {
  await step(deps, 'reservations', () => recoverReservations(deps, options));
  await step(deps, 'collection touches', async () => {
    for (const collection of await deps.collections.withPendingTouches(BATCH)) {
      const context = await deps.storeContexts.of(collection.store_id);
      await touchProducts(deps, collection.store_id, collection.id, collection.pending_product_touches, context);
    }
  });
  await step(deps, 'collection cleanups', async () => {
    for (const product of await deps.products.pendingCollectionCleanups(BATCH)) {
      await pullFromCollections(deps, product.store_id, product.id, await deps.storeContexts.of(product.store_id));
    }
  });
  await step(deps, 'shipping group retirements', () => restoreAbandonedRetirements(deps));
}

async function recoverReservations(
  deps: Pick<CatalogDeps, 'products' | 'collections' | 'reservations' | 'storeContexts' | 'clock' | 'queue' | 'mediaOrigin'>,
  options: RecoveryOptions,
): Promise<void> {
  const staleBefore = deps.clock().getTime() - options.pendingAfterMs;
  for (const found of await deps.reservations.unsettled(BATCH)) {
    await deps.queue.run(reservationKey(found.store_id, found.order_key), async () => {
      // Re-read under the key's queue: a call of this process may have moved it on since.
      const reservation = await deps.reservations.find(found.store_id, found.order_key);
      if (!reservation?.marks_pending) return;
      if (reservation.state === 'pending') {
        if (reservation.updated_at.getTime() > staleBefore) return;
        const context = await deps.storeContexts.of(reservation.store_id);
        for (const productId of reservation.product_ids) {
          await putBackOnProduct(deps, reservation, productId, context, { takenIfUnmarked: false, keepMark: false });
        }
        await deps.reservations.remove(reservation);
      } else if (reservation.state === 'releasing') {
        await finishRelease(deps, reservation);
      } else {
        await clearMarks(deps, reservation);
      }
    });
  }
}

async function step(deps: Pick<CatalogDeps, 'logger'>, what: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    deps.logger.warn({ err: error, what }, 'recovery step failed; the next sweep retries it');
  }
}
