import { isDomainError } from '@commerce/grpc-runtime';
import { openDatabase, type Database } from '@commerce/persistence';
import { ShippingGroupRepository } from '../infra/shipping-group.repository';
import type { GroupSummary, ShippingPort } from './catalog-deps';
import { CLAIM_LEASE_MS, ShippingGroups } from './shipping-groups';

let db: Database;
let projection: ShippingGroupRepository;
let now: number;
let asked: number;
let shippingDefault: GroupSummary | null;
let groups: ShippingGroups;

const shipping: ShippingPort = {
  defaultGroup: async () => {
    asked += 1;
    return shippingDefault;
  },
  group: async () => null,
};

beforeEach(async () => {
  db = await openDatabase({ engine: 'memory' });
  projection = new ShippingGroupRepository(db.collection('shipping_groups'));
  now = 1_000_000;
  asked = 0;
  shippingDefault = null;
  groups = new ShippingGroups(projection, shipping, { clock: () => now });
});

afterEach(() => db.close());

const aGroup = (id: number, name: string) => projection.apply({ store_id: 7, id, name, deleted: false, sequence: 1 });
const retire = (id: number) =>
  projection.find(7, id).then((seen) => projection.retire(7, id, seen, { token: `t${id}`, at: new Date(now) }));
const violationsOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (isDomainError(error) ? error.fieldViolations : error),
  );

it('asks shipping once for a store without groups, then answers "no group" for two seconds', async () => {
  expect(await groups.forNewProduct(7, 0)).toEqual({ id: 0, name: '' });
  expect(await groups.forNewProduct(7, 0)).toEqual({ id: 0, name: '' });
  expect(asked).toBe(1);

  now += 2_001;
  shippingDefault = { id: 3, name: 'Standard' };
  expect(await groups.forNewProduct(7, 0)).toEqual({ id: 3, name: 'Standard' });
  expect(asked).toBe(2);
});

it('uses a group the projection learned at once, even while "no group" stands', async () => {
  await groups.forNewProduct(7, 0);

  await aGroup(4, 'Express');

  expect(await groups.forNewProduct(7, 0)).toEqual({ id: 4, name: 'Express' });
  expect(asked).toBe(1);
});

describe('holding a group for a product write', () => {
  it('claims the group until released, with the product it writes', async () => {
    await aGroup(4, 'Express');

    const held = await groups.hold(7, 4, 11);

    expect(held).toMatchObject({ id: 4, name: 'Express' });
    expect((await projection.find(7, 4))!.claims).toEqual([{ token: expect.any(String), product_id: 11, at: new Date(now) }]);
    await held.release();
    expect((await projection.find(7, 4))!.claims).toEqual([]);
  });

  it('refuses a group being deleted, claiming nothing', async () => {
    await aGroup(4, 'Express');
    await retire(4);

    expect(await violationsOf(groups.hold(7, 4, 11))).toEqual({ shipping_group_id: ['is being deleted'] });
    expect(await violationsOf(groups.forNewProduct(7, 4))).toEqual({ shipping_group_id: ['is being deleted'] });
    expect((await projection.find(7, 4))!.claims).toEqual([]);
  });

  it('refuses a group retired between the pick and the hold as the pick would now', async () => {
    await aGroup(4, 'Express');
    const picked = await groups.forNewProduct(7, 4);
    await retire(4);

    expect(await violationsOf(groups.holdForNewProduct(7, 4, picked, 11))).toEqual({ shipping_group_id: ['is being deleted'] });
  });

  it('gives a product without a group the next group when the default one is being deleted', async () => {
    await aGroup(4, 'Standard');
    await aGroup(5, 'Express');
    const picked = await groups.forNewProduct(7, 0);
    await retire(4);

    expect(picked).toEqual({ id: 4, name: 'Standard' });
    expect(await groups.forNewProduct(7, 0)).toEqual({ id: 5, name: 'Express' });
    expect(await groups.holdForNewProduct(7, 0, picked, 11)).toMatchObject({ id: 5, name: 'Express' });
  });

  it('gives no group when the only one is being deleted, even as shipping still names it', async () => {
    await aGroup(4, 'Standard');
    await retire(4);
    shippingDefault = { id: 4, name: 'Standard' };

    expect(await groups.forNewProduct(7, 0)).toEqual({ id: 0, name: '' });
  });

  it('stops relying on a hold after half its lease: the write is refused, never left unprotected', async () => {
    await aGroup(4, 'Express');
    const held = await groups.hold(7, 4, 11);

    now += CLAIM_LEASE_MS / 2 - 1;
    expect(() => held.assertHeld()).not.toThrow();
    now += 2;
    expect(() => held.assertHeld()).toThrow('The product write took too long; try again');
  });
});
