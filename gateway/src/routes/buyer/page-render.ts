import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { storefront } from '@commerce/contracts';
import type { Logger } from '@commerce/observability';
import type { BackendClients } from '../../clients';
import { ApiError, renderError } from '../../errors';
import { clientAddressKey } from '../../rate-limit/auth-failure.limit';
import { parseCart, type Cart } from './cart-cookie';
import { COOKIE, cookiePathOf, readCookie, setCookie } from './cookies';
import { csrfTokenOf, newCsrfToken } from './buyer-csrf';
import { sendMessagePage, sendPage } from './page-answer';
import { buyerStoreOf } from './store-address';
import type { StoreAddress, StoreDirectory } from './store-directory';
import { VISITOR_MAX_AGE_S, visitorIdsOf } from './visitor';

const NO_STORE = 'There is no store at this address.';
/** Query parameters passed on to the page (page number, ref), each value cut to this. */
const MAX_QUERY_PARAMS = 20;
const MAX_QUERY_VALUE = 200;
const MAX_HEADER_VALUE = 512;

/** The site's root: '' (pages are served on the store's own host only; `/s/<subdomain>` redirects there). */
export const basePathOf = (req: Request): string => req.baseUrl;

/**
 * Finds the store of a page request. Unknown stores are a 404 page, except on the Host form where the
 * host is not under the storefront domain (no address, or a custom domain no store claimed): that
 * may be the API's own host, so the request leaves the site for the gateway's other routes.
 */
export function pageStore(directory: StoreDirectory): RequestHandler {
  return async (req, res, next) => {
    try {
      res.locals.buyerPage = true;
      const address = res.locals.storeAddress as StoreAddress | undefined;
      const onOwnHost = basePathOf(req) === '';
      if (!address) return onOwnHost ? next('router') : next(new ApiError(404, NO_STORE));
      const store = await directory.find(address, res.locals.requestId as string);
      if (store) {
        res.locals.buyerStore = store;
        return next();
      }
      return onOwnHost && address.$case === 'custom_domain' ? next('router') : next(new ApiError(404, NO_STORE));
    } catch (error) {
      next(error);
    }
  };
}

/** The buyer's cookies, those missing issued now (visitor id and CSRF token) on this answer. */
export interface BuyerCookies {
  /** The visitor cookie's id when the platform signed it for this store; '' when it was missing or forged (a new one is set). */
  visitorId: string;
  csrfToken: string;
  cart: Cart;
}

export function buyerCookies(req: Request, res: Response, storeId: number): BuyerCookies {
  const header = req.headers.cookie;
  const path = cookiePathOf(basePathOf(req));
  const visitors = visitorIdsOf(res);
  const visitorId = visitors.idOf(storeId, readCookie(header, COOKIE.visitor));
  if (!visitorId) setCookie(res, COOKIE.visitor, visitors.issue(storeId), { path, maxAgeS: VISITOR_MAX_AGE_S });
  let csrfToken = csrfTokenOf(readCookie(header, COOKIE.csrf));
  if (!csrfToken) {
    csrfToken = newCsrfToken();
    setCookie(res, COOKIE.csrf, csrfToken, { path });
  }
  return { visitorId, csrfToken, cart: parseCart(readCookie(header, COOKIE.cart)) };
}

/** What a page call adds to the request's own path, cookies and headers. */
export type PageExtras = Partial<
  Pick<storefront.RenderPageRequest, 'path' | 'order_id' | 'checkout_error' | 'field_errors' | 'checkout_form' | 'checkout_quote' | 'cart'>
>;

/** One RenderPage for this request, sent with the page headers; `status` overrides the page's own (a refused checkout's). */
export async function renderAndSend(
  clients: BackendClients,
  req: Request,
  res: Response,
  extras: PageExtras = {},
  status?: number,
): Promise<void> {
  const store = buyerStoreOf(res);
  const cookies = buyerCookies(req, res, store.id);
  const request = storefront.RenderPageRequest.fromPartial({
    store_id: store.id,
    path: req.path,
    base_path: basePathOf(req),
    query: queryOf(req),
    cart: cookies.cart,
    csrf_token: cookies.csrfToken,
    // What the visit statistics count by (docs/visits.md#who-is-a-visitor); a HEAD is no page view.
    page_view: req.method !== 'HEAD',
    visitor_id: cookies.visitorId,
    user_agent: headerValue(req.headers['user-agent']),
    referer: headerValue(req.headers.referer),
    client_address: clientAddressKey(req.socket.remoteAddress),
    ...extras,
  });
  const page = await clients.pages.renderPage(request, { requestId: res.locals.requestId as string });
  sendPage(res, status ?? page.status, page.content_type, page.body);
}

/** The query's first value of each name, at most MAX_QUERY_PARAMS of them. */
function queryOf(req: Request): Record<string, string> {
  const url = req.originalUrl;
  const at = url.indexOf('?');
  if (at === -1) return {};
  const query: Record<string, string> = {};
  let count = 0;
  try {
    for (const [name, value] of new URLSearchParams(url.slice(at + 1))) {
      if (Object.hasOwn(query, name) || name.length > 64) continue;
      if (++count > MAX_QUERY_PARAMS) break;
      query[name] = value.slice(0, MAX_QUERY_VALUE);
    }
  } catch {
    return {};
  }
  return query;
}

const headerValue = (value: string | undefined): string => (value ?? '').slice(0, MAX_HEADER_VALUE);

/**
 * Errors of page requests (pageStore ran) as pages, not JSON: the gateway's own refusals with their
 * message, a backend's failure as 503 or 500 with nothing leaked. Other requests' errors pass on.
 */
export function pageErrors(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.locals.buyerPage !== true || res.headersSent) return next(error);
    const rendered = renderError(error, res.locals.requestId as string);
    if (rendered.status >= 500)
      logger.error({ err: error, request_id: res.locals.requestId, method: req.method, path: req.path }, 'buyer page failed');
    for (const [name, value] of Object.entries(rendered.headers)) res.setHeader(name, value);
    sendMessagePage(res, rendered.status, rendered.body.error);
  };
}
