import { z } from 'zod';
import { checkoutInput } from '../routes/buyer/checkout.schemas';
import { orderJson, quoteJson } from './answers';
import type { OperationDoc } from './operation';

const health = (code: 200 | 503, status: 'ok' | 'degraded') =>
  z.strictObject({
    data: z.strictObject({ status: z.literal(status), services: z.record(z.string(), z.enum(['SERVING', 'NOT_SERVING'])) }),
    meta: z.strictObject({ code: z.literal(code), api_version: z.literal('1.0') }),
  });

/**
 * The docs of routes registered outside the /v1 route files (health.routes.ts, the buyer site's checkout), by
 * method and path as the app registers them; the document takes them as it takes a handler's own.
 */
export const EXTERNAL_OPERATIONS: Readonly<Record<string, OperationDoc>> = {
  'GET /healthz': {
    summary: 'Health of the gateway and its services',
    description:
      'No credential. 200 only when every service answers the standard gRPC health check SERVING; otherwise 503 naming those that do not.',
    tag: 'Operations',
    auth: 'none',
    answer: health(200, 'ok'),
    otherAnswers: { 503: { description: 'A service is not serving', body: health(503, 'degraded') } },
  },
  'POST /s/{subdomain}/checkout': {
    summary: "Check out a buyer's cart (JSON)",
    description: [
      "The buyer path (no owner credential): one order on the store's site, also at `https://<subdomain>.<STOREFRONT_DOMAIN>/checkout`.",
      "Limited per client address. `meta.confirmation_url` is the order's confirmation page for a headless storefront " +
        'to send its buyer to.',
      '`meta.errors.items` of a 409 `OutOfStock` names each short variant; a declined card is 402 `PaymentDeclined`.',
    ].join(' '),
    tag: 'Checkout',
    auth: 'none',
    idempotencyKey: true,
    input: checkoutInput,
    answer: z.strictObject({
      data: orderJson,
      meta: z.strictObject({ code: z.literal(200), api_version: z.literal('1.0'), confirmation_url: z.string() }),
    }),
    errors: [402, 409, 429],
  },
  'POST /s/{subdomain}/checkout/quote': {
    summary: 'The total before paying',
    description: [
      'The checkout body without `payment_token`: only `items` and `address.country` are required. Answers the lines,',
      'every shipping option with its price, the chosen one, the discount, the tax and the total that a checkout with the',
      'same input would charge (one function prices both), in the minor unit of `currency`. Takes no stock, no discount',
      "use and no payment. Refuses what checkout would: 422 naming the field (a code's reason under `discount_code`),",
      "409 `DiscountUnavailable` when the code's uses are spent, 409 `OutOfStock`.",
    ].join(' '),
    tag: 'Checkout',
    auth: 'none',
    input: checkoutInput,
    answer: z.strictObject({ data: quoteJson, meta: z.strictObject({ code: z.literal(200), api_version: z.literal('1.0') }) }),
    errors: [409, 429],
  },
};
