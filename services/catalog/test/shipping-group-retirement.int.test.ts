import { catalog } from '@commerce/contracts';
import { GrpcStatus } from '@commerce/grpc-runtime';
import { rejectionOf, waitFor } from '@commerce/testing';
import { createProduct, startCatalogHarness, type CatalogHarness } from './catalog.fixture';

// RetireShippingGroup and RestoreShippingGroup over gRPC, with the real shipping beside catalog. The hold is
// short and the sweep frequent here, so a retirement whose delete never happens ends within the test.
const HOLD_MS = 1_000;
let harness: CatalogHarness;

beforeAll(async () => {
  harness = await startCatalogHarness({ SHIPPING_GROUP_RETIREMENT_HOLD_MS: String(HOLD_MS), RECOVERY_INTERVAL_MS: '1000' });
});

afterAll(() => harness?.stop());

const aGroup = async (storeId: number, name = 'Heavy') =>
  (await harness.shipping.createShippingGroup({ store_id: storeId, name, rates: [] })).shipping_group!;
const retire = (storeId: number, groupId: number, token: string) =>
  harness.client.retireShippingGroup({ store_id: storeId, shipping_group_id: groupId, retirement_token: token });
const restore = (storeId: number, groupId: number, token: string) =>
  harness.client.restoreShippingGroup({ store_id: storeId, shipping_group_id: groupId, retirement_token: token });
const createIn = (storeId: number, groupId: number) =>
  harness.client.createProduct(
    catalog.CreateProductRequest.fromPartial({ store_id: storeId, name: 'Crate', cents: 100, shipping_group_id: groupId }),
  );

describe('RetireShippingGroup', () => {
  it('answers the products of a group in use and retires nothing', async () => {
    const storeId = (await harness.newStore()).id;
    const group = await aGroup(storeId);
    const [a, b] = [
      await createProduct(harness.client, storeId, { shipping_group_id: group.id }),
      await createProduct(harness.client, storeId, { shipping_group_id: group.id }),
    ];

    expect(await retire(storeId, group.id, 'attempt-1')).toEqual({
      retired: false,
      product_count: 2,
      product_ids: [a.id, b.id],
      held_for_ms: 0,
    });
    expect((await createIn(storeId, group.id)).product!.shipping_group_id).toBe(group.id);
  });

  it('retires an unused group: creates and updates naming it are INVALID_ARGUMENT; a repeat of the attempt answers the same', async () => {
    const storeId = (await harness.newStore()).id;
    const group = await aGroup(storeId);
    const other = await createProduct(harness.client, storeId, { shipping_group_id: (await aGroup(storeId, 'Light')).id });

    expect(await retire(storeId, group.id, 'attempt-1')).toEqual({
      retired: true,
      product_count: 0,
      product_ids: [],
      held_for_ms: HOLD_MS,
    });
    expect(await retire(storeId, group.id, 'attempt-1')).toMatchObject({ retired: true });

    const created = await rejectionOf(createIn(storeId, group.id));
    const moved = await rejectionOf(
      harness.client.updateProduct(
        catalog.UpdateProductRequest.fromPartial({ store_id: storeId, product_id: other.id, shipping_group_id: group.id }),
      ),
    );
    expect([created.code, moved.code]).toEqual([GrpcStatus.INVALID_ARGUMENT, GrpcStatus.INVALID_ARGUMENT]);
    expect(created.fieldViolations).toEqual({ shipping_group_id: ['is being deleted'] });
    expect(moved.fieldViolations).toEqual({ shipping_group_id: ['is being deleted'] });
  });

  it('answers ABORTED to another attempt while one holds the group, and needs a token', async () => {
    const storeId = (await harness.newStore()).id;
    const group = await aGroup(storeId);
    await retire(storeId, group.id, 'attempt-1');

    expect((await rejectionOf(retire(storeId, group.id, 'attempt-2'))).code).toBe(GrpcStatus.ABORTED);
    const noToken = await rejectionOf(retire(storeId, group.id, ''));
    expect(noToken.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(noToken.fieldViolations).toEqual({ retirement_token: ['is required'] });
  });
});

describe('RestoreShippingGroup', () => {
  it('ends only its own retirement; products may take the group again', async () => {
    const storeId = (await harness.newStore()).id;
    const group = await aGroup(storeId);
    await retire(storeId, group.id, 'attempt-1');

    expect(await restore(storeId, group.id, 'attempt-2')).toEqual({ restored: false });
    expect(await restore(storeId, group.id, 'attempt-1')).toEqual({ restored: true });

    expect((await createIn(storeId, group.id)).product).toMatchObject({ shipping_group_id: group.id, shipping_group_name: 'Heavy' });
  });
});

describe('a retirement whose delete never happened', () => {
  it('is restored by the sweep once its hold passed, since shipping still has the group', async () => {
    const storeId = (await harness.newStore()).id;
    const group = await aGroup(storeId);
    await retire(storeId, group.id, 'abandoned-attempt');
    expect((await rejectionOf(createIn(storeId, group.id))).code).toBe(GrpcStatus.INVALID_ARGUMENT);

    const product = await waitFor(
      () =>
        createIn(storeId, group.id).then(
          (answer) => answer.product,
          () => undefined,
        ),
      {
        timeoutMs: 10_000,
        message: 'the group usable again after the hold',
      },
    );
    expect(product.shipping_group_id).toBe(group.id);
  });

  it('stays refused when shipping did delete the group', async () => {
    const storeId = (await harness.newStore()).id;
    const group = await aGroup(storeId);

    await harness.shipping.deleteShippingGroup({ store_id: storeId, shipping_group_id: group.id });

    // At once, whether or not the deleted event reached the projection yet; then for good once it did.
    expect((await rejectionOf(createIn(storeId, group.id))).code).toBe(GrpcStatus.INVALID_ARGUMENT);
    await waitFor(
      async () =>
        (await rejectionOf(createIn(storeId, group.id))).fieldViolations?.shipping_group_id?.[0] ===
        'is not a shipping group of this store',
      {
        message: 'the deleted event applied',
      },
    );
  });
});
