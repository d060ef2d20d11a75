import type { CommerceClient, EventTopic } from '@commerce/sdk';

/** What a trigger made or changed, by kind (`product`, `order`...), each with its id: printed for the developer. */
export type Made = Array<{ kind: string; id: number | string; note?: string }>;

/** Makes the store fire one topic through the public API, recording in `made` what it creates or changes. */
type Plan = (api: CommerceClient, made: Made) => Promise<void>;

/** Short and unique enough that a second trigger never collides with the first (codes, names, permalinks). */
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1_296).toString(36)}`;

async function product(api: CommerceClient, made: Made, extra: { shipping_group_id?: number } = {}) {
  const { data } = await api.POST('/v1/products', {
    body: { name: `Trigger product ${tag()}`, price: '10.00', status: 'active', ...extra },
  });
  made.push({ kind: 'product', id: data.id });
  return data;
}

async function collection(api: CommerceClient, made: Made) {
  const { data } = await api.POST('/v1/collections', { body: { name: `Trigger collection ${tag()}` } });
  made.push({ kind: 'collection', id: data.id });
  return data;
}

async function shippingGroup(api: CommerceClient, made: Made) {
  const { data } = await api.POST('/v1/shipping_groups', { body: { name: `Trigger group ${tag()}` } });
  made.push({ kind: 'shipping_group', id: data.id });
  return data;
}

async function shippingClass(api: CommerceClient, made: Made, rateFor?: number) {
  const rates = rateFor === undefined ? [] : [{ shipping_group_id: rateFor, first_item_in_cents: 500, additional_item_in_cents: 100 }];
  const { data } = await api.POST('/v1/shipping_classes', { body: { name: `Trigger class ${tag()}`, countries: ['US'], rates } });
  made.push({ kind: 'shipping_class', id: data.id });
  return data;
}

/** US territories first, then the states: a trigger takes the first the store has no rate for (one rate per state). */
const US_REGIONS = (
  'AS GU MP PR VI UM AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY ' +
  'NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'
).split(' ');

async function taxRate(api: CommerceClient, made: Made) {
  const { data } = await api.GET('/v1/tax_rates');
  const taken = new Set(data.tax_rates.filter((rate) => rate.country === 'US').map((rate) => rate.state));
  const state = US_REGIONS.find((code) => !taken.has(code));
  if (!state) throw new Error('every US state of the store has a tax rate already: delete one to trigger tax_rate/*');
  const { data: created } = await api.POST('/v1/tax_rates', { body: { country: 'US', state, name: `Trigger tax ${tag()}`, rate: '0.5' } });
  made.push({ kind: 'tax_rate', id: created.id, note: `US-${state}, 0.5%` });
  return created;
}

async function discount(api: CommerceClient, made: Made) {
  const { data } = await api.POST('/v1/discounts', { body: { code: `TRIGGER-${tag()}`.toUpperCase(), kind: 'percentage', value: 5 } });
  made.push({ kind: 'discount', id: data.id, note: data.code });
  return data;
}

async function template(api: CommerceClient, made: Made) {
  const name = `Trigger page ${tag()}`;
  const { data } = await api.POST('/v1/store/templates', { body: { name, content: `<h1>${name}</h1>` } });
  made.push({ kind: 'template', id: data.id });
  return data;
}

/**
 * A paid order, as a buyer places it on the store's site: a shipping group with a class and rate to the US, a
 * product in stock in it, then the buyer's checkout with the test processor's approved card (docs/orders.md).
 */
async function order(api: CommerceClient, made: Made, paymentToken: 'tok_visa' | 'tok_chargeDeclined' = 'tok_visa') {
  const group = await shippingGroup(api, made);
  await shippingClass(api, made, group.id);
  const item = await product(api, made, { shipping_group_id: group.id });
  const variantId = item.variants[0]!.variant.id;
  await api.PUT('/v1/products/{product_id}/variants/{id}', {
    params: { path: { product_id: item.id, id: variantId } },
    body: { full_quantity: 10, in_stock: 10 },
  });
  const { data: store } = await api.GET('/v1/store');
  const checkout = api.POST('/s/{subdomain}/checkout', {
    params: { path: { subdomain: store.subdomain } },
    body: {
      email: 'buyer@example.com',
      address: { name: 'Trigger Buyer', address_1: '1 Main St', city: 'Springfield', state: 'IL', postal: '62701', country: 'US' },
      items: [{ variant_id: variantId, quantity: 2 }],
      payment_token: paymentToken,
    },
  });
  if (paymentToken === 'tok_chargeDeclined') {
    const declined = await checkout.then(
      () => undefined,
      (error: unknown) => error,
    );
    if ((declined as { status?: number } | undefined)?.status !== 402) throw declined ?? new Error('the declined card was charged');
    made.push({ kind: 'order', id: 'declined', note: 'the checkout was declined (402): the order is kept as failed' });
    return undefined;
  }
  const { data: placed } = await checkout;
  made.push({ kind: 'order', id: placed.id });
  return placed;
}

async function paidOrder(api: CommerceClient, made: Made) {
  const placed = await order(api, made);
  return placed!;
}

async function shippedOrder(api: CommerceClient, made: Made) {
  const placed = await paidOrder(api, made);
  const { data: shipped } = await api.PUT('/v1/orders/{id}/ship', {
    params: { path: { id: placed.id } },
    body: { shipping_company: 'USPS', tracking_number: `TRIGGER${tag()}`.toUpperCase() },
  });
  return shipped;
}

/** How each public topic is made to fire. `app/uninstalled` has none: only the owner uninstalling an app fires it. */
export const TRIGGER_PLANS: Readonly<Record<Exclude<EventTopic, 'app/uninstalled'>, Plan>> = {
  'product/created': async (api, made) => void (await product(api, made)),
  'product/updated': async (api, made) => {
    const created = await product(api, made);
    await api.PUT('/v1/products/{id}', { params: { path: { id: created.id } }, body: { description: 'Updated by storectl trigger' } });
  },
  'product/deleted': async (api, made) => {
    const created = await product(api, made);
    await api.DELETE('/v1/products/{id}', { params: { path: { id: created.id } } });
  },
  'variant/created': async (api, made) => {
    const created = await product(api, made);
    const { data } = await api.POST('/v1/products/{product_id}/variants', {
      params: { path: { product_id: created.id } },
      body: { name: 'Large', full_quantity: 5 },
    });
    made.push({ kind: 'variant', id: data.id });
  },
  'variant/updated': async (api, made) => {
    const created = await product(api, made);
    const variantId = created.variants[0]!.variant.id;
    await api.PUT('/v1/products/{product_id}/variants/{id}', {
      params: { path: { product_id: created.id, id: variantId } },
      body: { full_quantity: 3, in_stock: 3 },
    });
    made.push({ kind: 'variant', id: variantId, note: 'stock set to 3' });
  },
  'variant/deleted': async (api, made) => {
    const created = await product(api, made);
    const { data } = await api.POST('/v1/products/{product_id}/variants', {
      params: { path: { product_id: created.id } },
      body: { name: 'Temporary', full_quantity: 1 },
    });
    await api.DELETE('/v1/products/{product_id}/variants/{id}', { params: { path: { product_id: created.id, id: data.id } } });
    made.push({ kind: 'variant', id: data.id, note: 'deleted' });
  },
  'collection/created': async (api, made) => void (await collection(api, made)),
  'collection/updated': async (api, made) => {
    const created = await collection(api, made);
    await api.PUT('/v1/collections/{id}', { params: { path: { id: created.id } }, body: { description: 'Updated by storectl trigger' } });
  },
  'collection/deleted': async (api, made) => {
    const created = await collection(api, made);
    await api.DELETE('/v1/collections/{id}', { params: { path: { id: created.id } } });
  },
  'shipping_group/created': async (api, made) => void (await shippingGroup(api, made)),
  'shipping_group/updated': async (api, made) => {
    const created = await shippingGroup(api, made);
    await api.PUT('/v1/shipping_groups/{id}', { params: { path: { id: created.id } }, body: { name: `${created.name} (renamed)` } });
  },
  'shipping_group/deleted': async (api, made) => {
    const created = await shippingGroup(api, made);
    await api.DELETE('/v1/shipping_groups/{id}', { params: { path: { id: created.id } } });
  },
  'shipping_class/created': async (api, made) => void (await shippingClass(api, made)),
  'shipping_class/updated': async (api, made) => {
    const created = await shippingClass(api, made);
    await api.PUT('/v1/shipping_classes/{id}', { params: { path: { id: created.id } }, body: { countries: ['US', 'CA'] } });
  },
  'shipping_class/deleted': async (api, made) => {
    const created = await shippingClass(api, made);
    await api.DELETE('/v1/shipping_classes/{id}', { params: { path: { id: created.id } } });
  },
  'tax_rate/created': async (api, made) => void (await taxRate(api, made)),
  'tax_rate/updated': async (api, made) => {
    const created = await taxRate(api, made);
    await api.PUT('/v1/tax_rates/{id}', { params: { path: { id: created.id } }, body: { rate: '0.75' } });
  },
  'tax_rate/deleted': async (api, made) => {
    const created = await taxRate(api, made);
    await api.DELETE('/v1/tax_rates/{id}', { params: { path: { id: created.id } } });
  },
  'discount/created': async (api, made) => void (await discount(api, made)),
  'discount/updated': async (api, made) => {
    const created = await discount(api, made);
    await api.PUT('/v1/discounts/{id}', { params: { path: { id: created.id } }, body: { value: 10 } });
  },
  'discount/deleted': async (api, made) => {
    const created = await discount(api, made);
    await api.DELETE('/v1/discounts/{id}', { params: { path: { id: created.id } } });
  },
  'store/updated': async (api, made) => {
    const { data: store } = await api.GET('/v1/store');
    const description = `Updated by storectl trigger at ${new Date().toISOString()}`;
    await api.PUT('/v1/store', { body: { description } });
    made.push({ kind: 'store', id: store.id, note: 'description changed' });
  },
  'template/created': async (api, made) => void (await template(api, made)),
  'template/updated': async (api, made) => {
    const created = await template(api, made);
    await api.PUT('/v1/store/templates/{id}', { params: { path: { id: created.id } }, body: { content: '<h1>Updated</h1>' } });
  },
  'template/deleted': async (api, made) => {
    const created = await template(api, made);
    await api.DELETE('/v1/store/templates/{id}', { params: { path: { id: created.id } } });
  },
  'order/created': async (api, made) => void (await paidOrder(api, made)),
  'order/paid': async (api, made) => void (await paidOrder(api, made)),
  'order/updated': async (api, made) => void (await order(api, made, 'tok_chargeDeclined')),
  'order/shipped': async (api, made) => void (await shippedOrder(api, made)),
  'fulfillment/updated': async (api, made) => {
    const shipped = await shippedOrder(api, made);
    const fulfillment = shipped.fulfillments[0]!;
    await api.PUT('/v1/orders/{order_id}/fulfillments/{id}', {
      params: { path: { order_id: shipped.id, id: fulfillment.id } },
      body: { tracking_number: `TRIGGER${tag()}`.toUpperCase(), shipping_company: 'UPS' },
    });
    made.push({ kind: 'fulfillment', id: fulfillment.id, note: 'tracking changed' });
  },
  'order/on_hold': async (api, made) => {
    const placed = await paidOrder(api, made);
    await api.PUT('/v1/orders/{id}/hold', { params: { path: { id: placed.id } } });
  },
  'order/opened': async (api, made) => {
    const placed = await paidOrder(api, made);
    await api.PUT('/v1/orders/{id}/hold', { params: { path: { id: placed.id } } });
    await api.PUT('/v1/orders/{id}/open', { params: { path: { id: placed.id } } });
  },
  'order/canceled': async (api, made) => {
    const placed = await paidOrder(api, made);
    await api.PUT('/v1/orders/{id}/cancel', { params: { path: { id: placed.id } } });
  },
  'refund/created': async (api, made) => {
    const placed = await paidOrder(api, made);
    const { data: refund } = await api.POST('/v1/orders/{id}/refunds', {
      params: { path: { id: placed.id } },
      body: { amount_in_cents: 100, note: 'Refund by storectl trigger' },
    });
    made.push({ kind: 'refund', id: refund.id, note: '100 in the minor unit' });
  },
};

export const TRIGGERABLE_TOPICS = Object.keys(TRIGGER_PLANS) as Array<keyof typeof TRIGGER_PLANS>;
