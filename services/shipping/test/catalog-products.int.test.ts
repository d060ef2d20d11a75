import { status } from '@grpc/grpc-js';
import { catalog } from '@commerce/contracts';
import { rejectionOf } from '@commerce/testing';
import { catalogBeside, fixtures, groupRate, startShippingHarness, type RunningCatalog, type ShippingHarness } from './shipping.fixture';

// Shipping with the real catalog: the delete-in-use rule is decided by CatalogService.RetireShippingGroup, and the
// shipping rate's products come from CatalogService.CountProductsInShippingGroup, asked at the moment they matter.
let harness: ShippingHarness;
let running: RunningCatalog;
const { aClass, aGroup } = fixtures(() => harness.client);

beforeAll(async () => {
  harness = await startShippingHarness({ withCatalog: true });
  running = catalogBeside(harness);
});

afterAll(() => harness?.stop());

const aProduct = async (storeId: number, shippingGroupId: number) =>
  (
    await running.catalog.createProduct(
      catalog.CreateProductRequest.fromPartial({ store_id: storeId, name: 'Poster', cents: 1500, shipping_group_id: shippingGroupId }),
    )
  ).product!;

describe('a group products use', () => {
  it('cannot be deleted (FAILED_PRECONDITION SHIPPING_GROUP_IN_USE), then can once its product is gone', async () => {
    const storeId = await running.aStore();
    const cls = await aClass(storeId);
    const group = await aGroup(storeId, { rates: [groupRate(cls.id, 500, 100)] });
    const product = await aProduct(storeId, group.id);

    const refused = await rejectionOf(harness.client.deleteShippingGroup({ store_id: storeId, shipping_group_id: group.id }));

    expect(refused.code).toBe(status.FAILED_PRECONDITION);
    expect(refused.reason).toBe('SHIPPING_GROUP_IN_USE');
    expect(refused.metadata).toEqual({ product_count: '1' });
    expect((await harness.client.getShippingGroup({ store_id: storeId, shipping_group_id: group.id })).shipping_group).toEqual(group);

    await running.catalog.deleteProduct({ store_id: storeId, product_id: product.id });
    const { shipping_group } = await harness.client.deleteShippingGroup({ store_id: storeId, shipping_group_id: group.id });

    expect(shipping_group).toEqual(group);
    expect((await rejectionOf(harness.client.getShippingGroup({ store_id: storeId, shipping_group_id: group.id }))).code).toBe(
      status.NOT_FOUND,
    );
    expect((await harness.client.getShippingClass({ store_id: storeId, shipping_class_id: cls.id })).shipping_class!.rates).toEqual([]);
  });

  it('announces the deleted group as it was, and each class that lost its rate', async () => {
    const storeId = await running.aStore();
    const cls = await aClass(storeId);
    const group = await aGroup(storeId, { name: 'Gone', rates: [groupRate(cls.id, 500, 100)] });

    await harness.client.deleteShippingGroup({ store_id: storeId, shipping_group_id: group.id });

    const events = await harness.waitForEvents('shipping', 5, { store_id: storeId });
    expect(events.slice(3).map((event) => [event.topic, event.resource_id, event.sequence])).toEqual([
      ['shipping_group/deleted', group.id, 2],
      ['shipping_class/updated', cls.id, 3],
    ]);
    expect(events[3].resource).toEqual({ id: group.id, name: 'Gone', shipping_rates: [{ shipping_rate: groupRate(cls.id, 500, 100) }] });
  });
});

describe('a group deleted while catalog writes products', () => {
  it('is refused to product writes by catalog the moment its delete answers, before any event', async () => {
    const storeId = await running.aStore();
    const group = await aGroup(storeId);

    await harness.client.deleteShippingGroup({ store_id: storeId, shipping_group_id: group.id });
    const refused = await rejectionOf(
      running.catalog.createProduct(
        catalog.CreateProductRequest.fromPartial({ store_id: storeId, name: 'Late', cents: 1, shipping_group_id: group.id }),
      ),
    );

    expect(refused.code).toBe(status.INVALID_ARGUMENT);
    expect(refused.fieldViolations!.shipping_group_id).toHaveLength(1);
  });

  it('answers ABORTED while another delete of the group holds it in catalog, keeps it, and deletes it once that one gave up', async () => {
    const storeId = await running.aStore();
    const group = await aGroup(storeId);
    const other = { store_id: storeId, shipping_group_id: group.id, retirement_token: 'another-attempt' };
    await running.catalog.retireShippingGroup(other);

    const refused = await rejectionOf(harness.client.deleteShippingGroup({ store_id: storeId, shipping_group_id: group.id }));

    expect(refused.code).toBe(status.ABORTED);
    expect(refused.message).toBe('Another deletion of this shipping group is under way; try again');
    expect((await harness.client.getShippingGroup({ store_id: storeId, shipping_group_id: group.id })).shipping_group).toEqual(group);
    await running.catalog.restoreShippingGroup(other);
    expect((await harness.client.deleteShippingGroup({ store_id: storeId, shipping_group_id: group.id })).shipping_group).toEqual(group);
  });

  it('leaves the group usable in catalog when the delete is refused for its products', async () => {
    const storeId = await running.aStore();
    const group = await aGroup(storeId);
    await aProduct(storeId, group.id);

    await rejectionOf(harness.client.deleteShippingGroup({ store_id: storeId, shipping_group_id: group.id }));

    expect((await aProduct(storeId, group.id)).shipping_group_id).toBe(group.id);
  });
});

describe('shipping rates with their products', () => {
  it('GetShippingRate lists the group products and the pair rate', async () => {
    const storeId = await running.aStore();
    const cls = await aClass(storeId);
    const group = await aGroup(storeId, { rates: [groupRate(cls.id, 500, 100)] });
    const [first, second] = [await aProduct(storeId, group.id), await aProduct(storeId, group.id)];

    const answer = await harness.client.getShippingRate({ store_id: storeId, shipping_group_id: group.id, shipping_class_id: cls.id });

    expect(answer.product_ids).toEqual([first.id, second.id]);
    expect(answer.rate).toEqual({
      shipping_group_id: group.id,
      shipping_class_id: cls.id,
      first_item_in_cents: 500,
      additional_item_in_cents: 100,
    });
    expect(answer.shipping_group).toEqual(group);
  });

  it('UpdateShippingRate sets a new pair, keeps an absent amount, and announces both ends', async () => {
    const storeId = await running.aStore();
    const cls = await aClass(storeId);
    const group = await aGroup(storeId);

    const created = await harness.client.updateShippingRate({
      store_id: storeId,
      shipping_group_id: group.id,
      shipping_class_id: cls.id,
      first_item_in_cents: 700,
    });
    const changed = await harness.client.updateShippingRate({
      store_id: storeId,
      shipping_group_id: group.id,
      shipping_class_id: cls.id,
      additional_item_in_cents: 250,
    });

    expect(created.rate).toMatchObject({ first_item_in_cents: 700, additional_item_in_cents: 0 });
    expect(changed.rate).toMatchObject({ first_item_in_cents: 700, additional_item_in_cents: 250 });
    expect(changed.shipping_group!.rates).toEqual([groupRate(cls.id, 700, 250)]);
    expect(changed.shipping_class!.rates).toEqual([
      { shipping_group_id: group.id, first_item_in_cents: 700, additional_item_in_cents: 250 },
    ]);
    const events = await harness.waitForEvents('shipping', 6, { store_id: storeId });
    expect(events.slice(2).map((event) => [event.topic, event.sequence])).toEqual([
      ['shipping_group/updated', 2],
      ['shipping_class/updated', 2],
      ['shipping_group/updated', 3],
      ['shipping_class/updated', 3],
    ]);
  });

  it('answers a pair without a rate with no rate', async () => {
    const storeId = await running.aStore();
    const [cls, group] = [await aClass(storeId), await aGroup(storeId)];

    const answer = await harness.client.getShippingRate({ store_id: storeId, shipping_group_id: group.id, shipping_class_id: cls.id });

    expect(answer).toMatchObject({ product_ids: [], rate: undefined });
  });
});

describe('DeleteShippingRate', () => {
  it('removes one pair, keeps every other rate, and answers the pair as it was with its products', async () => {
    const storeId = await running.aStore();
    const [standard, express] = [await aClass(storeId), await aClass(storeId, { name: 'Express' })];
    const group = await aGroup(storeId, { rates: [groupRate(standard.id, 500, 100), groupRate(express.id, 900, 300)] });
    const other = await aGroup(storeId, { name: 'Mugs', rates: [groupRate(standard.id, 700, 0)] });
    const product = await aProduct(storeId, group.id);
    const before = await harness.client.getShippingRate({ store_id: storeId, shipping_group_id: group.id, shipping_class_id: standard.id });

    const answer = await harness.client.deleteShippingRate({
      store_id: storeId,
      shipping_group_id: group.id,
      shipping_class_id: standard.id,
    });

    expect(answer).toEqual(before);
    expect(answer.product_ids).toEqual([product.id]);
    expect(answer.rate).toEqual({
      shipping_group_id: group.id,
      shipping_class_id: standard.id,
      first_item_in_cents: 500,
      additional_item_in_cents: 100,
    });
    const after = await harness.client.getShippingRate({ store_id: storeId, shipping_group_id: group.id, shipping_class_id: standard.id });
    expect(after.rate).toBeUndefined();
    expect(after.shipping_group!.rates).toEqual([groupRate(express.id, 900, 300)]);
    expect(after.shipping_class!.rates).toEqual([{ shipping_group_id: other.id, first_item_in_cents: 700, additional_item_in_cents: 0 }]);
  });

  it('announces both ends of the removed rate, as a rate change does', async () => {
    const storeId = await running.aStore();
    const cls = await aClass(storeId);
    const group = await aGroup(storeId, { rates: [groupRate(cls.id, 500, 100)] });

    await harness.client.deleteShippingRate({ store_id: storeId, shipping_group_id: group.id, shipping_class_id: cls.id });

    const events = await harness.waitForEvents('shipping', 5, { store_id: storeId });
    expect(events.slice(3).map((event) => [event.topic, event.resource_id, event.sequence])).toEqual([
      ['shipping_group/updated', group.id, 2],
      ['shipping_class/updated', cls.id, 3],
    ]);
    expect(events[3].resource).toEqual({ id: group.id, name: group.name, shipping_rates: [] });
    expect(events[4].resource).toMatchObject({ id: cls.id, shipping_rates: [] });
  });

  it('answers NOT_FOUND for a pair without a rate, an unknown group or an unknown class, and changes nothing', async () => {
    const storeId = await running.aStore();
    const [cls, unrated] = [await aClass(storeId), await aClass(storeId, { name: 'Express' })];
    const group = await aGroup(storeId, { rates: [groupRate(cls.id, 500, 100)] });
    const remove = (shipping_group_id: number, shipping_class_id: number) =>
      rejectionOf(harness.client.deleteShippingRate({ store_id: storeId, shipping_group_id, shipping_class_id }));

    const [noRate, noGroup, noClass] = [await remove(group.id, unrated.id), await remove(987_654, cls.id), await remove(group.id, 987_654)];

    expect([noRate.code, noGroup.code, noClass.code]).toEqual([status.NOT_FOUND, status.NOT_FOUND, status.NOT_FOUND]);
    expect([noRate.message, noGroup.message, noClass.message]).toEqual([
      'Shipping rate not found',
      'Shipping group not found',
      'Shipping class not found',
    ]);
    expect((await harness.client.getShippingGroup({ store_id: storeId, shipping_group_id: group.id })).shipping_group).toEqual(group);
  });

  it('answers NOT_FOUND the second time', async () => {
    const storeId = await running.aStore();
    const cls = await aClass(storeId);
    const group = await aGroup(storeId, { rates: [groupRate(cls.id, 500, 100)] });
    await harness.client.deleteShippingRate({ store_id: storeId, shipping_group_id: group.id, shipping_class_id: cls.id });

    const error = await rejectionOf(
      harness.client.deleteShippingRate({ store_id: storeId, shipping_group_id: group.id, shipping_class_id: cls.id }),
    );

    expect(error.code).toBe(status.NOT_FOUND);
  });
});

describe('when catalog stops', () => {
  it('refuses to delete a group with UNAVAILABLE and keeps it', async () => {
    const storeId = await running.aStore();
    const group = await aGroup(storeId);
    await running.process.stop();

    const error = await rejectionOf(harness.client.deleteShippingGroup({ store_id: storeId, shipping_group_id: group.id }));

    expect(error.code).toBe(status.UNAVAILABLE);
    expect((await harness.client.getShippingGroup({ store_id: storeId, shipping_group_id: group.id })).shipping_group).toEqual(group);
  });
});
