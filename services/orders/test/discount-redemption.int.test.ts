// Redemption of discount codes (docs/money.md#discount-codes): never more than usage_limit, whatever runs at once.
// On SQLite (one file, one process) every handle is the same database; with MONGO_URL each handle is its own
// client, as several replicas of orders are.
import { openDatabase, type Database } from '@commerce/persistence';
import { removeDir, tempDir } from '@commerce/testing';
import type { Discount } from '../src/domain/discount';
import { DiscountRedemptionRepository, type RedeemResult } from '../src/infra/discount-redemption.repository';
import { DiscountRepository, type DiscountDocument } from '../src/infra/discount.repository';
import { ensureDiscountIndexes } from '../src/infra/indexes';

const STORE = 7;
const NOW = new Date('2026-11-26T12:00:00Z');
const REPLICAS = process.env.MONGO_URL ? 4 : 1;

let dir: string;
let handles: Database[];
let replicas: DiscountRedemptionRepository[];
let nextDiscountId = 1;

beforeAll(async () => {
  dir = await tempDir('discount-redemption-');
  const url = process.env.MONGO_URL;
  const name = `discount_redemption_${process.pid}`;
  handles = [];
  for (let i = 0; i < REPLICAS; i++) handles.push(await openDatabase(url ? { engine: 'mongodb', url, name } : { engine: 'embedded', dir }));
  await ensureDiscountIndexes(handles[0]!);
  replicas = handles.map(
    (db) =>
      new DiscountRedemptionRepository(
        db.collection(DiscountRedemptionRepository.collection),
        db.collection(DiscountRepository.collection),
      ),
  );
});

afterAll(async () => {
  await Promise.all(handles.map((db) => db.close()));
  await removeDir(dir);
});

/** A live discount of the store, stored as the repository stores one; answers its id. */
async function aDiscount(fields: Partial<Discount> = {}): Promise<number> {
  const id = nextDiscountId++;
  const { usage_limit = null, ...rest } = fields;
  const document: DiscountDocument = {
    id,
    store_id: STORE,
    code: `CODE${id}`,
    code_key: `code${id}`,
    kind: 'percentage',
    percent_bp: 1000,
    amount: 0,
    minimum_subtotal: 0,
    product_ids: [],
    collection_ids: [],
    starts_at: null,
    ends_at: null,
    once_per_customer: false,
    times_used: 0,
    created_at: NOW,
    updated_at: NOW,
    ...rest,
    ...(usage_limit === null ? {} : { usage_limit }),
    version: 1,
    outbox: [],
  };
  await handles[0]!.collection<DiscountDocument>(DiscountRepository.collection).insertOne(document);
  return id;
}

const timesUsed = async (discountId: number) =>
  (await handles[0]!.collection<DiscountDocument>(DiscountRepository.collection).findOne({ store_id: STORE, id: discountId }))!.times_used;
const redemptionRows = (discountId: number) =>
  handles[0]!.collection(DiscountRedemptionRepository.collection).count({ store_id: STORE, discount_id: discountId });

let nextOrderId = 1_000;
const redeem = (discountId: number, orderId: number, email = `buyer${orderId}@example.com`, replica = 0): Promise<RedeemResult> =>
  replicas[replica % replicas.length]!.redeem(STORE, discountId, { orderId, email, now: NOW });

it('redeems a code limited to 10 uses exactly 10 times when 200 checkouts ask at once', async () => {
  const discountId = await aDiscount({ usage_limit: 10 });
  const orderIds = Array.from({ length: 200 }, () => nextOrderId++);
  const results = await Promise.all(orderIds.map((orderId, i) => redeem(discountId, orderId, undefined, i)));
  expect(results.filter((result) => result === 'redeemed')).toHaveLength(10);
  expect(results.filter((result) => result === 'spent')).toHaveLength(190);
  expect(await timesUsed(discountId)).toBe(10);
  expect(await redemptionRows(discountId)).toBe(10); // the refused ones left no row behind
});

it('counts an order once: a repeat answers redeemed, also when the code is spent since', async () => {
  const discountId = await aDiscount({ usage_limit: 1 });
  const orderId = nextOrderId++;
  expect(await redeem(discountId, orderId)).toBe('redeemed');
  expect(await Promise.all([redeem(discountId, orderId), redeem(discountId, orderId, undefined, 1)])).toEqual(['redeemed', 'redeemed']);
  expect(await timesUsed(discountId)).toBe(1);
  expect(await redeem(discountId, nextOrderId++)).toBe('spent');
});

it('lets a buyer use a once-per-customer code once, whatever the case of the e-mail, others still', async () => {
  const discountId = await aDiscount({ once_per_customer: true });
  expect(await redeem(discountId, nextOrderId++, 'Ann@Example.com')).toBe('redeemed');
  const again = await Promise.all([
    redeem(discountId, nextOrderId++, ' ann@example.COM '),
    redeem(discountId, nextOrderId++, 'ann@example.com'),
  ]);
  expect(again).toEqual(['used_by_customer', 'used_by_customer']);
  expect(await redeem(discountId, nextOrderId++, 'bob@example.com')).toBe('redeemed');
  expect(await timesUsed(discountId)).toBe(2);
});

it("gives a failed order's use back once, and the freed use goes to the next checkout", async () => {
  const discountId = await aDiscount({ usage_limit: 2, once_per_customer: true });
  const first = nextOrderId++;
  expect(await redeem(discountId, first, 'ann@example.com')).toBe('redeemed');
  expect(await redeem(discountId, nextOrderId++)).toBe('redeemed');
  expect(await redeem(discountId, nextOrderId++)).toBe('spent');

  expect(await Promise.all([replicas[0]!.giveBack(STORE, first), replicas[replicas.length - 1]!.giveBack(STORE, first)])).toEqual(
    expect.arrayContaining([true, false]),
  );
  expect(await replicas[0]!.giveBack(STORE, first)).toBe(false);
  expect(await timesUsed(discountId)).toBe(1);
  // The buyer may use it again (the order that held it failed), and then nobody else may.
  expect(await redeem(discountId, nextOrderId++, 'ann@example.com')).toBe('redeemed');
  expect(await redeem(discountId, nextOrderId++)).toBe('spent');
  expect(await timesUsed(discountId)).toBe(2);
});

it('never counts past the limit while uses are given back and taken at once', async () => {
  const discountId = await aDiscount({ usage_limit: 5 });
  const held = Array.from({ length: 5 }, () => nextOrderId++);
  for (const orderId of held) expect(await redeem(discountId, orderId)).toBe('redeemed');
  const newcomers = Array.from({ length: 100 }, () => nextOrderId++);
  const [given, results] = await Promise.all([
    Promise.all(held.slice(0, 3).map((orderId) => replicas[0]!.giveBack(STORE, orderId))),
    Promise.all(newcomers.map((orderId, i) => redeem(discountId, orderId, undefined, i))),
  ]);
  expect(given).toEqual([true, true, true]);
  const redeemed = results.filter((result) => result === 'redeemed').length;
  expect(redeemed).toBeLessThanOrEqual(3);
  expect(await timesUsed(discountId)).toBe(2 + redeemed);
  expect(await redemptionRows(discountId)).toBe(2 + redeemed);
});

it('finishes a redemption a crash left between its two writes, without counting it twice', async () => {
  const discountId = await aDiscount({ usage_limit: 3 });
  const orderId = nextOrderId++;
  // The row written, the count taken, the row not yet marked: what a crash after the second write leaves.
  await handles[0]!.collection(DiscountRedemptionRepository.collection).insertOne({
    store_id: STORE,
    order_id: orderId,
    discount_id: discountId,
    customer_key: `order:${orderId}`,
    email: 'x@example.com',
    counted: false,
    created_at: NOW,
  });
  await handles[0]!
    .collection<DiscountDocument>(DiscountRepository.collection)
    .updateOne({ store_id: STORE, id: discountId }, { $inc: { times_used: 1 }, $push: { counting: orderId } });
  expect(await redeem(discountId, orderId)).toBe('redeemed');
  expect(await timesUsed(discountId)).toBe(1);
  expect(await replicas[0]!.giveBack(STORE, orderId)).toBe(true);
  expect(await timesUsed(discountId)).toBe(0);
});

it('gives back a row a crash left before the count without taking a use off', async () => {
  const discountId = await aDiscount({ usage_limit: 3 });
  expect(await redeem(discountId, nextOrderId++)).toBe('redeemed');
  const orderId = nextOrderId++;
  await handles[0]!.collection(DiscountRedemptionRepository.collection).insertOne({
    store_id: STORE,
    order_id: orderId,
    discount_id: discountId,
    customer_key: `order:${orderId}`,
    email: 'x@example.com',
    counted: false,
    created_at: NOW,
  });
  expect(await replicas[0]!.giveBack(STORE, orderId)).toBe(true);
  expect(await timesUsed(discountId)).toBe(1);
});

it('answers spent for a deleted discount and leaves no row', async () => {
  const discountId = await aDiscount({ deleted_at: NOW } as Partial<Discount>);
  expect(await redeem(discountId, nextOrderId++)).toBe('spent');
  expect(await redemptionRows(discountId)).toBe(0);
});
