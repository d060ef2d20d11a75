import type { shipping } from '@commerce/contracts';
import { GrpcStatus, isRemoteError, type ServiceClient } from '@commerce/grpc-runtime';
import type { GroupSummary, ShippingPort } from '../app/catalog-deps';

type ShippingRpc = Pick<ServiceClient<shipping.ShippingServiceClient>, 'getShippingGroup' | 'getDefaultShippingGroup'>;

/**
 * The shipping port over shipping's gRPC client (CATALOG_BACKEND_DEADLINE_MS, the client's deadline, applies); a group
 * that is not the store's answers null.
 */
export class ShippingClient implements ShippingPort {
  constructor(private readonly shipping: ShippingRpc) {}

  async group(storeId: number, groupId: number): Promise<GroupSummary | null> {
    try {
      const { shipping_group } = await this.shipping.getShippingGroup({ store_id: storeId, shipping_group_id: groupId });
      return shipping_group ? { id: shipping_group.id, name: shipping_group.name } : null;
    } catch (error) {
      if (isRemoteError(error) && (error.code === GrpcStatus.NOT_FOUND || error.code === GrpcStatus.INVALID_ARGUMENT)) return null;
      throw error;
    }
  }

  async defaultGroup(storeId: number): Promise<GroupSummary | null> {
    const { shipping_group } = await this.shipping.getDefaultShippingGroup({ store_id: storeId });
    return shipping_group ? { id: shipping_group.id, name: shipping_group.name } : null;
  }
}
