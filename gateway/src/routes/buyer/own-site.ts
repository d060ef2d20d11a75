import type { Request, RequestHandler } from 'express';
import type { storefront } from '@commerce/contracts';
import { pipeline } from '../../fast-path/pipeline';
import { isBrowserForm } from './checkout-form.routes';
import { pageStore } from './page-render';
import { buyerStoreOf } from './store-address';
import type { StoreDirectory } from './store-directory';

/**
 * The store's own site: its `url` as the storefront renders it (`<scheme>://<subdomain>.<STOREFRONT_DOMAIN>[:<port>]`,
 * from configuration, never from a request's Host), without a trailing slash.
 */
export const ownSiteOf = (store: storefront.Store): string => store.url.replace(/\/+$/, '');

/**
 * `/s/<subdomain>/<rest>` is only a way to the store's own site: 307 to `<own site>/<rest>` (query kept; the method
 * and body too, and nothing cached, so a changed STOREFRONT_DOMAIN counts at once). No store page is ever served on
 * the platform's origin, where it could pass for the platform's sign-in (password managers fill by origin) or read
 * the platform's pages (docs/buyer-site.md#one-origin-per-store). An unknown store is the 404 page. Only a headless
 * storefront's JSON checkout (`POST /s/<subdomain>/checkout`, no page, no cookie) is answered here: `except`.
 */
export function toOwnSite(directory: StoreDirectory, except: (req: Request) => boolean): RequestHandler {
  const redirect: RequestHandler = (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    // req.url is the rest of the path after /s/<subdomain>, always from "/": it can only name a path of that site.
    res.redirect(307, `${ownSiteOf(buyerStoreOf(res))}${req.url.startsWith('/') ? req.url : `/${req.url}`}`);
  };
  const steps = pipeline(pageStore(directory), redirect);
  return (req, res, next) => (except(req) ? next() : steps(req, res, next));
}

/** `POST /s/<subdomain>/checkout` from a headless storefront: JSON, or a form from a client that prefers JSON (curl). */
/** The buyer path's JSON calls a headless storefront makes on the platform's address: checkout and its quote. */
const HEADLESS_PATHS: ReadonlySet<string> = new Set(['/checkout', '/checkout/', '/checkout/quote', '/checkout/quote/']);

export function isHeadlessCheckout(req: Request): boolean {
  return req.method === 'POST' && HEADLESS_PATHS.has(req.path) && !isBrowserForm(req);
}
