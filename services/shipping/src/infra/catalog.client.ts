import type { catalog } from '@commerce/contracts';
import type { ServiceClient } from '@commerce/grpc-runtime';
import type { CatalogPort, GroupProducts, GroupRetirement } from '../app/shipping-deps';

type CatalogRpc = Pick<
  ServiceClient<catalog.CatalogServiceClient>,
  'countProductsInShippingGroup' | 'retireShippingGroup' | 'restoreShippingGroup'
>;

/**
 * CatalogService's shipping-group RPCs behind the port the use cases ask: SHIPPING_BACKEND_DEADLINE_MS (the client's
 * deadline) applies to every call, or the caller's deadline when that comes first.
 */
export class CatalogClient implements CatalogPort {
  constructor(private readonly catalog: CatalogRpc) {}

  async productsInGroup(storeId: number, groupId: number, deadline: number): Promise<GroupProducts> {
    const { count, product_ids } = await this.catalog.countProductsInShippingGroup(
      { store_id: storeId, shipping_group_id: groupId },
      callerDeadline(deadline),
    );
    return { count, product_ids };
  }

  async retireGroup(storeId: number, groupId: number, token: string, deadline: number): Promise<GroupRetirement> {
    const answer = await this.catalog.retireShippingGroup(
      { store_id: storeId, shipping_group_id: groupId, retirement_token: token },
      callerDeadline(deadline),
    );
    return answer.retired ? { retired: true, heldForMs: answer.held_for_ms } : { retired: false, productCount: answer.product_count };
  }

  async restoreGroup(storeId: number, groupId: number, token: string): Promise<void> {
    // The client's deadline, not the caller's: it runs after the caller's call failed, often because that deadline passed.
    await this.catalog.restoreShippingGroup({ store_id: storeId, shipping_group_id: groupId, retirement_token: token });
  }
}

/** The caller's deadline travels on, so a slow catalog fails this call before the caller gives up. */
const callerDeadline = (deadline: number) => (Number.isFinite(deadline) ? { deadline } : {});
