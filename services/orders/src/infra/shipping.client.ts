import type { shipping } from '@commerce/contracts';
import type { ServiceClient } from '@commerce/grpc-runtime';
import type { ShippingPort, ShippingQuote } from '../app/orders-deps';

type ShippingClient = Pick<ServiceClient<shipping.ShippingServiceClient>, 'quoteShipping'>;

/** Shipping's quotes behind the port the checkout asks. */
export class ShippingClientPort implements ShippingPort {
  constructor(private readonly shipping: ShippingClient) {}

  async quote(storeId: number, country: string, lines: Array<{ product_id: number; shipping_group_id: number; quantity: number }>): Promise<ShippingQuote[]> {
    const answer = await this.shipping.quoteShipping({ store_id: storeId, country, lines });
    return answer.ships_to_destination ? answer.quotes : [];
  }
}
