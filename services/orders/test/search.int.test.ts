// ListOrders search and placement range (docs/orders.md#listing): `q` as an order number or text of the buyer's e-mail
// (its characters literal), created_at_min/max, each combined with status, older_than_id and pages; another store's
// orders never answer.
import { orders } from '@commerce/contracts';
import { GrpcStatus } from '@commerce/grpc-runtime';
import { rejectionOf } from '@commerce/testing';
import { aShop, anOpenOrder, startOrdersHarness, type OrdersHarness, type Shop } from './orders.fixture';

let harness: OrdersHarness;
let shop: Shop;
let other: Shop;
/** The shop's orders by buyer, placed in this order (ids ascending). */
let placed: Record<'ann' | 'bob' | 'carol' | 'dave' | 'emile' | 'digits', orders.Order>;
/** The other shop's order, for a buyer of the same e-mail as the shop's first one. */
let theirs: orders.Order;

const list = (request: Partial<orders.ListOrdersRequest>, storeId = shop.storeId) =>
  harness.client.listOrders(orders.ListOrdersRequest.fromPartial({ store_id: storeId, ...request }));
const idsOf = (answer: orders.ListOrdersResponse) => answer.orders.map((order) => order.id);

beforeAll(async () => {
  harness = await startOrdersHarness();
  shop = await aShop(harness, { teaStock: 100, mugStock: 100 });
  other = await aShop(harness, { teaStock: 100, mugStock: 100 });
  const buyer = async (email: string) => anOpenOrder(harness, shop, { email });
  const ann = await buyer('Ann.Lee@Example.com');
  theirs = await anOpenOrder(harness, other, { email: 'ann.lee@example.com' });
  const bob = await buyer('bob_smith@example.org');
  const carol = await buyer('carol%ff@x.io');
  const dave = await buyer('dave.(x)+z@example.net');
  const emile = await buyer('emile.[a-z]*@ecole.fr');
  // The one e-mail with digits: those of Ann's order number.
  const digits = await buyer(`n${ann.id}@digits.example`);
  await harness.client.shipOrder(orders.ShipOrderRequest.fromPartial({ store_id: shop.storeId, order_id: bob.id }));
  placed = { ann, bob, carol, dave, emile, digits };
});

afterAll(() => harness?.stop());

describe('ListOrders q: an order number', () => {
  it('answers the order of that number, "#" or not; bare digits also find e-mails holding them', async () => {
    expect(idsOf(await list({ q: `#${placed.ann.id}` }))).toEqual([placed.ann.id]);
    expect(idsOf(await list({ q: ` # ${placed.bob.id} ` }))).toEqual([placed.bob.id]);
    expect(idsOf(await list({ q: String(placed.ann.id) }))).toEqual([placed.digits.id, placed.ann.id]);
    // Carol's number may be part of Ann's (14 holds 4): then the e-mail holding Ann's answers too.
    const carolOrDigits = placed.digits.email.includes(String(placed.carol.id)) ? [placed.digits.id, placed.carol.id] : [placed.carol.id];
    expect(idsOf(await list({ q: String(placed.carol.id) }))).toEqual(carolOrDigits);
  });

  it("answers nothing for a number no order of the store has, another store's included", async () => {
    expect(await list({ q: '#999999999' })).toMatchObject({ orders: [], total: 0, current_max_id: 0 });
    expect(await list({ q: `#${theirs.id}` })).toMatchObject({ orders: [], total: 0 });
    expect(await list({ q: '#99999999999999999999999' })).toMatchObject({ orders: [], total: 0 });
  });
});

describe('ListOrders q: text of the e-mail', () => {
  it('finds a part of the e-mail whatever its case, newest first, counted', async () => {
    const ann = await list({ q: 'ANN.lee@EXAMPLE' });
    const example = await list({ q: 'example' });

    expect(idsOf(ann)).toEqual([placed.ann.id]);
    expect(idsOf(example)).toEqual([placed.digits.id, placed.dave.id, placed.bob.id, placed.ann.id]);
    expect(example).toMatchObject({ total: 4, current_max_id: placed.digits.id });
  });

  it.each([
    ['%', 'carol'],
    ['_', 'bob'],
    ['.(x)+', 'dave'],
    ['[a-z]*', 'emile'],
  ] as const)('takes %p literally', async (q, who) => {
    expect(idsOf(await list({ q }))).toEqual([placed[who].id]);
  });

  it.each(['.*', '^ann', 'a.n', '(x)+z@example.ne.', '\\', '%ff@x.io%'])(
    'matches nothing for %p, no e-mail holding it as written',
    async (q) => {
      expect(await list({ q })).toMatchObject({ orders: [], total: 0 });
    },
  );

  it("never answers another store's orders", async () => {
    expect(idsOf(await list({ q: 'ann.lee' }))).toEqual([placed.ann.id]);
    expect(idsOf(await list({ q: 'ann.lee' }, other.storeId))).toEqual([theirs.id]);
    expect(await list({ q: 'carol' }, other.storeId)).toMatchObject({ orders: [], total: 0 });
  });

  it('refuses a search longer than 254 characters or holding control characters: INVALID_ARGUMENT on q', async () => {
    for (const q of ['a'.repeat(255), 'ann\u0000', 'ann\nlee']) {
      const error = await rejectionOf(list({ q }));

      expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
      expect(Object.keys(error.fieldViolations ?? {})).toEqual(['q']);
    }
    expect(idsOf(await list({ q: `  ${'ann.lee'}  ` }))).toEqual([placed.ann.id]);
  });
});

describe('ListOrders: search with the other filters and pages', () => {
  it('combines with status', async () => {
    expect(idsOf(await list({ q: 'example', status: 'shipped' }))).toEqual([placed.bob.id]);
    expect(idsOf(await list({ q: 'example', status: 'open' }))).toEqual([placed.digits.id, placed.dave.id, placed.ann.id]);
    expect(await list({ q: `#${placed.bob.id}`, status: 'open' })).toMatchObject({ orders: [], total: 0 });
  });

  it('answers only orders placed at or after created_at_min and at or before created_at_max, with q and status', async () => {
    const from = placed.bob.created_at!;
    const to = placed.dave.created_at!;

    expect(idsOf(await list({ created_at_min: from }))).toEqual([
      placed.digits.id,
      placed.emile.id,
      placed.dave.id,
      placed.carol.id,
      placed.bob.id,
    ]);
    expect(idsOf(await list({ created_at_min: from, created_at_max: to }))).toEqual([placed.dave.id, placed.carol.id, placed.bob.id]);
    expect(idsOf(await list({ created_at_max: placed.ann.created_at! }))).toEqual([placed.ann.id]);
    expect(idsOf(await list({ q: 'example', created_at_min: from, created_at_max: to }))).toEqual([placed.dave.id, placed.bob.id]);
    expect(idsOf(await list({ q: 'example', status: 'open', created_at_min: from, created_at_max: to }))).toEqual([placed.dave.id]);
    expect(await list({ created_at_min: to, created_at_max: from })).toMatchObject({ orders: [], total: 0 });
  });

  it('pages the matches: page and limit, older_than_id, total and current_max_id of the whole search', async () => {
    const second = await list({ q: 'example', limit: 2, page: 2 });
    const pinned = await list({ q: 'example', limit: 2, page: 2, older_than_id: placed.digits.id + 1 });
    const below = await list({ q: 'example', older_than_id: placed.dave.id });
    const beyond = await list({ q: 'example', limit: 2, page: 3 });

    expect(idsOf(second)).toEqual([placed.bob.id, placed.ann.id]);
    expect(second).toMatchObject({ page: 2, limit: 2, total: 4, current_max_id: placed.digits.id });
    expect(idsOf(pinned)).toEqual(idsOf(second));
    expect(idsOf(below)).toEqual([placed.bob.id, placed.ann.id]);
    expect(below).toMatchObject({ total: 2, current_max_id: placed.bob.id });
    expect(beyond).toMatchObject({ orders: [], total: 4 });
  });
});
