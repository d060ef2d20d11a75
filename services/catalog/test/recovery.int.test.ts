// What a crash leaves half-done is finished at the next start: the state is written to disk exactly as an
// interrupted use case leaves it (the service stopped, its datafiles edited), then the service starts again.
import { catalog, shipping } from '@commerce/contracts';
import { databaseOptionsFrom, openDatabase, type Database } from '@commerce/persistence';
import { waitFor } from '@commerce/testing';
import { createProduct, startCatalogHarness, type CatalogHarness } from './catalog.fixture';

let harness: CatalogHarness;
let storeId: number;

beforeAll(async () => {
  harness = await startCatalogHarness();
  storeId = (await harness.newStore()).id;
});

afterAll(() => harness?.stop());

/** Stops catalog, lets `crash` edit its data as a crash would have left it, and starts it again. */
async function restartAfter(crash: (db: Database) => Promise<unknown>): Promise<void> {
  await harness.service.stop();
  const db = await openDatabase(databaseOptionsFrom(harness.config, 'catalog'));
  try {
    await crash(db);
  } finally {
    await db.close();
  }
  await harness.restart();
  await harness.service.firstRecovery;
}

const productEvents = async (productId: number) =>
  (await harness.eventsOf('catalog', { store_id: storeId })).filter(
    (event) => event.resource.id === productId && event.topic.startsWith('product/'),
  );

it('writes the product/updated a membership change still owed its products', async () => {
  const product = await createProduct(harness.client, storeId);
  const { collection } = await harness.client.createCollection(
    catalog.CreateCollectionRequest.fromPartial({ store_id: storeId, name: 'Teas', product_ids: [product.id] }),
  );
  await harness.waitForEvents('catalog', 2, { store_id: storeId, where: (event) => event.resource.id === product.id });

  // Crash right after the collection's write: the membership is stored, its products' events are not.
  await restartAfter((db) =>
    db.collection('collections').updateOne({ store_id: storeId, id: collection!.id }, { $set: { pending_product_touches: [product.id] } }),
  );

  const events = await waitFor(async () => {
    const found = await productEvents(product.id);
    return found.length === 3 ? found : undefined;
  });
  expect(events.map((event) => [event.topic, event.sequence, event.resource.collections])).toEqual([
    ['product/created', 1, []],
    ['product/updated', 2, [collection!.id]],
    ['product/updated', 3, [collection!.id]],
  ]);
});

it('pulls a deleted product from its collections when the crash came before the pull', async () => {
  const [gone, kept] = [await createProduct(harness.client, storeId), await createProduct(harness.client, storeId)];
  const { collection } = await harness.client.createCollection(
    catalog.CreateCollectionRequest.fromPartial({ store_id: storeId, name: 'Pair', product_ids: [gone.id, kept.id] }),
  );

  // Crash right after the delete's write: the product is deleted, the collection still lists it.
  await restartAfter((db) =>
    db
      .collection('products')
      .updateOne(
        { store_id: storeId, id: gone.id },
        { $set: { deleted: true, deleted_at: new Date(), collections_cleanup_pending: true }, $inc: { rev: 1 } },
      ),
  );

  expect((await harness.client.getCollection({ store_id: storeId, collection_id: collection!.id })).collection!.product_ids).toEqual([
    kept.id,
  ]);
  const updated = await harness.waitForEvents('catalog', 1, {
    store_id: storeId,
    topic: 'collection/updated',
    where: (event) => event.resource.id === collection!.id,
  });
  expect(updated[0]!.resource.products).toEqual([kept.id]);
});

it('catches up on the shipping events published while it was down (durable consumer)', async () => {
  const { shipping_group: group } = await harness.shipping.createShippingGroup({ store_id: storeId, name: 'Standard', rates: [] });
  const product = await createProduct(harness.client, storeId, { shipping_group_id: group!.id });

  await harness.service.stop();
  await harness.shipping.updateShippingGroup(
    shipping.UpdateShippingGroupRequest.fromPartial({ store_id: storeId, shipping_group_id: group!.id, name: 'Renamed while down' }),
  );
  await harness.restart();

  await waitFor(
    async () =>
      (await harness.client.getProduct({ store_id: storeId, product_id: product.id })).product!.shipping_group_name ===
      'Renamed while down',
    {
      message: 'the rename published while catalog was down',
    },
  );
});
