import { presentFulfillment, presentOrder } from '@commerce/api-presenters';
import type { orders } from '@commerce/contracts';

/** An orders answer holding one order, and the store's zone its timestamps render in. */
interface OrderAnswer {
  order?: orders.Order;
  time_zone: string;
}

/** The record a successful orders answer must hold; its absence is a backend bug, so a 500 (logged). */
export function recordOf<T>(record: T | undefined, what: string): T {
  if (record === undefined) throw new Error(`orders answered without a ${what}`);
  return record;
}

/** `data` of every single-order answer: the order as docs/orders.md#records renders it, in the store's zone. */
export const renderOrder = (answer: OrderAnswer) => presentOrder(recordOf(answer.order, 'order'), answer.time_zone);

/** `data` of a fulfillment update: the fulfillment, its items taken from the order it belongs to. */
export const renderFulfillment = (answer: OrderAnswer & { fulfillment?: orders.Fulfillment }) =>
  presentFulfillment(recordOf(answer.fulfillment, 'fulfillment'), recordOf(answer.order, 'order'), answer.time_zone);
