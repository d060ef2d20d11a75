import { checkedChanges, DomainError, validationFailed } from '@commerce/grpc-runtime';
import { changedFields, CUSTOM_DOMAIN_TAKEN, storeFields, type StoreChanges } from '../domain/store';
import type { StoreDocument } from '../infra/store.repository';
import { getStore } from './get-store';
import { storeEvent } from './store-message';
import type { StorefrontDeps } from './storefront-deps';

type UpdateStoreDeps = Pick<StorefrontDeps, 'stores' | 'customDomains' | 'settings' | 'clock' | 'updates'>;

const MAX_ATTEMPTS = 5;

/**
 * Applies the owner's changes and records `store/updated` with the new rendering in the same write.
 * A writer in another process makes the version check fail; we re-read and re-apply rather than lose either change.
 */
export async function updateStore(deps: UpdateStoreDeps, storeId: number, requested: StoreChanges): Promise<StoreDocument> {
  const changes = checkedChanges(storeFields(deps.settings.platformDomains), requested);
  return deps.updates.run(storeId, () => applyChanges(deps, storeId, changes));
}

async function applyChanges(deps: UpdateStoreDeps, storeId: number, changes: StoreChanges): Promise<StoreDocument> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await getStore(deps, storeId);
    const changed = changedFields(current, changes);
    if (Object.keys(changed).length === 0) return current;

    // A new custom domain is claimed before the store shows it, so two stores never both hold one.
    if (changed.custom_domain && !(await deps.customDomains.claim(changed.custom_domain, storeId, deps.clock()))) {
      throw validationFailed({ custom_domain: [CUSTOM_DOMAIN_TAKEN] });
    }
    const updated = { ...current, ...changed, updated_at: deps.clock() };
    const event = storeEvent('store/updated', updated, current.version + 1, deps.settings);
    const written = await deps.stores.updateIfVersion(storeId, current.version, { ...changed, updated_at: updated.updated_at }, event);
    if (written) {
      // The domain it had is free again once the store no longer shows it.
      if (current.custom_domain && current.custom_domain !== written.custom_domain)
        await deps.customDomains.release(current.custom_domain, storeId);
      return written;
    }
  }
  throw new DomainError('CONFLICT', 'The store is being changed by another request; try again');
}
