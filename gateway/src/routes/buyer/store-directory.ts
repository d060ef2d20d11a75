import { status } from '@grpc/grpc-js';
import type { storefront } from '@commerce/contracts';
import type { BackendClients } from '../../clients';
import { isRemoteError } from '../../errors';

/** A buyer-site address: the store's subdomain, or a custom domain it claimed (host name, no port). */
export type StoreAddress = NonNullable<storefront.FindStoreRequest['address']>;

export interface StoreDirectoryOptions {
  /** How long an answer (a store, or "none here") is reused; a changed store shows after at most this. */
  ttlMs?: number;
  /** Most addresses remembered; past it the oldest answer is forgotten. */
  maxEntries?: number;
  now?: () => number;
}

interface Remembered {
  store: storefront.Store | undefined;
  expiresAtMs: number;
}

const DEFAULT_TTL_MS = 5_000;
const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * Which store a buyer-site address names (StoreService.FindStore), remembered briefly: every buyer
 * request needs its store, and 200 checkouts at once on one store make one lookup, not 200
 * (lookups of one address in flight are shared). Unknown addresses are remembered too, so a flood of
 * them costs one lookup each per TTL; a failed lookup (storefront down) is not remembered.
 */
export class StoreDirectory {
  private readonly known = new Map<string, Remembered>();
  private readonly inFlight = new Map<string, Promise<storefront.Store | undefined>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(
    private readonly stores: Pick<BackendClients['stores'], 'findStore'>,
    options: StoreDirectoryOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.now = options.now ?? Date.now;
  }

  /** The store at `address`, or undefined when no store has it. */
  find(address: StoreAddress, requestId?: string): Promise<storefront.Store | undefined> {
    const key = `${address.$case}:${address.value.toLowerCase()}`;
    const remembered = this.known.get(key);
    if (remembered && remembered.expiresAtMs > this.now()) return Promise.resolve(remembered.store);
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const lookup = this.lookUp(address, requestId)
      .then((store) => {
        this.remember(key, store);
        return store;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, lookup);
    return lookup;
  }

  private async lookUp(address: StoreAddress, requestId: string | undefined): Promise<storefront.Store | undefined> {
    try {
      return (await this.stores.findStore({ address }, { requestId })).store;
    } catch (error) {
      if (isRemoteError(error) && error.code === status.NOT_FOUND) return undefined;
      throw error;
    }
  }

  private remember(key: string, store: storefront.Store | undefined): void {
    this.known.delete(key);
    this.known.set(key, { store, expiresAtMs: this.now() + this.ttlMs });
    // Oldest first: the Map keeps insertion order, and every answer is re-inserted at the back.
    for (const oldest of this.known.keys()) {
      if (this.known.size <= this.maxEntries) break;
      this.known.delete(oldest);
    }
  }
}
