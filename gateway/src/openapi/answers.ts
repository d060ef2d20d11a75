import { z } from 'zod';
import {
  answerSchema,
  apiKeyJson,
  appJson,
  authorizedAppJson,
  createdAppJson,
  collectionJson,
  createdWebhookJson,
  deliveryAttemptJson,
  deliveryJson,
  discountJson,
  emailTemplateJson,
  lowStockVariantJson,
  notificationAttemptJson,
  notificationJson,
  notificationWithContentJson,
  photoJson,
  productJson,
  quoteJson,
  refundCalculationJson,
  refundJson,
  salesFiguresJson,
  salesSummaryJson,
  shippingClassJson,
  shippingGroupJson,
  shippingRateJson,
  storeJson,
  storeVisitsJson,
  taxRateJson,
  templateJson,
  userJson,
  variantJson,
  webhookJson,
} from '@commerce/api-presenters';
import type { FulfillmentJson, OrderJson } from '@commerce/api-presenters';

/**
 * The OpenAPI document's answers. A record's answer schema is declared once, beside its presenter in
 * libs/api-presenters (`productJson` in catalog/product.presenter.ts: the presenter's return type is its z.infer,
 * so the compiler refuses a presenter that adds, drops or retypes a key), and listed here in NAMED_ANSWERS.
 * The schemas still written here are tied to their presenter's type by `satisfies`; answers.unit.test.ts runs
 * every presenter and parses its output with these strict objects. To move one next to its presenter, do as
 * catalog did (docs/architecture.md#one-description-per-record). Each has an `id`: the document lists it once
 * under components/schemas and refers to it.
 */

export {
  apiKeyJson,
  appJson,
  authorizedAppJson,
  createdAppJson,
  collectionJson,
  createdWebhookJson,
  deliveryAttemptJson,
  deliveryJson,
  discountJson,
  emailTemplateJson,
  lowStockVariantJson,
  notificationAttemptJson,
  notificationJson,
  notificationWithContentJson,
  photoJson,
  productJson,
  quoteJson,
  refundCalculationJson,
  refundJson,
  salesFiguresJson,
  salesSummaryJson,
  shippingClassJson,
  shippingGroupJson,
  shippingRateJson,
  storeJson,
  storeVisitsJson,
  taxRateJson,
  templateJson,
  userJson,
  variantJson,
  webhookJson,
};

const { timestamp, optionalTimestamp, id, cents } = answerSchema;

export const orderItemJson = z
  .strictObject({
    id: id(),
    order_id: id(),
    product_id: id(),
    product_name: z.string(),
    variant_id: id(),
    variant_name: z.string(),
    sku: z.string().nullable(),
    quantity: z.number().int(),
    fulfilled_at: optionalTimestamp(),
    discount: cents(),
    list_price: cents(),
    tax: cents(),
    fulfillment_id: id().nullable(),
    price_in_cents: cents(),
  })
  .meta({ id: 'OrderItem' });

export const fulfillmentJson = z
  .strictObject({
    id: id(),
    order_id: id(),
    items: z.array(z.strictObject({ item: orderItemJson })),
    tracking_number: z.string(),
    shipping_company: z.string(),
    note_to_customer: z.string(),
    notify_customer: z.boolean(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Fulfillment' }) satisfies z.ZodType<FulfillmentJson>;

export const orderJson = z
  .strictObject({
    id: id(),
    subtotal: cents(),
    shipping: cents(),
    tax: cents(),
    discounts: cents(),
    discount_code: z.string().nullable().meta({ description: 'the discount code used at checkout, as the store wrote it' }),
    shipping_discount: cents().meta({ description: 'what a free-shipping code waived; `shipping` is what was charged' }),
    shipping_tax: cents().meta({ description: 'the part of `tax` on shipping' }),
    tax_name: z.string().meta({ description: "the tax rate's name applied at checkout ('' when none)" }),
    shipping_class_name: z.string().meta({ description: 'the shipping class the buyer chose at checkout, by the name it had then' }),
    prices_include_tax: z.boolean().meta({ description: 'the prices included tax: `price` does not add `tax` again' }),
    confirmed_at: optionalTimestamp(),
    fulfilled_at: optionalTimestamp(),
    updated_at: timestamp(),
    paid_at: optionalTimestamp(),
    payment_processor: z.string(),
    status: z.string(),
    email: z.string(),
    user_note: z.string().nullable(),
    price: z
      .string()
      .meta({ description: 'the total as a decimal string with the places of the order\'s currency ("123.45" USD, "12345" JPY)' }),
    currency: z.string().meta({ description: 'ISO 4217: the currency the order was placed in, which its amounts count' }),
    address: z.strictObject({
      name: z.string(),
      address_1: z.string(),
      address_2: z.string(),
      city: z.string(),
      postal: z.string(),
      state: z.string(),
      state_abbrev: z.string(),
      country: z.string(),
    }),
    items: z.array(z.strictObject({ item: orderItemJson })),
    fulfillments: z.array(fulfillmentJson),
    financial_status: z.string().meta({
      description: 'beyond the spec (docs/money.md#refunds): `pending`, `paid`, `partially_refunded`, `refunded` or `voided`',
    }),
    refunded: cents().meta({ description: 'the sum of its succeeded refunds' }),
    refunds: z.array(refundJson),
  })
  .meta({ id: 'Order' }) satisfies z.ZodType<OrderJson>;

/** An event as published (docs/events.md): the envelope, its `resource` the record's rendering. */
export const eventJson = z
  .looseObject({
    id: z.string(),
    topic: z.string(),
    store_id: z.number().int(),
    occurred_at: z.string(),
    resource_type: z.string(),
    resource_id: z.union([z.string(), z.number()]),
    sequence: z.number().int(),
    resource: z.unknown(),
  })
  .meta({ id: 'Event' });

// --- Envelopes (docs/api-conventions.md, "Responses") ---

/** docs/api-conventions.md#unknown-parameters: what the call ignored, named in success answers and 422s. */
const ignoredParams = {
  ignored_params: z
    .array(z.string().max(64))
    .max(20)
    .optional()
    .meta({ description: 'the parameters the call does not take and ignored, at most 20 names of at most 64 characters' }),
  ignored_params_total: z
    .number()
    .int()
    .optional()
    .meta({ description: 'how many parameters were ignored, when more than `ignored_params` names' }),
};

const successMeta = z.strictObject({ code: z.literal(200), api_version: z.literal('1.0'), ...ignoredParams }).meta({ id: 'SuccessMeta' });

/** `{data, meta}` (and `extra` beside them). */
export function dataAnswer<T extends z.ZodType>(data: T, extra: z.ZodRawShape = {}) {
  return z.strictObject({ data, meta: successMeta, ...extra });
}

/** `{data: {<key>: [record]}}`: a list without paging. */
export function listAnswer<T extends z.ZodType>(key: string, record: T) {
  return dataAnswer(z.strictObject({ [key]: z.array(record) }));
}

export const pagination = z
  .strictObject({
    total: z.number().int(),
    offset: z.number().int(),
    total_pages: z.number().int(),
    next_url: z
      .string()
      .nullable()
      .meta({ description: 'the next page (also the `Link: <...>; rel="next"` header); null on the last page' }),
    current_max_id: z.number().int().nullable(),
  })
  .meta({ id: 'Pagination' });

/** `{data: {<key>: [record]}, meta, pagination}`: a paged list. */
export function pagedAnswer<T extends z.ZodType>(key: string, record: T) {
  return dataAnswer(z.strictObject({ [key]: z.array(record) }), { pagination });
}

export const cursorPagination = z
  .strictObject({
    limit: z.number().int(),
    next_url: z.string().nullable().meta({ description: 'the next page (also the `Link` header); null when no record follows yet' }),
  })
  .meta({ id: 'CursorPagination' });

/** `{data: {<key>: [record]}, meta, pagination: {limit, next_url}}`: a cursor-paged list. */
export function cursorAnswer<T extends z.ZodType>(key: string, record: T) {
  return dataAnswer(z.strictObject({ [key]: z.array(record) }), { pagination: cursorPagination });
}

/** The one error body of every failure (docs/api-conventions.md, "Errors"). */
export const errorBody = z
  .strictObject({
    error: z.string(),
    meta: z.strictObject({
      code: z.number().int().meta({ description: 'the HTTP status' }),
      api_version: z.literal('1.0'),
      error_type: z.string().meta({ examples: ['ValidationError'] }),
      error_message: z.string(),
      errors: z
        .record(z.string(), z.array(z.string()))
        .optional()
        .meta({ description: 'the messages of each input field (`base`: the whole input)' }),
      request_id: z.string(),
      ...ignoredParams,
    }),
  })
  .meta({ id: 'Error' });

/** Everything the document names once under components/schemas. */
export const NAMED_ANSWERS = [
  variantJson,
  lowStockVariantJson,
  photoJson,
  productJson,
  collectionJson,
  orderItemJson,
  fulfillmentJson,
  orderJson,
  refundJson,
  refundCalculationJson,
  salesFiguresJson,
  salesSummaryJson,
  discountJson,
  quoteJson,
  storeJson,
  templateJson,
  storeVisitsJson,
  userJson,
  apiKeyJson,
  appJson,
  createdAppJson,
  authorizedAppJson,
  shippingGroupJson,
  shippingClassJson,
  shippingRateJson,
  taxRateJson,
  webhookJson,
  createdWebhookJson,
  deliveryAttemptJson,
  deliveryJson,
  eventJson,
  emailTemplateJson,
  notificationAttemptJson,
  notificationJson,
  notificationWithContentJson,
  successMeta,
  pagination,
  cursorPagination,
  errorBody,
] as const;
