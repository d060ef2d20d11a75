import { isNotFound } from '@commerce/grpc-runtime';
import { isEventOf, type DomainEvent } from '@commerce/events';
import type { CatalogDeps } from './catalog-deps';
import { writeProduct } from './product-writer';

const PAGE = 100;
const TOPICS = ['shipping_group/created', 'shipping_group/updated', 'shipping_group/deleted'] as const;

/**
 * Keeps the shipping-group projection (names, the store's default group) from shipping's events. A
 * renamed group's products get the new name, each with product/updated since their rendering changed;
 * they are walked a page at a time by id, and a redelivered event redoes only the ones still behind.
 */
export async function applyShippingGroupEvent(
  deps: Pick<CatalogDeps, 'products' | 'collections' | 'shippingGroupProjection' | 'storeContexts' | 'clock' | 'queue' | 'mediaOrigin'>,
  event: DomainEvent,
): Promise<void> {
  if (!isEventOf(event, TOPICS)) return; // shipping classes and anything newer are not ours
  const groupId = event.resource.id ?? event.resource_id;
  const name = event.resource.name ?? '';
  const deleted = event.topic === 'shipping_group/deleted';
  await deps.shippingGroupProjection.apply({ store_id: event.store_id, id: groupId, name, deleted, sequence: event.sequence });

  const current = await deps.shippingGroupProjection.findLive(event.store_id, groupId);
  // Only the group's latest state renames products; a group in use cannot be deleted, so a delete renames nothing.
  if (!current || current.sequence !== event.sequence) return;
  await renameProducts(deps, event.store_id, groupId, current.name);
}

async function renameProducts(
  deps: Pick<CatalogDeps, 'products' | 'collections' | 'storeContexts' | 'clock' | 'queue' | 'mediaOrigin'>,
  storeId: number,
  groupId: number,
  name: string,
): Promise<void> {
  let afterId = 0;
  for (;;) {
    const page = await deps.products.inShippingGroup(storeId, groupId, { afterId, limit: PAGE });
    if (page.length === 0) return;
    const behind = page.filter((product) => product.shipping_group_name !== name);
    if (behind.length > 0) {
      const context = await deps.storeContexts.of(storeId);
      for (const product of behind) {
        await writeProduct(deps, storeId, product.id, context, (current) =>
          current.shipping_group_id === groupId && current.shipping_group_name !== name
            ? { next: { ...current, shipping_group_name: name }, topic: 'product/updated' }
            : null,
        ).catch((error: unknown) => {
          if (!isNotFound(error)) throw error; // deleted meanwhile
        });
      }
    }
    afterId = page[page.length - 1]!.id;
  }
}
