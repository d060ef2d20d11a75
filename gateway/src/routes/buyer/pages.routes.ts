import type { Request, RequestHandler, Router } from 'express';
import type { BackendClients } from '../../clients';
import { ApiError } from '../../errors';
import { pipeline } from '../../fast-path/pipeline';
import { readParams, requestParams } from '../../http/input';
import { csrfMatches } from './buyer-csrf';
import { changeCart, cartChangeOf, formatCart, parseCart } from './cart-cookie';
import { COOKIE, cookiePathOf, readCookie, setCookie } from './cookies';
import type { OrderTokens } from './order-token';
import { basePathOf, pageStore, renderAndSend } from './page-render';
import { buyerStoreOf } from './store-address';
import type { StoreDirectory } from './store-directory';

export interface PageRouteOptions {
  directory: StoreDirectory;
  tokens: OrderTokens;
}

/** A cart stays 30 days in the browser. */
const CART_MAX_AGE_S = 30 * 24 * 60 * 60;
/** A cart form is three short fields and a token. */
const CART_FORM_BYTES = 4_096;
const CONFIRMATION = /^\/orders\/([^/]+)\/?$/;
export const CSRF_REFUSED = 'This form has expired or was not sent from this store. Go back, reload the page and try again.';

/**
 * The buyer site's pages (docs/buyer-site.md#pages): GET and HEAD of every path render through the storefront's
 * RenderPage (unknown pages are its 404 page, a closed store its Maintenance page with 503), and
 * POST /cart changes the cart cookie. Mount after the checkout routes: every GET is taken here.
 */
export function pageRoutes(site: Router, clients: BackendClients, options: PageRouteOptions): void {
  const findStore = pageStore(options.directory);

  site.post('/cart', pipeline(findStore, requestParams({ maxBodyBytes: CART_FORM_BYTES })), (req, res) => {
    const params = readParams(req);
    if (!csrfMatches(readCookie(req.headers.cookie, COOKIE.csrf), params.csrf_token))
      throw new ApiError(403, CSRF_REFUSED, { errorType: 'CsrfFailed' });
    const change = cartChangeOf(params);
    if ('error' in change) throw new ApiError(422, `The cart was not changed: ${change.error}.`);
    const cart = changeCart(parseCart(readCookie(req.headers.cookie, COOKIE.cart)), change);
    if (cart === 'cart_full') throw new ApiError(422, 'The cart was not changed: it is full. Check out or remove something first.');
    const path = cookiePathOf(basePathOf(req));
    setCookie(res, COOKIE.cart, formatCart(cart), { path, maxAgeS: cart.length > 0 ? CART_MAX_AGE_S : 0 });
    res.redirect(303, `${basePathOf(req)}/cart`);
  });

  site.use(onlyReads(), findStore, (req, res) =>
    renderAndSend(clients, req, res, { order_id: confirmedOrderOf(req, buyerStoreOf(res).id, options.tokens) }),
  );
}

function onlyReads(): RequestHandler {
  return (req, _res, next) => (req.method === 'GET' || req.method === 'HEAD' ? next() : next('router'));
}

/** `/orders/<token>`: the order its token names for this store, else 0 (the page is then the not-found page). */
function confirmedOrderOf(req: Request, storeId: number, tokens: OrderTokens): number {
  const match = CONFIRMATION.exec(req.path);
  return match ? tokens.orderIdOf(storeId, match[1]) : 0;
}
