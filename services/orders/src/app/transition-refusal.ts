import { ruleBroken, validationFailed } from '@commerce/grpc-runtime';
import type { Refusal } from '../domain/order-transitions';

const VERB: Readonly<Record<string, string>> = { ship: 'shipped', hold: 'put on hold', open: 'opened', cancel: 'canceled' };

/** A refused transition as the contract answers it (409 ILLEGAL_TRANSITION / NOTHING_TO_SHIP, or 422 on items). */
export function refusalError(refusal: Refusal): Error {
  switch (refusal.kind) {
    case 'illegal_transition': {
      const why =
        refusal.action === 'cancel' && (refusal.status === 'open' || refusal.status === 'on hold')
          ? ' because some of its items are shipped'
          : '';
      return ruleBroken('ILLEGAL_TRANSITION', `An order that is ${refusal.status} cannot be ${VERB[refusal.action]}${why}`, {
        status: refusal.status,
        action: refusal.action,
      });
    }
    case 'nothing_to_ship':
      return ruleBroken('NOTHING_TO_SHIP', 'Every item of this order is shipped already');
    case 'bad_items': {
      const messages = [
        ...refusal.unknown.map((id) => `${id} is not an item of this order`),
        ...refusal.shipped.map((id) => `${id} is shipped already`),
      ];
      return validationFailed({ items: messages });
    }
  }
}
