import { displayStatus, isShipped, type Fulfillment, type Order, type OrderStatus } from './order';

/**
 * The order state machine (docs/orders.md#statuses) as pure functions: each takes the order as it is and
 * answers the order as it becomes, or a refusal naming why. The use cases store the result with its event.
 *
 *   from                      ship                   hold      open    cancel (beyond the spec)
 *   open                      shipped | Partially    on hold   -       canceled (nothing shipped)
 *   Partially Shipped         shipped | Partially    on hold   -       -
 *   on hold                   -                      -         open    canceled (nothing shipped)
 *   shipped                   -                      -         open    -
 *   pending, canceled, failed -                      -         -       -
 */

export type Action = 'ship' | 'hold' | 'open' | 'cancel';

export type Refusal =
  /** The action is not allowed from the order's current status (409). */
  | { kind: 'illegal_transition'; action: Action; status: OrderStatus }
  /** Every chosen item is shipped already (409). */
  | { kind: 'nothing_to_ship' }
  /** Item ids that are not the order's or are shipped already (422 on `items`). */
  | { kind: 'bad_items'; unknown: number[]; shipped: number[] };

export type Outcome<T> = { ok: T } | { refused: Refusal };

const ALLOWED_FROM: Readonly<Record<Action, readonly OrderStatus[]>> = {
  ship: ['open', 'Partially Shipped'],
  hold: ['open', 'Partially Shipped'],
  open: ['on hold', 'shipped'],
  cancel: ['open', 'on hold'],
};

function illegal(order: Pick<Order, 'status' | 'items'>, action: Action): Outcome<never> | null {
  const status = displayStatus(order);
  if (ALLOWED_FROM[action].includes(status)) {
    // Cancel gives the stock back: only while nothing left the warehouse.
    if (action === 'cancel' && order.items.some(isShipped)) return { refused: { kind: 'illegal_transition', action, status } };
    return null;
  }
  return { refused: { kind: 'illegal_transition', action, status } };
}

export interface ShipRequest {
  /** Order item ids; empty ships every unshipped item. */
  itemIds: number[];
  tracking_number: string;
  shipping_company: string;
  notify_customer: boolean;
  note_to_customer: string;
}

/** A fulfillment of the chosen (or all unshipped) items; the order is shipped when nothing is left. */
export function ship(
  order: Order,
  request: ShipRequest,
  fulfillmentId: number,
  now: Date,
): Outcome<{ order: Order; fulfillment: Fulfillment }> {
  const refused = illegal(order, 'ship');
  if (refused) return refused;

  const byId = new Map(order.items.map((item) => [item.id, item]));
  const chosen = [...new Set(request.itemIds)];
  const unknown = chosen.filter((id) => !byId.has(id));
  const shippedAlready = chosen.filter((id) => byId.has(id) && isShipped(byId.get(id)!));
  if (unknown.length > 0 || shippedAlready.length > 0) return { refused: { kind: 'bad_items', unknown, shipped: shippedAlready } };

  const toShip = chosen.length > 0 ? new Set(chosen) : new Set(order.items.filter((item) => !isShipped(item)).map((item) => item.id));
  if (toShip.size === 0) return { refused: { kind: 'nothing_to_ship' } };

  const fulfillment: Fulfillment = {
    id: fulfillmentId,
    item_ids: order.items.filter((item) => toShip.has(item.id)).map((item) => item.id),
    tracking_number: request.tracking_number,
    shipping_company: request.shipping_company,
    note_to_customer: request.note_to_customer,
    notify_customer: request.notify_customer,
    created_at: now,
    updated_at: now,
  };
  const items = order.items.map((item) => (toShip.has(item.id) ? { ...item, fulfilled_at: now, fulfillment_id: fulfillmentId } : item));
  const everyItemShipped = items.every(isShipped);
  return {
    ok: {
      fulfillment,
      order: {
        ...order,
        items,
        fulfillments: [...order.fulfillments, fulfillment],
        status: everyItemShipped ? 'shipped' : 'open',
        fulfilled_at: everyItemShipped ? now : null,
        updated_at: now,
      },
    },
  };
}

/** Open or Partially Shipped → on hold: the order leaves the open list. */
export function hold(order: Order, now: Date): Outcome<Order> {
  return illegal(order, 'hold') ?? { ok: { ...order, status: 'on hold', updated_at: now } };
}

/** On hold or shipped → open. Fulfillments and the items' fulfilled_at stay; the order's fulfilled_at clears. */
export function reopen(order: Order, now: Date): Outcome<Order> {
  return illegal(order, 'open') ?? { ok: { ...order, status: 'open', fulfilled_at: null, updated_at: now } };
}

/** Open or on hold, nothing shipped → canceled, with its stock to give back. */
export function cancel(order: Order, now: Date): Outcome<Order> {
  return illegal(order, 'cancel') ?? { ok: { ...order, status: 'canceled', stock_return: 'pending', updated_at: now } };
}

export interface TrackingChange {
  tracking_number?: string;
  shipping_company?: string;
  note_to_customer?: string;
}

/** The fulfillment's tracking fields; null when the order has no such fulfillment. Unchanged fields leave it as it is. */
export function updateTracking(
  order: Order,
  fulfillmentId: number,
  change: TrackingChange,
  now: Date,
): { order: Order; fulfillment: Fulfillment; changed: boolean } | null {
  const current = order.fulfillments.find((fulfillment) => fulfillment.id === fulfillmentId);
  if (!current) return null;
  const next: Fulfillment = {
    ...current,
    tracking_number: change.tracking_number ?? current.tracking_number,
    shipping_company: change.shipping_company ?? current.shipping_company,
    note_to_customer: change.note_to_customer ?? current.note_to_customer,
  };
  const changed =
    next.tracking_number !== current.tracking_number ||
    next.shipping_company !== current.shipping_company ||
    next.note_to_customer !== current.note_to_customer;
  if (!changed) return { order, fulfillment: current, changed };
  const fulfillment = { ...next, updated_at: now };
  return {
    order: {
      ...order,
      fulfillments: order.fulfillments.map((candidate) => (candidate.id === fulfillmentId ? fulfillment : candidate)),
      updated_at: now,
    },
    fulfillment,
    changed,
  };
}
