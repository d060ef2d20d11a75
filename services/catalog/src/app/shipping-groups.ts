import { validationFailed } from '@commerce/grpc-runtime';
import type { ShippingGroupRepository } from '../infra/shipping-group.repository';
import type { GroupSummary, ShippingPort } from '../infra/shipping.client';

const NO_GROUP: GroupSummary = { id: 0, name: '' };

/**
 * Which shipping group a product may use. The projection fed by shipping's events answers almost
 * always; shipping itself is asked only for a group (or a store's first group) the projection has not
 * seen yet, e.g. a product created right after its group.
 */
export class ShippingGroups {
  constructor(
    private readonly projection: ShippingGroupRepository,
    private readonly shipping: ShippingPort,
  ) {}

  /** `requestedId` 0 means the store's default group: its lowest-id live group, none when it has none. */
  async forNewProduct(storeId: number, requestedId: number): Promise<GroupSummary> {
    if (requestedId !== 0) return this.require(storeId, requestedId);
    const first = await this.projection.firstLive(storeId);
    if (first) return { id: first.id, name: first.name };
    const fallback = await this.shipping.defaultGroup(storeId);
    if (fallback) await this.remember(storeId, fallback);
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

  /** Sequence 0: the next event about the group replaces what shipping answered now. */
  private async remember(storeId: number, group: GroupSummary): Promise<void> {
    await this.projection.apply({ store_id: storeId, id: group.id, name: group.name, deleted: false, sequence: 0 });
  }
}
