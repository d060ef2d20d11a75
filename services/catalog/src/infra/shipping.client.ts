import type { shipping } from '@commerce/contracts';
import { GrpcStatus, isRemoteError, type ServiceClient } from '@commerce/grpc-runtime';
import type { GroupSummary, ShippingPort } from '../app/catalog-deps';

type ShippingClient = Pick<ServiceClient<shipping.ShippingServiceClient>, 'getShippingGroup' | 'getDefaultShippingGroup'>;

const DEADLINE_MS = 3_000;

/** The shipping port over shipping's gRPC client, with a deadline; a group that is not the store's answers null. */
export class ShippingClientAdapter implements ShippingPort {
  constructor(private readonly shipping: ShippingClient) {}

  async group(storeId: number, groupId: number): Promise<GroupSummary | null> {
    try {
      const { shipping_group } = await this.shipping.getShippingGroup(
        { store_id: storeId, shipping_group_id: groupId },
        { deadlineMs: DEADLINE_MS },
      );
      return shipping_group ? { id: shipping_group.id, name: shipping_group.name } : null;
    } catch (error) {
      if (isRemoteError(error) && (error.code === GrpcStatus.NOT_FOUND || error.code === GrpcStatus.INVALID_ARGUMENT)) return null;
      throw error;
    }
  }

  async defaultGroup(storeId: number): Promise<GroupSummary | null> {
    const { shipping_group } = await this.shipping.getDefaultShippingGroup({ store_id: storeId }, { deadlineMs: DEADLINE_MS });
    return shipping_group ? { id: shipping_group.id, name: shipping_group.name } : null;
  }
}
