import { DomainError } from '@commerce/grpc-runtime';
import { diffShipping, stampChanges, type ResourceChange, type ShippingResourceType } from '../domain/shipping-changes';
import type { StoreShipping } from '../domain/store-shipping';
import type { ShippingDeps } from './shipping-deps';
import { shippingEvents } from './shipping-events';

/** What a change function answers: the new configuration and the record the caller acted on. */
export interface ProposedChange {
  next: StoreShipping;
  primary: { type: ShippingResourceType; id: number };
}

export interface AppliedChange {
  before: StoreShipping;
  after: StoreShipping;
  changes: ResourceChange[];
}

const MAX_ATTEMPTS = 5;

/**
 * Applies `change` to the store's current configuration and saves the result with one event per record
 * it altered, in one atomic write. `change` may throw (NOT_FOUND, validation) after looking at the
 * current state. Another process writing first fails the version check; we re-read and re-apply rather
 * than lose either change. A change that alters nothing writes and announces nothing.
 */
export function changeStoreShipping(
  deps: Pick<ShippingDeps, 'repository' | 'clock' | 'changes'>,
  storeId: number,
  change: (current: StoreShipping, now: Date) => Promise<ProposedChange> | ProposedChange,
): Promise<AppliedChange> {
  return deps.changes.run(storeId, async () => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const { shipping: before, version } = await deps.repository.load(storeId);
      const now = deps.clock();
      const { next, primary } = await change(before, now);
      const changes = diffShipping(before, next, primary);
      if (changes.length === 0) return { before, after: before, changes };
      const after = stampChanges(next, changes, now);
      if (await deps.repository.saveIfVersion(storeId, version, after, shippingEvents(storeId, before, after, changes, now))) {
        return { before, after, changes };
      }
    }
    throw new DomainError('CONFLICT', "The store's shipping settings are being changed by another request; try again");
  });
}
