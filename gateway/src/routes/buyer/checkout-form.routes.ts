import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response, Router } from 'express';
import { orders, type storefront } from '@commerce/contracts';
import type { BackendClients } from '../../clients';
import { ApiError, renderError } from '../../errors';
import { pipeline } from '../../fast-path/pipeline';
import { parseInput } from '../../http/coerce';
import { readParams, requestParams } from '../../http/input';
import { isRecord, type Params } from '../../http/params';
import { clientAddressKey } from '../../rate-limit/auth-failure.limit';
import type { LeakyBucket } from '../../rate-limit/leaky-bucket';
import { rateLimit } from '../../rate-limit/rate-limit.middleware';
import { csrfMatches, newCsrfToken } from './buyer-csrf';
import { parseCart, type Cart } from './cart-cookie';
import { checkoutInput, quoteRequestOf } from './checkout.schemas';
import { COOKIE, cookiePathOf, readCookie, setCookie } from './cookies';
import type { OrderTokens } from './order-token';
import { basePathOf, pageStore, renderAndSend, type PageExtras } from './page-render';
import { CSRF_REFUSED } from './pages.routes';
import { buyerStoreOf } from './store-address';
import type { StoreDirectory } from './store-directory';

export interface CheckoutFormOptions {
  directory: StoreDirectory;
  tokens: OrderTokens;
  /** The same per-address limit as the JSON checkout's. */
  limit?: LeakyBucket;
}

/** Refusals shown again on the checkout page; anything else (a 500) is the error page. */
const SHOWN_AGAIN = new Set([402, 404, 409, 422, 429, 503]);
/** Fields the page gets back as typed; the CSRF token is the cookie's, a payment token is asked again. */
const NOT_SHOWN_AGAIN = new Set(['csrf_token', 'payment_token', 'intent']);
const MAX_FORM_FIELDS = 40;

/**
 * The checkout page's form (docs/orders.md#checkout-buyer-path): `POST <site>/checkout` urlencoded from a browser that accepts
 * HTML. The CSRF token must match its cookie (403 page); `intent=quote` ("Update total") renders the page again with
 * the checkout's quote; otherwise the same CreateOrder as the JSON
 * checkout (checkout.routes.ts), the lines from the form or else the cart cookie. A placed order
 * clears the cart and answers 303 to its confirmation page; a refusal renders the checkout page again
 * with the message, each field's problem and what was typed, under the refusal's status. Mount before
 * checkoutRoutes: any other POST /checkout goes on to the JSON checkout.
 */
export function checkoutFormRoutes(site: Router, clients: BackendClients, options: CheckoutFormOptions): void {
  const steps = pipeline(
    onlyBrowserForms(),
    options.limit && rateLimit({ bucket: options.limit, keyOf: (req) => clientAddressKey(req.socket.remoteAddress) }),
    pageStore(options.directory),
    requestParams(),
  );

  site.post('/checkout', steps, async (req, res) => {
    const params = readParams(req);
    const csrfCookie = readCookie(req.headers.cookie, COOKIE.csrf);
    if (!csrfMatches(csrfCookie, params.csrf_token)) throw new ApiError(403, CSRF_REFUSED, { errorType: 'CsrfFailed' });
    const store = buyerStoreOf(res);
    // Its Maintenance page, 503.
    if (!store.storefront_open) return renderAndSend(clients, req, res);
    let formLines: Cart = [];
    try {
      const input = parseInput(checkoutInput, params);
      formLines = input.lines;
      const lines = formLines.length > 0 ? formLines : parseCart(readCookie(req.headers.cookie, COOKIE.cart));
      if (params.intent === 'quote') {
        // "Update total": the page again, with the total before paying for what was typed (docs/orders.md#the-quote).
        const quote = await clients.orders.quoteCheckout(quoteRequestOf(store.id, { ...input, lines }), {
          requestId: res.locals.requestId as string,
          principal: { kind: 'buyer', store_id: store.id },
        });
        const page: PageExtras = { path: '/checkout', checkout_form: typedFields(params), checkout_quote: quote };
        if (formLines.length > 0) page.cart = formLines;
        return await renderAndSend(clients, req, res, page);
      }
      const request = orders.CreateOrderRequest.fromPartial({
        ...input,
        lines,
        store_id: store.id,
        checkout_key: formCheckoutKey(store.id, csrfCookie!, params, lines),
      });
      const order = await createOrder(clients, request, {
        requestId: res.locals.requestId as string,
        principal: { kind: 'buyer', store_id: store.id },
      });
      const path = cookiePathOf(basePathOf(req));
      // A new token: the next checkout (same cart, same form) is a new checkout_key, not this order again.
      setCookie(res, COOKIE.csrf, newCsrfToken(), { path });
      // The deletion last: curl's cookie jar keeps a cookie deleted before another one is set in the same answer.
      setCookie(res, COOKIE.cart, '', { path, maxAgeS: 0 });
      res.redirect(303, `${basePathOf(req)}/orders/${options.tokens.tokenOf(store.id, order.id)}`);
    } catch (error) {
      await showRefusal(clients, req, res, { params, formLines }, error);
    }
  });
}

/**
 * CreateOrder, once: a second click on "Place order" while the first is still running is the same checkout key,
 * and orders has it wait for the first one's answer (docs/orders.md#how-a-checkout-runs-orders-service).
 */
async function createOrder(
  clients: BackendClients,
  request: orders.CreateOrderRequest,
  call: { requestId: string; principal: { kind: string; store_id: number } },
): Promise<orders.Order> {
  const answer = await clients.orders.createOrder(request, call);
  if (!answer.order) throw new Error('orders answered a checkout without an order');
  return answer.order;
}

/**
 * The checkout page again, with the refusal. Lines the form sent (a store's own "buy now" form, not the cart) are
 * the page's cart: the page shows what was refused and posts those lines again, not the cart cookie's.
 */
async function showRefusal(
  clients: BackendClients,
  req: Request,
  res: Response,
  sent: { params: Params; formLines: Cart },
  error: unknown,
): Promise<void> {
  const refusal = renderError(error, res.locals.requestId as string);
  if (!SHOWN_AGAIN.has(refusal.status)) throw error;
  for (const [name, value] of Object.entries(refusal.headers)) res.setHeader(name, value);
  const fieldErrors: storefront.PageFieldError[] = Object.entries(refusal.body.meta.errors ?? {}).flatMap(([field, messages]) =>
    messages.map((message) => ({ field, message })),
  );
  const page: PageExtras = {
    path: '/checkout',
    checkout_error: refusal.body.error,
    field_errors: fieldErrors,
    checkout_form: typedFields(sent.params),
  };
  if (sent.formLines.length > 0) page.cart = sent.formLines;
  await renderAndSend(clients, req, res, page, refusal.status);
}

/** urlencoded, and the client prefers HTML to JSON (a browser; curl's `*\/*` prefers JSON). */
function onlyBrowserForms(): RequestHandler {
  return (req, res, next) => {
    if (!isBrowserForm(req)) return next('route');
    // From here on a page request: even the rate limit's 429 is a page.
    res.locals.buyerPage = true;
    next();
  };
}

export function isBrowserForm(req: Request): boolean {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/x-www-form-urlencoded' && req.accepts(['application/json', 'text/html']) === 'text/html';
}

/**
 * The form as typed, by its field names (`address[city]`), for the page to fill in again: strings
 * only, at most MAX_FORM_FIELDS of them, neither the CSRF nor the payment token.
 */
export function typedFields(params: Params): Record<string, string> {
  const fields: Record<string, string> = {};
  let count = 0;
  const visit = (value: unknown, name: string, depth: number): void => {
    if (count >= MAX_FORM_FIELDS || depth > 3) return;
    if (typeof value === 'string') {
      if (!NOT_SHOWN_AGAIN.has(name)) {
        fields[name] = value.slice(0, 1_000);
        count++;
      }
    } else if (Array.isArray(value)) value.forEach((item, index) => visit(item, `${name}[${index}]`, depth + 1));
    else if (isRecord(value)) for (const [key, item] of Object.entries(value)) visit(item, `${name}[${key}]`, depth + 1);
  };
  for (const [name, value] of Object.entries(params)) visit(value, name, 0);
  return fields;
}

/**
 * The same form sent twice (a second click, a reload of the POST) is one checkout at orders: the key is
 * the store, the buyer's CSRF token (new after every placed order), the form's fields and the lines.
 */
function formCheckoutKey(storeId: number, csrfToken: string, params: Params, lines: unknown): string {
  const hash = createHash('sha256')
    .update(`${storeId}\n${csrfToken}\n${JSON.stringify(params)}\n${JSON.stringify(lines)}`)
    .digest('hex');
  return `form:${hash}`;
}
