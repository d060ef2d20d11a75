import { presentShippingClass, presentShippingGroup } from '@commerce/api-presenters';
import { newEvent, type DomainEvent } from '@commerce/events';
import type { ResourceChange } from '../domain/shipping-changes';
import { findClass, findGroup, type StoreShipping } from '../domain/store-shipping';
import { toClassMessage, toGroupMessage } from './shipping-message';

/**
 * One event per changed record, `resource` rendered as the API renders it (the same presenters as the
 * gateway). A deleted record is rendered as it was just before (rates included), with the next sequence.
 */
export function shippingEvents(
  storeId: number,
  before: StoreShipping,
  after: StoreShipping,
  changes: ResourceChange[],
  now: Date,
): DomainEvent[] {
  return changes.map((change) => {
    const config = change.verb === 'deleted' ? before : after;
    const base = { storeId, resourceType: change.type, resourceId: change.id, now };
    // A deletion is one step past the record's last version; anything else was stamped with its new version.
    const step = change.verb === 'deleted' ? 1 : 0;
    if (change.type === 'shipping_group') {
      const group = findGroup(config, change.id);
      if (!group) throw new Error(`shipping group ${change.id} missing from its own change`);
      return newEvent({
        ...base,
        topic: `shipping_group/${change.verb}`,
        sequence: group.version + step,
        resource: presentShippingGroup(toGroupMessage(config, group)),
      });
    }
    const cls = findClass(config, change.id);
    if (!cls) throw new Error(`shipping class ${change.id} missing from its own change`);
    return newEvent({
      ...base,
      topic: `shipping_class/${change.verb}`,
      sequence: cls.version + step,
      resource: presentShippingClass(toClassMessage(config, cls)),
    });
  });
}
