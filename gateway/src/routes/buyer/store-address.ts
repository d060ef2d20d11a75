import type { RequestHandler, Response } from 'express';
import type { storefront } from '@commerce/contracts';
import { ApiError } from '../../errors';
import { hostNameOf } from '../../pages/platform-host';
import type { StoreAddress, StoreDirectory } from './store-directory';

/** Shapes that can name a store at all; anything else is answered 404 without a lookup. */
const SUBDOMAIN = /^[a-z0-9-]{1,63}$/i;
const HOST_NAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const NO_STORE = 'No store at this address';

/** `/s/<subdomain>/...`: the store is named by the path (docs/buyer-site.md#one-origin-per-store). */
export function storeAddressFromPath(param = 'subdomain'): RequestHandler {
  return (req, res, next) => {
    const subdomain = req.params[param];
    res.locals.storeAddress =
      typeof subdomain === 'string' && SUBDOMAIN.test(subdomain)
        ? ({ $case: 'subdomain', value: subdomain } satisfies StoreAddress)
        : undefined;
    next();
  };
}

/**
 * The Host form: `<subdomain>.<storefrontDomain>` (any port) names a store by its subdomain; any other
 * host name is looked up as a custom domain. The storefront domain itself, hosts deeper under it, IP
 * addresses, single-label hosts (`localhost`) and the platform's own hosts name no store. No lookup happens
 * here: a route that needs the store resolves it (resolveStore), so paths no buyer route serves cost nothing.
 */
export function storeAddressFromHost(storefrontDomain: string, platformHosts: ReadonlySet<string>): RequestHandler {
  const domain = storefrontDomain.toLowerCase();
  return (req, res, next) => {
    res.locals.storeAddress = platformHosts.has(hostNameOf(req.headers.host)) ? undefined : storeAddressOfHost(req.headers.host, domain);
    next();
  };
}

export function storeAddressOfHost(hostHeader: string | undefined, storefrontDomain: string): StoreAddress | undefined {
  if (!hostHeader || hostHeader.startsWith('[')) return undefined;
  const host = hostHeader.trim().toLowerCase().replace(/:\d*$/, '').replace(/\.$/, '');
  if (host.endsWith(`.${storefrontDomain}`)) {
    const subdomain = host.slice(0, -storefrontDomain.length - 1);
    return SUBDOMAIN.test(subdomain) ? { $case: 'subdomain', value: subdomain } : undefined;
  }
  return host !== storefrontDomain && HOST_NAME.test(host) ? { $case: 'custom_domain', value: host } : undefined;
}

/** Finds the store the address names (404 in the error shape when none does) for buyerStoreOf. */
export function resolveStore(directory: StoreDirectory): RequestHandler {
  return async (_req, res, next) => {
    try {
      const address = res.locals.storeAddress as StoreAddress | undefined;
      const store = address && (await directory.find(address, res.locals.requestId as string));
      if (!store) return next(new ApiError(404, NO_STORE));
      res.locals.buyerStore = store;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The store of a buyer request; resolveStore must have run. */
export function buyerStoreOf(res: Response): storefront.Store {
  const store = res.locals.buyerStore as storefront.Store | undefined;
  if (!store) throw new Error('buyerStoreOf: resolveStore() is not mounted before this route');
  return store;
}
