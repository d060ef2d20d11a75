import path from 'node:path';
import { catalog } from '@commerce/contracts';
import { eventStreamName } from '@commerce/events';
import { readEmbeddedCollection } from '@commerce/persistence';
import { waitFor, type PublishedEvent } from '@commerce/testing';
import { connect, type NatsConnection } from 'nats';
import { CATALOG_PROJECTION_DURABLE } from '../src/infra/catalog-events.consumer';
import {
  CatalogProjectionRepository,
  type CatalogVersionDocument,
  type ProjectedProductDocument,
  type ProjectedVariantDocument,
} from '../src/infra/catalog-projection.repository';
import { aProduct, aRenderRequest, aStore, pageWhen, setStock, startPageHarness, type PageHarness } from './page.fixture';

let harness: PageHarness;
let bus: NatsConnection;

beforeAll(async () => {
  harness = await startPageHarness();
  bus = await connect({ servers: harness.natsUrl });
});

afterAll(async () => {
  await bus?.close();
  await harness?.stop();
});

/** Waits until the projection's consumer has handled (acked) every catalog event on the stream. */
async function projectionCaughtUp(): Promise<void> {
  const jsm = await bus.jetstreamManager();
  await waitFor(
    async () => {
      const info = await jsm.consumers.info(eventStreamName('catalog'), CATALOG_PROJECTION_DURABLE);
      return info.num_pending === 0 && info.num_ack_pending === 0;
    },
    { timeoutMs: 15_000, message: 'the catalog projection handling every event' },
  );
}

/** Publishes the events again as new messages (no message id, so JetStream keeps them): what a relay repeating itself sends. */
async function publishAgain(events: PublishedEvent[]): Promise<void> {
  const js = bus.jetstream();
  for (const event of events) await js.publish(`events.catalog.${event.store_id}.${event.topic}`, JSON.stringify(event));
}

/** What the storefront stored of the store's catalog: its version and records, read from its embedded database. */
function storedProjectionOf(storeId: number) {
  const dir = path.join(harness.dataDir, 'storefront');
  const ofStore = <T extends { store_id: number }>(docs: T[]) => docs.filter((doc) => doc.store_id === storeId);
  return {
    version: ofStore(readEmbeddedCollection<CatalogVersionDocument>(dir, 'catalog_versions'))[0]?.version,
    products: ofStore(readEmbeddedCollection<ProjectedProductDocument>(dir, 'catalog_products')),
    variants: ofStore(readEmbeddedCollection<ProjectedVariantDocument>(dir, 'catalog_variants')),
  };
}

describe("the storefront's catalog projection, fed by catalog's events", () => {
  it('ends at the last of many rapid changes of a product', async () => {
    const store = await aStore(harness);
    const tea = await aProduct(harness, store.id, { name: 'Tea 0', cents: 100 });
    for (let n = 1; n <= 30; n++) {
      await harness.catalog.updateProduct(
        catalog.UpdateProductRequest.fromPartial({ store_id: store.id, product_id: tea.id, name: `Tea ${n}`, cents: 100 + n }),
      );
    }

    const page = await pageWhen(
      harness,
      aRenderRequest(store.id, { path: `/products/${tea.id}` }),
      (answer) => answer.body.includes('<h1>Tea 30</h1>'),
      'the last name',
    );

    expect(page.body).toContain('$1.30');
    const events = await harness.eventsOf('catalog', { store_id: store.id, topic: 'product/updated' });
    expect(events.length).toBeGreaterThanOrEqual(30);
  });

  it('keeps what it applied across a restart of the storefront, and follows catalog’s changes after it', async () => {
    const store = await aStore(harness);
    const before = await aProduct(harness, store.id, { name: 'Before Restart' });
    await pageWhen(harness, aRenderRequest(store.id), (page) => page.body.includes('Before Restart'), 'the first product');

    await harness.restart();
    const after = await aProduct(harness, store.id, { name: 'After Restart' });
    await harness.catalog.updateProduct(
      catalog.UpdateProductRequest.fromPartial({ store_id: store.id, product_id: before.id, name: 'Renamed Before' }),
    );

    const home = await pageWhen(
      harness,
      aRenderRequest(store.id),
      (page) => page.body.includes('After Restart') && page.body.includes('Renamed Before'),
      'both products after the restart',
    );
    expect(home.body).not.toContain('Before Restart');
    expect(home.body.indexOf('After Restart')).toBeLessThan(home.body.indexOf('Renamed Before'));
    expect(after.id).toBeGreaterThan(before.id);
  });

  it('reads the catalog of a store changed lately once it serves again after a restart, before any page asks', async () => {
    const store = await aStore(harness);
    await aProduct(harness, store.id, { name: 'Warm Tea' });
    await projectionCaughtUp();
    const wholeReads = jest.spyOn(CatalogProjectionRepository.prototype, 'liveRecordsOf');
    const readsOfStore = () => wholeReads.mock.calls.filter(([storeId]) => storeId === store.id).length;

    try {
      await harness.restart();
      await waitFor(() => readsOfStore() === 1, { timeoutMs: 15_000, message: 'the warm-up reading the store' });
      const page = await harness.client.renderPage(aRenderRequest(store.id));

      expect(page.body).toContain('Warm Tea');
      expect(readsOfStore()).toBe(1);
    } finally {
      wholeReads.mockRestore();
    }
  });

  it('changes nothing, not even the catalog version, when catalog’s events come again: the latest once more, older ones late', async () => {
    const store = await aStore(harness);
    const tea = await aProduct(harness, store.id, { name: 'Tea 0', cents: 100 }, 7);
    for (let n = 1; n <= 3; n++) {
      await harness.catalog.updateProduct(
        catalog.UpdateProductRequest.fromPartial({ store_id: store.id, product_id: tea.id, name: `Tea ${n}`, cents: 100 + n }),
      );
    }
    await setStock(harness, store.id, tea, 4);
    await pageWhen(
      harness,
      aRenderRequest(store.id, { path: `/products/${tea.id}` }),
      (page) => page.body.includes('<h1>Tea 3</h1>'),
      'the last name',
    );
    await projectionCaughtUp();
    const before = storedProjectionOf(store.id);
    expect(before.version).toBeGreaterThan(0);
    expect(before.variants.map((doc) => doc.variant.in_stock)).toEqual([4]);

    const events = await harness.eventsOf('catalog', { store_id: store.id });
    expect(events.map((event) => event.topic)).toEqual(
      expect.arrayContaining(['product/created', 'variant/created', 'product/updated', 'variant/updated']),
    );
    await publishAgain([events.at(-1)!, ...[...events].reverse()]);
    await projectionCaughtUp();

    expect(storedProjectionOf(store.id)).toEqual(before);
    const page = await harness.client.renderPage(aRenderRequest(store.id, { path: `/products/${tea.id}` }));
    expect(page.body).toContain('<h1>Tea 3</h1>');
    expect(page.body).toContain('$1.03');
  });
});
