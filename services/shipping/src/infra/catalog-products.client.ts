import type { catalog } from '@commerce/contracts';
import type { ServiceClient } from '@commerce/grpc-runtime';
import type { CatalogProducts, GroupProducts, GroupRetirement } from '../app/shipping-deps';

type CatalogClient = Pick<
  ServiceClient<catalog.CatalogServiceClient>,
  'countProductsInShippingGroup' | 'retireShippingGroup' | 'restoreShippingGroup'
>;

const RESTORE_DEADLINE_MS = 3_000;

/** CatalogService's shipping-group RPCs behind the port the use cases ask. */
export class CatalogProductsClient implements CatalogProducts {
  constructor(private readonly catalog: CatalogClient) {}

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
    // Its own deadline: it runs after the caller's call failed, often because the caller's deadline passed.
    await this.catalog.restoreShippingGroup(
      { store_id: storeId, shipping_group_id: groupId, retirement_token: token },
      { deadlineMs: RESTORE_DEADLINE_MS },
    );
  }
}

/** The caller's deadline travels on, so a slow catalog fails this call before the caller gives up. */
const callerDeadline = (deadline: number) => (Number.isFinite(deadline) ? { deadline } : {});
