import { openDatabase, type Database } from '@commerce/persistence';
import { ShippingGroupRepository } from '../infra/shipping-group.repository';
import type { GroupSummary, ShippingPort } from './catalog-deps';
import { ShippingGroups } from './shipping-groups';

let db: Database;
let projection: ShippingGroupRepository;
let now: number;
let asked: number;
let shippingDefault: GroupSummary | null;

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
});

afterEach(() => db.close());

it('asks shipping once for a store without groups, then answers "no group" for two seconds', async () => {
  const groups = new ShippingGroups(projection, shipping, () => now);

  expect(await groups.forNewProduct(7, 0)).toEqual({ id: 0, name: '' });
  expect(await groups.forNewProduct(7, 0)).toEqual({ id: 0, name: '' });
  expect(asked).toBe(1);

  now += 2_001;
  shippingDefault = { id: 3, name: 'Standard' };
  expect(await groups.forNewProduct(7, 0)).toEqual({ id: 3, name: 'Standard' });
  expect(asked).toBe(2);
});

it('uses a group the projection learned at once, even while "no group" stands', async () => {
  const groups = new ShippingGroups(projection, shipping, () => now);
  await groups.forNewProduct(7, 0);

  await projection.apply({ store_id: 7, id: 4, name: 'Express', deleted: false, sequence: 1 });

  expect(await groups.forNewProduct(7, 0)).toEqual({ id: 4, name: 'Express' });
  expect(asked).toBe(1);
});
