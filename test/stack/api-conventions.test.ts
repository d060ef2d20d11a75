import { waitFor } from '@commerce/testing';
import type { ApiClient } from '../support/api.client';
import { checkout, checkoutParams, isPlaced, stockShop } from '../support/orders.fixture';
import type { JsonBody } from '../support/stack.harness';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';
import { WebhookReceiver } from '../support/webhook-receiver.harness';

/**
 * Issue 30, part 6: what every /v1 list and call has in common (docs/api-conventions.md), through the whole stack.
 * Paged lists stop offering a next page on their last one, `per_page` sizes the page of every paged list, a known
 * path with another method is a 405 with Allow, and parameters a call ignores are named in its answer.
 */

const PRODUCTS = 6;
const COLLECTIONS = 4;
const ORDERS = 5;

let world: TwoStoreStack;
let shop: ApiClient;
const receiver = new WebhookReceiver();
/** Every record of each list, as created (products, collections, orders) or as the service keeps them (deliveries, events). */
const expected: Record<string, Array<number | string>> = {};
let webhookId: number;

beforeAll(async () => {
  world = await startTwoStoreStack('conventions', ['pagingshop', 'pagingrival'], { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
  ({ shop } = world);
  const base = await receiver.listen();
  const hook = await shop.post('/v1/webhooks.json', { url: `${base}/paging`, events: ['product/created'] });
  expect(hook.status).toBe(200);
  receiver.secretFor('/paging', hook.body.data.secret);
  webhookId = hook.body.data.id;

  const stocked = await stockShop(shop, [{ name: 'Tea', cents: 900, stock: [100] }]);
  expected.products = [stocked.products[0]!.id];
  for (let n = 2; n <= PRODUCTS; n++)
    expected.products.push((await shop.post('/v1/products.json', { name: `Blend ${n}`, cents: 100 * n })).body.data.id);
  expected.collections = [];
  for (let n = 1; n <= COLLECTIONS; n++)
    expected.collections.push((await shop.post('/v1/collections.json', { name: `Shelf ${n}` })).body.data.id);
  expected.orders = [];
  for (let n = 1; n <= ORDERS; n++) {
    const placed = await checkout(
      world.stack.baseUrl,
      world.subdomains[0],
      checkoutParams([{ variant_id: stocked.products[0]!.variantIds[0]!, quantity: 1 }], { email: `buyer${n}@example.com` }),
    );
    if (!isPlaced(placed.status)) throw new Error(`checkout answered ${placed.status}: ${JSON.stringify(placed.body)}`);
    expected.orders.unshift(placed.body!.data.id); // newest first, as the list answers
  }
  // One delivery and one product/created event per product, once the webhooks service has them all.
  const deliveries = await waitFor(
    async () => {
      const list = (await shop.get(`/v1/webhooks/${webhookId}/deliveries.json?limit=250`)).body.data.deliveries as JsonBody[];
      return list.length === PRODUCTS ? list : undefined;
    },
    { timeoutMs: 30_000 },
  );
  expected.deliveries = deliveries.map((delivery) => delivery.id);
  const events = await waitFor(
    async () => {
      const list = (await shop.get('/v1/events.json?topic=product%2Fcreated&limit=250')).body.data.events as JsonBody[];
      return list.length === PRODUCTS ? list : undefined;
    },
    { timeoutMs: 30_000 },
  );
  expected.events = events.map((event) => event.id);
});

afterAll(async () => {
  await receiver.close();
  await world?.stop();
});

/** `/v1/products.json?...` of an absolute next_url, to call again with the key in its header. */
const pathOf = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** Follows next_url from `first` until a page has none, checking Link says the same; answers the ids read and the pages. */
async function walk(first: string, key: string): Promise<{ ids: Array<number | string>; pages: number }> {
  const ids: Array<number | string> = [];
  let next: string | null = first;
  let pages = 0;
  while (next !== null) {
    if (++pages > 50) throw new Error(`${first}: still a next page after 50 pages`);
    const answer = await shop.get(next);
    expect(answer.status).toBe(200);
    ids.push(...(answer.body.data[key] as JsonBody[]).map((record) => record.id as number | string));
    const nextUrl = answer.body.pagination.next_url as string | null;
    expect(answer.headers.get('link')).toBe(nextUrl === null ? null : `<${nextUrl}>; rel="next"`);
    next = nextUrl === null ? null : pathOf(nextUrl);
  }
  return { ids, pages };
}

const LISTS = [
  { key: 'products', first: '/v1/products.json' },
  { key: 'collections', first: '/v1/collections.json' },
  { key: 'orders', first: '/v1/orders.json' },
  { key: 'deliveries', first: () => `/v1/webhooks/${webhookId}/deliveries.json` },
  { key: 'events', first: '/v1/events.json?topic=product%2Fcreated' },
];
const firstOf = (list: (typeof LISTS)[number]) => (typeof list.first === 'string' ? list.first : list.first());
const withParam = (path: string, param: string) => `${path}${path.includes('?') ? '&' : '?'}${param}`;

describe.each(LISTS)('following next_url through $key', (list) => {
  it.each([1, 2, 3, 4, 6])('with per_page=%i visits every record once, in order, and stops after the last page', async (size) => {
    const all = expected[list.key]!;
    const { ids, pages } = await walk(withParam(firstOf(list), `per_page=${size}`), list.key);
    expect(ids).toEqual(all);
    expect(pages).toBe(Math.max(1, Math.ceil(all.length / size)));
  });

  it("with limit (the spec's name of the page size) and with none, the same records", async () => {
    expect((await walk(withParam(firstOf(list), 'limit=2'), list.key)).ids).toEqual(expected[list.key]);
    expect(await walk(firstOf(list), list.key)).toEqual({ ids: expected[list.key], pages: 1 });
  });
});

describe('past the last page', () => {
  it.each([
    ['products', `/v1/products.json?page=${PRODUCTS + 1}&per_page=1`],
    ['collections', `/v1/collections.json?page=${COLLECTIONS + 1}&per_page=1`],
    ['orders', `/v1/orders.json?page=${ORDERS + 1}&per_page=1`],
  ])('%s answer an empty page with no next page', async (key, path) => {
    const answer = await shop.get(path);
    expect(answer.body.data[key]).toEqual([]);
    expect(answer.body.pagination.next_url).toBeNull();
    expect(answer.headers.get('link')).toBeNull();
  });

  it('the cursor lists answer an empty page with no next page', async () => {
    const deliveries = await shop.get(`/v1/webhooks/${webhookId}/deliveries.json?older_than_id=${expected.deliveries!.at(-1)}`);
    expect(deliveries.body).toMatchObject({ data: { deliveries: [] }, pagination: { next_url: null } });
    const events = await shop.get(`/v1/events.json?topic=product%2Fcreated&since_id=${expected.events!.at(-1)}`);
    expect(events.body).toMatchObject({ data: { events: [] }, pagination: { next_url: null } });
  });
});

describe('lists that are not paged', () => {
  it.each(['/v1/webhooks.json', '/v1/shipping_groups.json', '/v1/shipping_classes.json', '/v1/store/templates.json'])(
    '%s answers every record for page 1, and refuses a page size or a later page',
    async (path) => {
      expect((await shop.get(withParam(path, 'page=1'))).status).toBe(200);
      const refused = await shop.get(withParam(path, 'per_page=2&page=2'));
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.meta.errors).sort()).toEqual(['page', 'per_page']);
    },
  );
});

describe('methods and parameters', () => {
  it('answers a known path with a method it does not take 405, naming the methods in Allow', async () => {
    const answer = await shop.raw('DELETE', '/v1/store.json', undefined);
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, HEAD, PUT');
    expect(answer.body.meta).toMatchObject({ code: 405, error_type: 'MethodNotAllowed' });
    expect((await shop.get('/v1/store.json')).status).toBe(200);
  });

  it.each(['json', 'form', 'query'] as const)(
    'names a field it ignored (%s): PUT /v1/store {"colour":"red"} is a 200 that says so',
    async (style) => {
      const answer = await shop.put('/v1/store.json', { name: 'Paging Shop', colour: 'red' }, style);
      expect(answer.status).toBe(200);
      expect(answer.body.data.name).toBe('Paging Shop');
      expect(answer.body.data).not.toHaveProperty('colour');
      expect(answer.body.meta).toEqual({ code: 200, api_version: '1.0', ignored_params: ['colour'] });
    },
  );
});
