import { validationFailed } from '@commerce/grpc-runtime';
import type { ShippingGroupRepository } from '../infra/shipping-group.repository';
import type { GroupSummary, ShippingPort } from './catalog-deps';

const NO_GROUP: GroupSummary = { id: 0, name: '' };
const GROUPLESS_MEMORY_MS = 2_000;
const GROUPLESS_STORES_KEPT = 10_000;

/**
 * Which shipping group a product may use. The projection fed by shipping's events answers almost
 * always; shipping itself is asked only for a group (or a store's first group) the projection has not
 * seen yet, e.g. a product created right after its group.
 */
export class ShippingGroups {
  /** Store id → until when shipping's "this store has no group" stands, so a store without groups does not cost a call per product. */
  private readonly groupless = new Map<number, number>();

  constructor(
    private readonly projection: ShippingGroupRepository,
    private readonly shipping: ShippingPort,
    private readonly clock: () => number = Date.now,
  ) {}

  /** `requestedId` 0 means the store's default group: its lowest-id live group, none when it has none. */
  async forNewProduct(storeId: number, requestedId: number): Promise<GroupSummary> {
    if (requestedId !== 0) return this.require(storeId, requestedId);
    const first = await this.projection.firstLive(storeId);
    if (first) return { id: first.id, name: first.name };
    if ((this.groupless.get(storeId) ?? 0) > this.clock()) return NO_GROUP;
    const fallback = await this.shipping.defaultGroup(storeId);
    if (fallback) await this.remember(storeId, fallback);
    else this.rememberGroupless(storeId);
    return fallback ?? NO_GROUP;
  }

  /** The group, or INVALID_ARGUMENT on shipping_group_id when it is not one of the store's. */
  async require(storeId: number, groupId: number): Promise<GroupSummary> {
    const known = await this.projection.findLive(storeId, groupId);
    if (known) return { id: known.id, name: known.name };
    const asked = await this.shipping.group(storeId, groupId);
    if (!asked) throw validationFailed({ shipping_group_id: ['is not a shipping group of this store'] });
    await this.remember(storeId, asked);
    return asked;
  }

  /** As long as a group's event takes to reach the projection, at most: a new first group applies to new products after it. */
  private rememberGroupless(storeId: number): void {
    if (this.groupless.size >= GROUPLESS_STORES_KEPT) this.groupless.clear();
    this.groupless.set(storeId, this.clock() + GROUPLESS_MEMORY_MS);
  }

  /** Sequence 0: the next event about the group replaces what shipping answered now. */
  private async remember(storeId: number, group: GroupSummary): Promise<void> {
    await this.projection.apply({ store_id: storeId, id: group.id, name: group.name, deleted: false, sequence: 0 });
  }
}
