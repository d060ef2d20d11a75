import {
  presentCollection,
  presentDelivery,
  presentFulfillment,
  presentOrder,
  presentProduct,
  presentShippingClass,
  presentShippingGroup,
  presentShippingRate,
  presentStore,
  presentStoreVisits,
  presentTaxRate,
  presentTemplate,
  presentUser,
  presentLowStockVariant,
  presentVariant,
  presentWebhook,
} from '@commerce/api-presenters';
import { identity, orders, shipping, storefront, webhooks } from '@commerce/contracts';
import type { z } from 'zod';
import { renderError, ValidationError } from '../errors';
import {
  collectionMessage,
  photoMessage,
  productMessage,
  storeContext,
  variantMessage,
} from '../../../libs/api-presenters/src/catalog/catalog.fixture';
import {
  collectionJson,
  createdWebhookJson,
  dataAnswer,
  deliveryJson,
  errorBody,
  fulfillmentJson,
  lowStockVariantJson,
  orderJson,
  pagedAnswer,
  productJson,
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
} from './answers';

/**
 * The documented answer shapes are the presenters' real output: each presenter runs on messages as the services
 * answer them (every optional field present, then absent) and its output must parse with the strict answer schema.
 */
const AT = new Date('2026-01-15T12:34:56Z');
const ZONE = 'America/New_York';

function expectShape(schema: z.ZodType, value: unknown): void {
  const result = schema.safeParse(value);
  expect(result.error?.issues ?? []).toEqual([]);
}

const fullProduct = productMessage({
  description: 'Loose leaf',
  retired_on: AT,
  deleted_at: AT,
  tag_list: ['green'],
  marketplace_category_id: 4,
  collection_ids: [3],
  photos: [photoMessage({ id: 1, url: 'https://cdn.example/a.jpg?v=2' })],
  shipping_group_id: 2,
  shipping_group_name: 'Boxes',
  variants: [variantMessage({ sku: 'GT-1' }), variantMessage({ id: 32, is_default_variant: false })],
});

const item = (overrides: Partial<orders.OrderItem> = {}) =>
  orders.OrderItem.fromPartial({
    id: 7,
    order_id: 3,
    product_id: 11,
    product_name: 'Mug',
    variant_id: 12,
    variant_name: 'Blue',
    quantity: 2,
    list_price: 1250,
    price_in_cents: 2500,
    ...overrides,
  });
const fulfillment = orders.Fulfillment.fromPartial({
  id: 5,
  order_id: 3,
  item_ids: [7],
  tracking_number: '1Z',
  shipping_company: 'UPS',
  created_at: AT,
  updated_at: AT,
});
const fullOrder = orders.Order.fromPartial({
  id: 3,
  total: 2999,
  created_at: AT,
  confirmed_at: AT,
  paid_at: AT,
  fulfilled_at: AT,
  updated_at: AT,
  status: 'shipped',
  email: 'buyer@example.com',
  user_note: 'Gift',
  address: { name: 'Ann', country: 'US' },
  items: [item({ sku: 'M-1', fulfilled_at: AT, fulfillment_id: 5 }), item({ id: 8 })],
  fulfillments: [fulfillment],
  refunds: [{ id: 2, order_id: 3, amount: 500, items: [{ item_id: 8, quantity: 1 }], shipping: true, status: 'succeeded', created_at: AT }],
  financial_status: 'partially_refunded',
  refunded: 500,
});
const bareOrder = orders.Order.fromPartial({ id: 4, updated_at: AT, items: [item()] });

const store = (overrides: Partial<storefront.Store> = {}) =>
  storefront.Store.fromPartial({ id: 1, name: 'Tea House', time_zone: ZONE, ...overrides });

const group = shipping.ShippingGroup.fromPartial({
  id: 7,
  name: 'Posters',
  rates: [{ shipping_class_id: 3, first_item_in_cents: 500, additional_item_in_cents: 200 }],
});
const cls = shipping.ShippingClass.fromPartial({
  id: 3,
  name: 'Standard',
  countries: ['US'],
  rates: [{ shipping_group_id: 7, first_item_in_cents: 500, additional_item_in_cents: 200 }],
});

const webhook = (overrides: Partial<webhooks.Webhook> = {}) =>
  webhooks.Webhook.fromPartial({
    id: 2,
    url: 'https://hooks.example/a',
    events: ['order/paid'],
    status: 'active',
    created_at: AT,
    updated_at: AT,
    ...overrides,
  });

describe('the answer schemas of the OpenAPI document fit what the presenters render', () => {
  it('products and variants, with every optional field and with none', () => {
    expectShape(productJson, presentProduct(fullProduct, storeContext()));
    expectShape(productJson, presentProduct(productMessage(), storeContext()));
    expectShape(variantJson, presentVariant(variantMessage({ sku: 'GT-1' })));
    expectShape(variantJson, presentVariant(variantMessage()));
    expectShape(lowStockVariantJson, presentLowStockVariant(variantMessage(), 'Green Tea', storeContext()));
  });

  it('collections', () => {
    expectShape(collectionJson, presentCollection(collectionMessage(), storeContext()));
    expectShape(
      collectionJson,
      presentCollection(collectionMessage({ created_at: undefined, updated_at: undefined, product_ids: [] }), storeContext()),
    );
  });

  it('orders and fulfillments', () => {
    expectShape(orderJson, presentOrder(fullOrder, ZONE));
    expectShape(orderJson, presentOrder(bareOrder, ZONE));
    expectShape(fulfillmentJson, presentFulfillment(fulfillment, fullOrder, ZONE));
  });

  it('the store, its templates and visits, and the user', () => {
    expectShape(storeJson, presentStore(store({ custom_domain: 'tea.example', created_at: AT, updated_at: AT })));
    expectShape(storeJson, presentStore(store()));
    expectShape(
      templateJson,
      presentTemplate(
        storefront.Template.fromPartial({
          id: 1,
          name: 'Home',
          permalink: 'home',
          content: '<p>',
          kind: 'page',
          created_at: AT,
          updated_at: AT,
        }),
        ZONE,
      ),
    );
    const visits = storefront.GetStoreVisitsResponse.fromPartial({
      weekly_visits: [{ week: '2026-01-12', visits: 3, visitors: 2 }],
      daily_visits: [{ day: '2026-01-15', visits: 1, visitors: 1 }],
    });
    expectShape(storeVisitsJson, presentStoreVisits(visits));
    expectShape(userJson, presentUser(identity.User.fromPartial({ id: 9, email: 'a@b.co', login: 'ann', store_id: 1 })));
  });

  it('tax rates, the rate as the percent', () => {
    const rate = orders.TaxRate.fromPartial({
      id: 3,
      country: 'US',
      state: 'NY',
      name: 'NY',
      rate_ppm: 88_750,
      created_at: AT,
      updated_at: AT,
    });
    expectShape(taxRateJson, presentTaxRate(rate, ZONE));
    expect(presentTaxRate(rate, ZONE)).toMatchObject({ rate: 8.875, state: 'NY', created_at: '2026-01-15T07:34:56-05:00' });
  });

  it('shipping groups, classes and rates (a pair with and without a rate)', () => {
    expectShape(shippingGroupJson, presentShippingGroup(group));
    expectShape(shippingGroupJson, presentShippingGroup(group, [7, 9]));
    expectShape(shippingClassJson, presentShippingClass(cls));
    expectShape(
      shippingRateJson,
      presentShippingRate(
        shipping.GetShippingRateResponse.fromPartial({
          shipping_group: group,
          shipping_class: cls,
          product_ids: [7],
          rate: { first_item_in_cents: 1, additional_item_in_cents: 2 },
        }),
      ),
    );
    expectShape(
      shippingRateJson,
      presentShippingRate(shipping.GetShippingRateResponse.fromPartial({ shipping_group: group, shipping_class: cls })),
    );
  });

  it('webhooks (the created one with its secret) and deliveries', () => {
    expectShape(webhookJson, presentWebhook(webhook({ status: 'disabled', disabled_reason: 'too many failures' }), ZONE));
    expectShape(createdWebhookJson, { ...presentWebhook(webhook(), ZONE), secret: 'whsec_x' });
    const delivery = webhooks.Delivery.fromPartial({
      id: 8,
      webhook_id: 2,
      event_id: 'e-1',
      topic: 'order/paid',
      status: 'failed',
      attempts: [
        { id: 1, attempt: 1, error: 'refused', attempted_at: AT, next_attempt_at: AT, duration_ms: 3 },
        { id: 2, attempt: 2, status_code: 200, succeeded: true, duration_ms: 12 },
      ],
      last_error: 'gone',
      next_attempt_at: AT,
      created_at: AT,
      updated_at: AT,
    });
    expectShape(deliveryJson, presentDelivery(delivery, ZONE));
    expectShape(deliveryJson, presentDelivery(webhooks.Delivery.fromPartial({ id: 9, status: 'pending' }), ZONE));
  });

  it('the envelopes: {data, meta}, a paged list, the error body', () => {
    expectShape(dataAnswer(storeJson), { data: presentStore(store()), meta: { code: 200, api_version: '1.0' } });
    const pagination = { total: 1, offset: 0, total_pages: 1, next_url: 'https://api.example/v1/products?page=2', current_max_id: 7 };
    expectShape(pagedAnswer('products', productJson), {
      data: { products: [presentProduct(productMessage(), storeContext())] },
      meta: { code: 200, api_version: '1.0' },
      pagination,
    });
    expectShape(errorBody, renderError(new ValidationError({ name: ["can't be blank"] }), 'r-1').body);
    expectShape(errorBody, renderError(new Error('boom'), 'r-2').body);
  });

  it('refuses a rendering with a key the schema does not name, or without one it does (the check above can fail)', () => {
    const product = presentProduct(productMessage(), storeContext());
    expect(productJson.safeParse({ ...product, vendor: 'Acme' }).success).toBe(false);
    const { cents: _cents, ...withoutCents } = product;
    expect(productJson.safeParse(withoutCents).success).toBe(false);
  });
});
