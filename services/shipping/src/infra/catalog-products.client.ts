import type { catalog } from '@commerce/contracts';
import type { ServiceClient } from '@commerce/grpc-runtime';
import type { CatalogProducts, GroupProducts } from '../app/shipping-deps';

type CountingClient = Pick<ServiceClient<catalog.CatalogServiceClient>, 'countProductsInShippingGroup'>;

/** CatalogService.CountProductsInShippingGroup behind the port the use cases ask. */
export class CatalogProductsClient implements CatalogProducts {
  constructor(private readonly catalog: CountingClient) {}

  async productsInGroup(storeId: number, groupId: number, deadline: number): Promise<GroupProducts> {
    // The caller's deadline travels on, so a slow catalog fails this call before the caller gives up.
    const options = Number.isFinite(deadline) ? { deadline } : {};
    const { count, product_ids } = await this.catalog.countProductsInShippingGroup({ store_id: storeId, shipping_group_id: groupId }, options);
    return { count, product_ids };
  }
}
