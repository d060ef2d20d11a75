import { createHash, randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Router } from 'express';
import { orders } from '@commerce/contracts';
import type { Logger } from '@commerce/observability';
import { presentQuote } from '@commerce/api-presenters';
import type { BackendClients } from '../../clients';
import { ApiError } from '../../errors';
import { pipeline } from '../../fast-path/pipeline';
import { parseInput } from '../../http/coerce';
import { sendJson } from '../../fast-path/send-json';
import { readParams, requestParams } from '../../http/input';
import { idempotency, idempotencyKeyOf } from '../../idempotency/idempotency.middleware';
import type { IdempotencyRecords } from '../../idempotency/idempotency.store';
import { clientAddressKey } from '../../rate-limit/auth-failure.limit';
import type { LeakyBucket } from '../../rate-limit/leaky-bucket';
import { rateLimit } from '../../rate-limit/rate-limit.middleware';
import { renderOrder } from '../v1/orders/order-answer';
import { checkoutInput, quoteRequestOf } from './checkout.schemas';
import type { OrderTokens } from './order-token';
import { ownSiteOf } from './own-site';
import { buyerStoreOf, resolveStore } from './store-address';
import type { StoreDirectory } from './store-directory';

export interface CheckoutRouteOptions {
  directory: StoreDirectory;
  /** Checkouts per client address (CHECKOUT_BURST, CHECKOUT_PER_SECOND); absent, not limited. */
  limit?: LeakyBucket;
  /** Replays a checkout sent again with the same Idempotency-Key; absent, orders' own checkout_key still does. */
  idempotency?: IdempotencyRecords;
  /** Makes the confirmation page's address (`meta.confirmation_url`). */
  tokens: OrderTokens;
  logger: Logger;
}

/** orders.proto: a checkout_key is at most 200 characters; `idem:` and a 255-character key would not fit. */
const MAX_CHECKOUT_KEY = 200;
const IDEMPOTENT_PREFIX = 'idem:';

/**
 * POST <site>/checkout (docs/orders.md#checkout-buyer-path): no owner credential; limited per client address, then the store,
 * a closed one refused before anything is called, then one OrdersService.CreateOrder. Answers
 * `{data: order, meta}` with 200, as every creation does (http/envelope.ts); `meta.confirmation_url` is the
 * order's confirmation page on the store's own site (its configured address, never the request's Host), for a
 * headless storefront to send its buyer to.
 */
export function checkoutRoutes(site: Router, clients: BackendClients, options: CheckoutRouteOptions): void {
  const steps = pipeline(
    options.limit && rateLimit({ bucket: options.limit, keyOf: (req) => clientAddressKey(req.socket.remoteAddress) }),
    resolveStore(options.directory),
    refuseClosedStore(),
    requestParams(),
    // Keyed by store: a buyer has no credential, and two stores' buyers may well pick the same key.
    options.idempotency &&
      idempotency(options.idempotency, options.logger, {
        scopeOf: (_req, res) => `checkout:store:${buyerStoreOf(res).id}`,
        operationOf: () => 'POST checkout',
      }),
  );

  site.post('/checkout', steps, async (req, res) => {
    const store = buyerStoreOf(res);
    const input = parseInput(checkoutInput, readParams(req));
    const request = orders.CreateOrderRequest.fromPartial({ store_id: store.id, checkout_key: checkoutKeyOf(req), ...input });
    const call = { requestId: res.locals.requestId as string, principal: { kind: 'buyer', store_id: store.id } };
    const answer = await clients.orders.createOrder(request, call);
    const data = renderOrder(answer);
    const confirmationUrl = `${ownSiteOf(store)}/orders/${options.tokens.tokenOf(store.id, data.id)}`;
    sendJson(res, 200, { data, meta: { code: 200, api_version: '1.0', confirmation_url: confirmationUrl } });
  });
}

/**
 * POST <site>/checkout/quote (docs/orders.md#the-quote): the checkout's body without a payment token; answers the lines,
 * the shipping options, the discount, the tax and the total that checkout would charge for the same input, taking
 * nothing. Limited per client address apart from checkouts (a checkout page asks again as the buyer types).
 */
export function quoteRoutes(site: Router, clients: BackendClients, options: Pick<CheckoutRouteOptions, 'directory' | 'limit'>): void {
  const steps = pipeline(
    options.limit && rateLimit({ bucket: options.limit, keyOf: (req) => `quote:${clientAddressKey(req.socket.remoteAddress)}` }),
    resolveStore(options.directory),
    refuseClosedStore(),
    requestParams(),
  );
  site.post('/checkout/quote', steps, async (req, res) => {
    const store = buyerStoreOf(res);
    const request = quoteRequestOf(store.id, parseInput(checkoutInput, readParams(req)));
    const call = { requestId: res.locals.requestId as string, principal: { kind: 'buyer', store_id: store.id } };
    const quote = await clients.orders.quoteCheckout(request, call);
    sendJson(res, 200, { data: presentQuote(quote), meta: { code: 200, api_version: '1.0' } });
  });
}

function refuseClosedStore(): RequestHandler {
  return (_req, res, next) => {
    if (buyerStoreOf(res).storefront_open) return next();
    next(new ApiError(409, 'This store is closed and takes no orders', { errorType: 'StoreClosed' }));
  };
}

/**
 * The checkout's key at orders: `idem:<Idempotency-Key>`, so a retry with the key is the same
 * checkout even past the gateway's own records (a key too long for the contract goes hashed); without
 * one, every request is a checkout of its own.
 */
export function checkoutKeyOf(req: Request): string {
  const idempotencyKey = idempotencyKeyOf(req);
  if (idempotencyKey === undefined) return randomUUID();
  const key = IDEMPOTENT_PREFIX + idempotencyKey;
  return key.length <= MAX_CHECKOUT_KEY ? key : `${IDEMPOTENT_PREFIX}sha256:${createHash('sha256').update(idempotencyKey).digest('hex')}`;
}
