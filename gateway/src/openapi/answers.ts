import { z } from 'zod';
import { answerSchema, collectionJson, photoJson, productJson, variantJson } from '@commerce/api-presenters';
import type {
  DeliveryJson,
  FulfillmentJson,
  OrderJson,
  ShippingClassJson,
  ShippingGroupJson,
  ShippingRateJson,
  StoreJson,
  StoreVisitsJson,
  TemplateJson,
  WebhookJson,
} from '@commerce/api-presenters';
import type { presentUser } from '@commerce/api-presenters';

type UserJson = ReturnType<typeof presentUser>;

/**
 * The OpenAPI document's answers. A record's answer schema is declared once, beside its presenter in
 * libs/api-presenters (`productJson` in catalog/product.presenter.ts: the presenter's return type is its z.infer,
 * so the compiler refuses a presenter that adds, drops or retypes a key), and listed here in NAMED_ANSWERS.
 * The schemas still written here are tied to their presenter's type by `satisfies`; answers.unit.test.ts runs
 * every presenter and parses its output with these strict objects. To move one next to its presenter, do as
 * catalog did (docs/architecture.md#one-description-per-record). Each has an `id`: the document lists it once
 * under components/schemas and refers to it.
 */

export { collectionJson, photoJson, productJson, variantJson };

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
    confirmed_at: optionalTimestamp(),
    fulfilled_at: optionalTimestamp(),
    updated_at: timestamp(),
    paid_at: optionalTimestamp(),
    payment_processor: z.string(),
    status: z.string(),
    email: z.string(),
    user_note: z.string().nullable(),
    price: z.string().meta({ description: 'the total as a decimal string with two places ("123.45")' }),
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
  })
  .meta({ id: 'Order' }) satisfies z.ZodType<OrderJson>;

export const storeJson = z
  .strictObject({
    id: id(),
    name: z.string(),
    description: z.string(),
    url: z.string(),
    service_url: z.string(),
    subdomain: z.string(),
    location: z.string(),
    support_email: z.string(),
    return_address: z.string(),
    business_name: z.string(),
    business_type: z.string(),
    phone: z.string(),
    time_zone: z.string().meta({ description: 'an IANA time zone name' }),
    avatar: z.string(),
    storefront_open: z.boolean(),
    list_in_marketplace: z.boolean(),
    custom_domain: z.string().nullable(),
    use_default_layout: z.boolean(),
    css: z.string(),
    layout: z.string(),
    created_at: optionalTimestamp(),
    updated_at: optionalTimestamp(),
  })
  .meta({ id: 'Store' }) satisfies z.ZodType<StoreJson>;

export const templateJson = z
  .strictObject({
    id: id(),
    name: z.string(),
    permalink: z.string(),
    content: z.string(),
    kind: z.string(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Template' }) satisfies z.ZodType<TemplateJson>;

const counts = { visits: z.number().int(), visitors: z.number().int() };

export const storeVisitsJson = z
  .strictObject({
    weekly_visits: z.array(z.strictObject({ weekly_visit: z.strictObject({ week: z.string(), ...counts }) })),
    daily_visits: z.array(z.strictObject({ daily_visit: z.strictObject({ day: z.string(), ...counts }) })),
  })
  .meta({ id: 'StoreVisits', description: 'oldest first' }) satisfies z.ZodType<StoreVisitsJson>;

export const userJson = z
  .strictObject({
    id: id(),
    email: z.string(),
    login: z.string(),
    bio: z.string(),
    location: z.string(),
    gender: z.string(),
    twitter: z.string(),
    facebook: z.string(),
    birthday: z.string(),
  })
  .meta({ id: 'User' }) satisfies z.ZodType<UserJson>;

const rateAmounts = { first_item_in_cents: cents(), additional_item_in_cents: cents() };

export const shippingGroupJson = z
  .strictObject({
    id: id(),
    name: z.string(),
    products: z.array(id()).optional().meta({ description: "the group's products (the shipping rate answer only)" }),
    shipping_rates: z.array(z.strictObject({ shipping_rate: z.strictObject({ shipping_class_id: id(), ...rateAmounts }) })),
  })
  .meta({ id: 'ShippingGroup' }) satisfies z.ZodType<ShippingGroupJson>;

export const shippingClassJson = z
  .strictObject({
    id: id(),
    name: z.string(),
    countries: z.array(z.string()),
    shipping_rates: z.array(z.strictObject({ shipping_rate: z.strictObject({ shipping_group_id: id(), ...rateAmounts }) })),
  })
  .meta({ id: 'ShippingClass' }) satisfies z.ZodType<ShippingClassJson>;

export const shippingRateJson = z
  .strictObject({
    shipping_group: shippingGroupJson,
    shipping_class: shippingClassJson,
    shipping_group_id: id(),
    shipping_class_id: id(),
    first_item_in_cents: cents().nullable().meta({ description: 'null: the class has no rate for the group' }),
    additional_item_in_cents: cents().nullable(),
  })
  .meta({ id: 'ShippingRate' }) satisfies z.ZodType<ShippingRateJson>;

const webhookFields = {
  id: id(),
  url: z.string(),
  events: z.array(z.string()),
  status: z.string(),
  disabled_reason: z.string().nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
};

export const webhookJson = z.strictObject(webhookFields).meta({ id: 'Webhook' }) satisfies z.ZodType<WebhookJson>;

/** POST /v1/webhooks answers the webhook and, this once, its signing secret. */
export const createdWebhookJson = z
  .strictObject({ ...webhookFields, secret: z.string().meta({ description: 'the signing secret, shown only here' }) })
  .meta({ id: 'CreatedWebhook' });

export const deliveryAttemptJson = z
  .strictObject({
    id: id(),
    attempt: z.number().int(),
    status_code: z.number().int().nullable(),
    succeeded: z.boolean(),
    duration_ms: z.number(),
    error: z.string().nullable(),
    attempted_at: optionalTimestamp(),
    next_attempt_at: optionalTimestamp(),
  })
  .meta({ id: 'DeliveryAttempt' });

export const deliveryJson = z
  .strictObject({
    id: id(),
    webhook_id: id(),
    event_id: z.string(),
    topic: z.string(),
    status: z.string().meta({ description: 'pending, delivered, failed, aborted or canceled' }),
    attempts: z.array(deliveryAttemptJson),
    next_attempt_at: optionalTimestamp(),
    last_error: z.string().nullable(),
    created_at: optionalTimestamp(),
    updated_at: optionalTimestamp(),
  })
  .meta({ id: 'Delivery' }) satisfies z.ZodType<DeliveryJson>;

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
  photoJson,
  productJson,
  collectionJson,
  orderItemJson,
  fulfillmentJson,
  orderJson,
  storeJson,
  templateJson,
  storeVisitsJson,
  userJson,
  shippingGroupJson,
  shippingClassJson,
  shippingRateJson,
  webhookJson,
  createdWebhookJson,
  deliveryAttemptJson,
  deliveryJson,
  eventJson,
  successMeta,
  pagination,
  cursorPagination,
  errorBody,
] as const;
