import { status } from '@grpc/grpc-js';
import type { shipping } from '@commerce/contracts';
import { isRemoteError, validationFailed, type ServiceClient } from '@commerce/grpc-runtime';
import type { ShippingPort, ShippingQuote } from '../app/orders-deps';

type ShippingRpc = Pick<ServiceClient<shipping.ShippingServiceClient>, 'quoteShipping'>;

/** Shipping's quotes behind the port the checkout asks (ORDERS_BACKEND_DEADLINE_MS, the client's deadline, applies). */
export class ShippingClient implements ShippingPort {
  constructor(private readonly shipping: ShippingRpc) {}

  async quote(
    storeId: number,
    country: string,
    lines: Array<{ product_id: number; shipping_group_id: number; quantity: number }>,
  ): Promise<ShippingQuote[]> {
    try {
      const answer = await this.shipping.quoteShipping({ store_id: storeId, country, lines });
      return answer.ships_to_destination ? answer.quotes : [];
    } catch (error) {
      // Shipping refuses a destination it does not know (`country`): to the buyer that is the address's country.
      const refused = isRemoteError(error) && error.code === status.INVALID_ARGUMENT ? error.fieldViolations?.country : undefined;
      if (refused) throw validationFailed({ 'address.country': refused });
      throw error;
    }
  }
}
