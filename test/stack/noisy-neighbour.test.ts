// Issue 30: one store's request never slows another's. Before, an input a service echoed in its validation error (4,000
// bad topics, 5,000 unknown product ids, a Liquid error in 60 KB of template) made gRPC trailers past HTTP/2's header
// limit: the gateway's channel to that service stalled, and every store's calls to it answered 503 at the 5 s
// deadline. Here one store sends, to every write route and in JSON and form bodies, the largest and most repetitive
// input the limits allow (docs/api-conventions.md#input-ceilings) while its neighbour makes its usual calls.
import { ApiClient, type ApiAnswer, type InputStyle } from '../support/api.client';
import { checkout, checkoutParams, stockShop, type StockedShop } from '../support/orders.fixture';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';

/** The ceilings of gateway/src/http/ceilings.ts, and the gateway's 1 MB body limit, which the lists below fit. */
const LINE = 2_048;
const TEXT = 65_535;
const DOCUMENT = 256 * 1024;
const SHORT_LIST = 250;
const LIST = 10_000;
/** Far below the 5 s deadline at which stalled calls used to fail; a loaded 2-core machine answers these in tens of ms. */
const PROMPT_MS = 1_000;

const line = (fill = 'x') => fill.repeat(LINE);
const times = <T>(count: number, make: (index: number) => T): T[] => Array.from({ length: count }, (_, index) => make(index));
/** Ids no store has: the largest int32s, each different, so nothing collapses them. */
const unknownIds = (count: number) => times(count, (index) => 2_147_483_647 - index);
const liquidErrorOf = (chars: number) => `{% ${'x'.repeat(chars - 6)} %}`;

let world: TwoStoreStack;
let noisy: ApiClient;
let neighbour: ApiClient;
let shop: StockedShop;
const ids = {
  webhook: 0,
  collection: 0,
  template: 0,
  order: 0,
  fulfillment: 0,
  taxRate: 0,
  discount: 0,
  neighbourWebhook: 0,
  neighbourProduct: 0,
};

beforeAll(async () => {
  // The neighbour calls faster than its rate limit allows, and the noise has no part in that limit: lift it.
  world = await startTwoStoreStack('noisy', ['noisyshop', 'quietshop'], {
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    RATE_LIMIT_BURST: '100000',
  });
  [noisy, neighbour] = [world.shop, world.rival];
  shop = await stockShop(noisy, [{ name: 'Tea', cents: 500, stock: [100] }]);
  ids.webhook = (await created(noisy.post('/v1/webhooks.json', { url: 'http://127.0.0.1:9/hooks', events: ['order/paid'] }))).id;
  ids.collection = (await created(noisy.post('/v1/collections.json', { name: 'All' }))).id;
  ids.taxRate = (await created(noisy.post('/v1/tax_rates.json', { country: 'US', name: 'US tax', rate: 5 }))).id;
  ids.discount = (await created(noisy.post('/v1/discounts.json', { code: 'NOISE', kind: 'percentage', value: 5 }))).id;
  await created(neighbour.post('/v1/discounts.json', { code: 'QUIET', kind: 'percentage', value: 5 }));
  ids.template = (await created(noisy.post('/v1/store/templates.json', { name: 'About', content: '<p>About us</p>' }))).id;
  const placed = await checkout(
    world.stack.baseUrl,
    world.subdomains[0],
    checkoutParams([{ variant_id: shop.products[0]!.variantIds[0]!, quantity: 2 }]),
  );
  ids.order = placed.body!.data.id;
  const order = await created(noisy.put(`/v1/orders/${ids.order}/ship.json`, { items: [placed.body!.data.items[0].item.id] }));
  ids.fulfillment = order.fulfillments[0].id;

  ids.neighbourWebhook = (
    await created(neighbour.post('/v1/webhooks.json', { url: 'http://127.0.0.1:9/hooks', events: ['product/created'] }))
  ).id;
  ids.neighbourProduct = (await created(neighbour.post('/v1/products.json', { name: 'Green Tea', cents: 900 }))).id;
  await created(neighbour.post('/v1/collections.json', { name: 'Teas', products: [ids.neighbourProduct] }));
  await created(neighbour.post('/v1/store/templates.json', { name: 'Story', content: '<p>{{ store.name }}</p>' }));
});

afterAll(() => world?.stop());

async function created(answer: Promise<ApiAnswer>) {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`setup call answered ${status}: ${JSON.stringify(body).slice(0, 500)}`);
  return body.data;
}

interface Noise {
  route: string;
  send(style: InputStyle): Promise<ApiAnswer>;
}

const product = () => ({
  name: line(),
  cents: 100,
  description: 'd'.repeat(TEXT),
  tag_list: times(150, () => line('t')),
  photos: times(100, (index) => `https://img.example.com/${index}/${'p'.repeat(LINE - 40)}`),
});
const shippingClass = () => ({
  name: line(),
  countries: times(SHORT_LIST, () => line('Z')),
  rates: unknownIds(SHORT_LIST).map((id) => ({ shipping_group_id: id, first_item_in_cents: -1, additional_item_in_cents: -1 })),
});
const shippingGroup = () => ({
  name: line(),
  rates: unknownIds(SHORT_LIST).map((id) => ({ shipping_class_id: id, first_item_in_cents: -1, additional_item_in_cents: -1 })),
});
const webhook = () => ({ url: `http://127.0.0.1:9/${'h'.repeat(LINE - 30)}`, events: times(SHORT_LIST, () => line('e')) });
const template = () => ({ name: line(), permalink: line(), content: liquidErrorOf(DOCUMENT) });
const taxRate = () => ({ country: line('Z'), state: line('Z'), name: line(), rate: '9'.repeat(LINE), applies_to_shipping: line() });
const discount = () => ({
  code: line('C'),
  kind: line('k'),
  value: '9'.repeat(LINE),
  minimum_subtotal: line('9'),
  product_ids: unknownIds(SHORT_LIST),
  collection_ids: unknownIds(SHORT_LIST),
  starts_at: line('9'),
  ends_at: line('9'),
  usage_limit: line('9'),
});
const refund = () => ({
  items: unknownIds(SHORT_LIST).map((item_id) => ({ item_id, quantity: 10_000 })),
  shipping: true,
  restock: true,
  note: 'n'.repeat(TEXT),
});
const tracking = () => ({ tracking_number: 't'.repeat(TEXT), shipping_company: 'c'.repeat(TEXT), note_to_customer: 'n'.repeat(TEXT) });

/** Every write route of /v1 and of the buyer site, each with what fills its fields and lists to their ceilings. */
const NOISE: Noise[] = [
  { route: 'POST /v1/webhooks', send: (style) => noisy.post('/v1/webhooks.json', webhook(), style) },
  { route: 'PUT /v1/webhooks/:id', send: (style) => noisy.put(`/v1/webhooks/${ids.webhook}.json`, webhook(), style) },
  {
    route: 'POST /v1/webhooks/:id/replay',
    send: (style) => noisy.post(`/v1/webhooks/${ids.webhook}/replay.json`, { since: line('9') }, style),
  },
  {
    route: 'POST /v1/webhooks/:id/deliveries/:id/retry',
    send: (style) => noisy.post(`/v1/webhooks/${ids.webhook}/deliveries/2147483647/retry.json`, { junk: line() }, style),
  },
  {
    route: 'POST /v1/collections',
    send: (style) => noisy.post('/v1/collections.json', { name: line(), description: 'd'.repeat(TEXT), products: unknownIds(LIST) }, style),
  },
  {
    route: 'PUT /v1/collections/:id',
    send: (style) => noisy.put(`/v1/collections/${ids.collection}.json`, { name: line(), products: unknownIds(LIST) }, style),
  },
  { route: 'POST /v1/products', send: (style) => noisy.post('/v1/products.json', product(), style) },
  { route: 'PUT /v1/products/:id', send: (style) => noisy.put(`/v1/products/${shop.products[0]!.id}.json`, product(), style) },
  {
    route: 'POST /v1/products/:id/variants',
    send: (style) => noisy.post(`/v1/products/${shop.products[0]!.id}/variants.json`, { name: line(), sku: 's'.repeat(TEXT) }, style),
  },
  {
    route: 'PUT /v1/products/:id/variants/:id',
    send: (style) =>
      noisy.put(
        `/v1/products/${shop.products[0]!.id}/variants/${shop.products[0]!.variantIds[0]}.json`,
        { name: line(), sku: 's'.repeat(TEXT) },
        style,
      ),
  },
  { route: 'POST /v1/shipping_groups', send: (style) => noisy.post('/v1/shipping_groups.json', shippingGroup(), style) },
  { route: 'PUT /v1/shipping_groups/:id', send: (style) => noisy.put(`/v1/shipping_groups/${shop.groupId}.json`, shippingGroup(), style) },
  { route: 'POST /v1/shipping_classes', send: (style) => noisy.post('/v1/shipping_classes.json', shippingClass(), style) },
  {
    route: 'PUT /v1/shipping_classes/:id',
    send: (style) => noisy.put(`/v1/shipping_classes/${shop.classId}.json`, shippingClass(), style),
  },
  {
    route: 'PUT /v1/shipping_rate',
    send: (style) =>
      noisy.put(
        '/v1/shipping_rate.json',
        { shipping_group_id: shop.groupId, shipping_class_id: shop.classId, first_item_in_cents: -1, additional_item_in_cents: line('9') },
        style,
      ),
  },
  { route: 'POST /v1/store/templates', send: (style) => noisy.post('/v1/store/templates.json', template(), style) },
  { route: 'PUT /v1/store/templates/:id', send: (style) => noisy.put(`/v1/store/templates/${ids.template}.json`, template(), style) },
  {
    route: 'PUT /v1/store',
    send: (style) =>
      noisy.put(
        '/v1/store.json',
        { name: line(), description: 'd'.repeat(TEXT), css: 'c'.repeat(DOCUMENT), layout: liquidErrorOf(DOCUMENT) },
        style,
      ),
  },
  {
    route: 'PUT /v1/orders/:id/ship',
    send: (style) => noisy.put(`/v1/orders/${ids.order}/ship.json`, { items: unknownIds(SHORT_LIST), ...tracking() }, style),
  },
  {
    route: 'PUT /v1/orders/:id/fulfillments/:id',
    send: (style) => noisy.put(`/v1/orders/${ids.order}/fulfillments/${ids.fulfillment}.json`, tracking(), style),
  },
  {
    route: 'POST /v1/stores',
    send: (style) => noisy.post('/v1/stores.json', { name: line(), subdomain: line(), paypal_email: line(), time_zone: line() }, style),
  },
  {
    route: 'POST /v1/application/stores',
    send: (style) =>
      noisy.post(
        '/v1/application/stores.json',
        { client_id: line(), secret: line(), name: line(), subdomain: line(), owner: { login: line(), email: line(), password: line() } },
        style,
      ),
  },
  { route: 'POST /v1/tax_rates', send: (style) => noisy.post('/v1/tax_rates.json', taxRate(), style) },
  { route: 'PUT /v1/tax_rates/:id', send: (style) => noisy.put(`/v1/tax_rates/${ids.taxRate}.json`, taxRate(), style) },
  { route: 'POST /v1/discounts', send: (style) => noisy.post('/v1/discounts.json', discount(), style) },
  { route: 'PUT /v1/discounts/:id', send: (style) => noisy.put(`/v1/discounts/${ids.discount}.json`, discount(), style) },
  { route: 'POST /v1/orders/:id/refunds', send: (style) => noisy.post(`/v1/orders/${ids.order}/refunds.json`, refund(), style) },
  {
    route: 'POST /s/:subdomain/checkout/quote',
    send: (style) =>
      new ApiClient(world.stack.baseUrl, '').post(
        `/s/${world.subdomains[0]}/checkout/quote`,
        {
          address: { country: line() },
          items: unknownIds(SHORT_LIST).map((variant_id) => ({ variant_id, quantity: 10_000 })),
          discount_code: line(),
        },
        style,
      ),
  },
  {
    route: 'POST /s/:subdomain/checkout',
    send: (style) => {
      const address = Object.fromEntries(
        ['name', 'address_1', 'address_2', 'city', 'postal', 'state', 'state_abbrev', 'country'].map((field) => [field, line()]),
      );
      const params = {
        email: line(),
        address,
        items: unknownIds(SHORT_LIST).map((variant_id) => ({ variant_id, quantity: 10_000 })),
        user_note: 'n'.repeat(TEXT),
        payment_token: line(),
      };
      return new ApiClient(world.stack.baseUrl, '').post(`/s/${world.subdomains[0]}/checkout`, params, style);
    },
  },
];

/** The neighbour's usual calls, one to each service the noise reaches. */
const usualCalls = (): Array<[string, () => Promise<ApiAnswer>]> => [
  ['GET webhook', () => neighbour.get(`/v1/webhooks/${ids.neighbourWebhook}.json`)],
  ['GET collections', () => neighbour.get('/v1/collections.json')],
  ['GET product', () => neighbour.get(`/v1/products/${ids.neighbourProduct}.json`)],
  ['GET shipping classes', () => neighbour.get('/v1/shipping_classes.json')],
  ['GET templates', () => neighbour.get('/v1/store/templates.json')],
  ['GET store', () => neighbour.get('/v1/store.json')],
  ['GET orders', () => neighbour.get('/v1/orders.json')],
  ['GET discounts', () => neighbour.get('/v1/discounts.json')],
  ['GET tax rates', () => neighbour.get('/v1/tax_rates.json')],
  ['PUT store', () => neighbour.put('/v1/store.json', { description: 'Loose leaf teas' })],
];

async function timed<T>(call: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await call();
  return { answer, ms: Math.round(performance.now() - started) };
}

describe.each<InputStyle>(['json', 'form'])('the largest, most repetitive input of each write route, as a %s body', (style) => {
  it.each(NOISE.map((noise) => [noise.route, noise] as const))(
    '%s: a prompt 4xx, and the neighbour is answered as usual',
    async (_route, noise) => {
      const noisyCall = timed(() => noise.send(style));
      const calls = usualCalls();
      const answers = await Promise.all(calls.map(([, call]) => timed(call)));
      const { answer, ms } = await noisyCall;

      expect({ status: answer.status >= 400 && answer.status < 500 ? '4xx' : answer.status, body: answer.body.meta?.code }).toEqual({
        status: '4xx',
        body: answer.status,
      });
      expect(String(answer.body.error).length).toBeLessThanOrEqual(1_000);
      expect(ms).toBeLessThan(PROMPT_MS);
      const neighbourAnswers = calls.map(([name], index) => ({
        name,
        status: answers[index]!.answer.status,
        prompt: answers[index]!.ms < PROMPT_MS,
      }));
      expect(neighbourAnswers).toEqual(calls.map(([name]) => ({ name, status: 200, prompt: true })));
    },
  );
});
