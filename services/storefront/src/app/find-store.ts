import { notFound, validationFailed } from '@commerce/grpc-runtime';
import { normalizeStoreAddress, type StoreAddress } from '../domain/store-address';
import type { StoreDocument } from '../infra/store.repository';
import type { StorefrontDeps } from './storefront-deps';

/**
 * The store a buyer-site address names: its subdomain, or the custom domain it claimed, whatever the case and
 * without a port. NOT_FOUND when no store has it.
 */
export async function findStore(
  deps: Pick<StorefrontDeps, 'stores' | 'customDomains'>,
  address: StoreAddress | undefined,
): Promise<StoreDocument> {
  if (!address) throw validationFailed({ address: ['is required: a subdomain or a custom domain'] });
  const { kind, value } = normalizeStoreAddress(address);
  if (!value) throw validationFailed({ [kind]: ["can't be blank"] });

  const store = kind === 'subdomain' ? await deps.stores.findBySubdomain(value) : await storeShowingDomain(deps, value);
  if (!store) throw notFound('store');
  return store;
}

/**
 * The claim says which store holds the domain; the store must also still show it. A store changing its domain
 * claims the new one before it shows it and releases the old one after, so for a moment a claim may name a store
 * that does not (or no longer) answers to the domain.
 */
async function storeShowingDomain(deps: Pick<StorefrontDeps, 'stores' | 'customDomains'>, domain: string): Promise<StoreDocument | null> {
  const storeId = await deps.customDomains.holderOf(domain);
  if (storeId === null) return null;
  const store = await deps.stores.findById(storeId);
  return store?.custom_domain === domain ? store : null;
}
