// The retirement of a shipping group (RetireShippingGroup, RestoreShippingGroup, the sweep for retirements whose
// delete never happened) as use cases over the real repositories on the memory engine, with a clock the test
// moves and a shipping stand-in that knows which groups shipping still has.
import { catalog } from '@commerce/contracts';
import { isDomainError } from '@commerce/grpc-runtime';
import { createLogger } from '@commerce/observability';
import { openDatabase, type Database } from '@commerce/persistence';
import { restoreAbandonedRetirements } from '../src/app/abandoned-retirements';
import type { CatalogDeps, GroupSummary, ShippingPort } from '../src/app/catalog-deps';
import { createProduct } from '../src/app/create-product';
import { deleteProduct } from '../src/app/delete-product';
import { restoreShippingGroup } from '../src/app/restore-shipping-group';
import { retireShippingGroup } from '../src/app/retire-shipping-group';
import { CLAIM_LEASE_MS, ShippingGroups } from '../src/app/shipping-groups';
import { updateProduct } from '../src/app/update-product';
import { wireCatalog } from '../src/service';

const HOLD_MS = 60_000;
const STORE = 7;

let db: Database;
let deps: CatalogDeps;
let now: number;
/** The groups shipping has, by id. */
let inShipping: Map<number, GroupSummary>;

beforeEach(async () => {
  db = await openDatabase({ engine: 'memory' });
  now = Date.UTC(2026, 0, 15);
  inShipping = new Map();
  const shipping: ShippingPort = { group: async (_storeId, id) => inShipping.get(id) ?? null, defaultGroup: async () => null };
  const wired = await wireCatalog({
    db,
    storefront: { storeContext: () => Promise.reject(new Error('the projection knows the store')) },
    shipping,
    logger: createLogger({ service: 'catalog-test', level: 'silent' }),
    groupRetirementHoldMs: HOLD_MS,
  });
  const clock = () => now;
  deps = {
    ...wired,
    clock: () => new Date(clock()),
    shippingGroups: new ShippingGroups(wired.shippingGroupProjection, shipping, { clock }),
  };
  await deps.storeContexts.apply(STORE, {
    time_zone: 'UTC',
    subdomain: 'shop',
    url: 'https://shop.example',
    updated_at: '2026-01-01T00:00:00Z',
  });
  for (const [id, name] of [
    [1, 'Standard'],
    [2, 'Express'],
  ] as const) {
    inShipping.set(id, { id, name });
    await deps.shippingGroupProjection.apply({ store_id: STORE, id, name, deleted: false, sequence: 1 });
  }
});

afterEach(() => db.close());

const create = (shippingGroupId: number) =>
  createProduct(
    deps,
    STORE,
    catalog.CreateProductRequest.fromPartial({ store_id: STORE, name: 'Mug', cents: 900, shipping_group_id: shippingGroupId }),
  );
const moveTo = (productId: number, shippingGroupId: number) =>
  updateProduct(
    deps,
    STORE,
    catalog.UpdateProductRequest.fromPartial({ store_id: STORE, product_id: productId, shipping_group_id: shippingGroupId }),
  );
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const violationsOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (isDomainError(error) ? (error.fieldViolations ?? `${error.reason}: ${error.message}`) : error),
  );

describe('RetireShippingGroup', () => {
  it('retires a group no product uses; product writes naming it are refused from then on', async () => {
    const elsewhere = (await create(2)).product;

    expect(await retireShippingGroup(deps, STORE, 1, 'attempt-1')).toEqual({ retired: true, heldForMs: HOLD_MS });

    expect(await violationsOf(create(1))).toEqual({ shipping_group_id: ['is being deleted'] });
    expect(await violationsOf(moveTo(elsewhere.id, 1))).toEqual({ shipping_group_id: ['is being deleted'] });
    // A product created without a group takes the store's next one.
    expect((await create(0)).product.shipping_group_id).toBe(2);
  });

  it('answers the live products of a group in use and changes nothing', async () => {
    const [a, b, gone] = [(await create(1)).product, (await create(1)).product, (await create(1)).product];
    await deleteProduct(deps, STORE, gone.id);

    expect(await retireShippingGroup(deps, STORE, 1, 'attempt-1')).toEqual({ retired: false, productIds: [a.id, b.id] });
    expect((await create(1)).product.shipping_group_id).toBe(1);
  });

  it('counts a product write under way as a user of the group', async () => {
    const held = await deps.shippingGroups.hold(STORE, 1, 42);

    expect(await retireShippingGroup(deps, STORE, 1, 'attempt-1')).toEqual({ retired: false, productIds: [42] });
    await held.release();
    expect(await retireShippingGroup(deps, STORE, 1, 'attempt-2')).toMatchObject({ retired: true });
  });

  it('is not written over a claim that came after the products were counted', async () => {
    const seen = await deps.shippingGroupProjection.find(STORE, 1);
    const held = await deps.shippingGroups.hold(STORE, 1, 42);

    expect(await deps.shippingGroupProjection.retire(STORE, 1, seen, { token: 'attempt-1', at: new Date(now) })).toBe(false);
    await held.release();
    expect(await deps.shippingGroupProjection.retire(STORE, 1, seen, { token: 'attempt-1', at: new Date(now) })).toBe(false);
    expect(await retireShippingGroup(deps, STORE, 1, 'attempt-1')).toMatchObject({ retired: true });
  });

  it('passes a claim abandoned past its lease (a catalog that died mid-write)', async () => {
    await deps.shippingGroups.hold(STORE, 1, 42); // never released
    now += CLAIM_LEASE_MS + 1;

    expect(await retireShippingGroup(deps, STORE, 1, 'attempt-1')).toMatchObject({ retired: true });
    expect((await deps.shippingGroupProjection.find(STORE, 1))!.claims).toEqual([]);
  });

  it('answers a repeat of the same attempt as retired, and another attempt CONFLICT', async () => {
    await retireShippingGroup(deps, STORE, 1, 'attempt-1');

    expect(await retireShippingGroup(deps, STORE, 1, 'attempt-1')).toEqual({ retired: true, heldForMs: HOLD_MS });
    expect(await violationsOf(retireShippingGroup(deps, STORE, 1, 'attempt-2'))).toBe(
      'CONFLICT: Another deletion of this shipping group is under way; try again',
    );
  });

  it('retires a group the projection has not seen yet, which a product then cannot take from shipping', async () => {
    inShipping.set(9, { id: 9, name: 'Fresh' });

    expect(await retireShippingGroup(deps, STORE, 9, 'attempt-1')).toMatchObject({ retired: true });

    expect(await violationsOf(create(9))).toEqual({ shipping_group_id: ['is being deleted'] });
    await restoreShippingGroup(deps, STORE, 9, 'attempt-1');
    expect((await create(9)).product).toMatchObject({ shipping_group_id: 9, shipping_group_name: 'Fresh' });
  });

  it('never lets 50 concurrent creates and a retirement interleave: retired means none of them wrote', async () => {
    // Rounds start the retirement 0 to 19 ms after the creates, around the moment they write.
    for (let round = 0; round < 20; round++) {
      const groupId = 100 + round;
      inShipping.set(groupId, { id: groupId, name: `Contested ${round}` });
      await deps.shippingGroupProjection.apply({ store_id: STORE, id: groupId, name: `Contested ${round}`, deleted: false, sequence: 1 });

      const creates = Array.from({ length: 50 }, () => violationsOf(create(groupId)));
      const retirement = pause(round).then(() => retireShippingGroup(deps, STORE, groupId, `attempt-${round}`));
      const [answer, outcomes] = [await retirement, await Promise.all(creates)];

      const live = (await deps.products.inShippingGroup(STORE, groupId)).length;
      const accepted = outcomes.filter((outcome) => outcome === 'accepted').length;
      expect(accepted).toBe(live);
      if (answer.retired) {
        expect(live).toBe(0);
        expect(outcomes).toEqual(outcomes.map(() => ({ shipping_group_id: ['is being deleted'] })));
      } else {
        expect(accepted).toBe(50);
      }
    }
    // 1,000 creates in all: more than the unit project's default 5 s on a loaded 2-core machine. No time is asserted.
  }, 60_000);
});

describe('RestoreShippingGroup', () => {
  it('ends only the retirement of its token', async () => {
    await retireShippingGroup(deps, STORE, 1, 'attempt-1');

    expect(await restoreShippingGroup(deps, STORE, 1, 'attempt-0')).toBe(false);
    expect(await violationsOf(create(1))).toEqual({ shipping_group_id: ['is being deleted'] });
    expect(await restoreShippingGroup(deps, STORE, 1, 'attempt-1')).toBe(true);
    expect((await create(1)).product.shipping_group_id).toBe(1);
    expect(await restoreShippingGroup(deps, STORE, 1, 'attempt-1')).toBe(false);
  });
});

describe('the sweep for retirements whose delete never happened', () => {
  it('restores a group shipping still has once the hold passed, and keeps refusing one it deleted', async () => {
    await retireShippingGroup(deps, STORE, 1, 'crashed-attempt');
    await retireShippingGroup(deps, STORE, 2, 'finished-attempt');
    inShipping.delete(2);

    now += HOLD_MS - 1;
    await restoreAbandonedRetirements(deps);
    expect(await violationsOf(create(1))).toEqual({ shipping_group_id: ['is being deleted'] });

    now += 2;
    await restoreAbandonedRetirements(deps);
    expect((await create(1)).product.shipping_group_id).toBe(1);
    expect(await violationsOf(create(2))).toEqual({ shipping_group_id: ['is not a shipping group of this store'] });
  });
});
