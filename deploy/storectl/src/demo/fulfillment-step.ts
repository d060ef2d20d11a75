import { ApiCallError, type ApiClient } from './api-client';
import type { OrderRecord } from './api-records';
import type { DemoCountry, OrderFate } from './order-plan';
import type { Progress } from './progress';

export interface OrderToActOn {
  order: OrderRecord;
  fate: OrderFate;
  country: DemoCountry;
}

/** An action the API refused (409: the order was not in a state that allows it); reported, not fatal. */
export interface RefusedAction {
  order_id: number;
  action: OrderFate['action'];
  error: string;
}

export interface ActedOrders {
  /** Each order's status after its action, as the API answered it. */
  statuses: string[];
  refused: RefusedAction[];
}

const CARRIERS: Record<DemoCountry, string> = { US: 'USPS', CA: 'Canada Post', GB: 'Royal Mail', DE: 'DHL', FR: 'La Poste' };

/** The fulfillment's tracking fields: the country's usual carrier and a number made from the order id. */
export function trackingFor(orderId: number, country: DemoCountry): { shipping_company: string; tracking_number: string } {
  return { shipping_company: CARRIERS[country], tracking_number: `DEMO${String(orderId).padStart(10, '0')}` };
}

/** Ships (all or the planned first items), holds or cancels each order as planned (PUT /v1/orders/:id/ship|hold|cancel). */
export async function actOnOrders(api: ApiClient, orders: OrderToActOn[], progress: Progress): Promise<ActedOrders> {
  progress.start('orders', orders.length);
  const statuses: string[] = [];
  const refused: RefusedAction[] = [];
  for (const { order, fate, country } of orders) {
    try {
      statuses.push((await act(api, order, fate, country)).status);
    } catch (error) {
      if (!(error instanceof ApiCallError && error.status === 409)) throw error;
      refused.push({ order_id: order.id, action: fate.action, error: error.message });
      statuses.push(order.status);
    }
    progress.tick();
  }
  progress.finish();
  return { statuses, refused };
}

async function act(api: ApiClient, order: OrderRecord, fate: OrderFate, country: DemoCountry): Promise<OrderRecord> {
  switch (fate.action) {
    case 'ship':
      return api.call<OrderRecord>('PUT', `/v1/orders/${order.id}/ship`, trackingFor(order.id, country));
    case 'ship-partially':
      return api.call<OrderRecord>('PUT', `/v1/orders/${order.id}/ship`, {
        ...trackingFor(order.id, country),
        items: order.items.slice(0, fate.items_shipped).map(({ item }) => item.id),
      });
    case 'hold':
      return api.call<OrderRecord>('PUT', `/v1/orders/${order.id}/hold`, {});
    case 'cancel':
      return api.call<OrderRecord>('PUT', `/v1/orders/${order.id}/cancel`, {});
    case 'leave-open':
      return order;
  }
}
