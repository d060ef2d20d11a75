import net from 'node:net';
import { presentPhoto } from '@commerce/api-presenters';
import { catalog, media } from '@commerce/contracts';
import { encodeEvent, eventSubject, newEvent, type DomainEvent } from '@commerce/events';
import { createClient, GrpcStatus } from '@commerce/grpc-runtime';
import { databaseOptionsFrom, openDatabase } from '@commerce/persistence';
import { rejectionOf, waitFor } from '@commerce/testing';
import { connect, type NatsConnection } from 'nats';
import type { MediaPort } from '../src/app/catalog-deps';
import { MediaClient } from '../src/infra/media.client';
import { aProduct, createProduct, startCatalogHarness, type CatalogHarness } from './catalog.fixture';

// Photos over gRPC (AddPhoto, UpdatePhoto, DeletePhoto, ImagesInUse; photos given by URL). Media is a port written for
// the test: it records the URLs it is given and answers as the test sets it (an image id, a refusal, or a real media
// client on an address that accepts connections and never answers: media hung).
let nextImageId = 1000;
const imported: Array<{ storeId: number; url: string }> = [];
let mediaAnswer: (storeId: number, url: string) => Promise<number> = async () => nextImageId++;
const testMedia: MediaPort = {
  importImage: (storeId, url) => {
    imported.push({ storeId, url });
    return mediaAnswer(storeId, url);
  },
};

let harness: CatalogHarness;
let storeId: number;
let hung: net.Server;
let nc: NatsConnection;
const hungSockets: net.Socket[] = [];

beforeAll(async () => {
  harness = await startCatalogHarness({}, { media: testMedia });
  nc = await connect({ servers: harness.natsUrl });
  storeId = (await harness.newStore()).id;
  hung = net.createServer((socket) => hungSockets.push(socket));
  await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await nc?.close();
  await harness?.stop();
  for (const socket of hungSockets) socket.destroy();
  hung?.close();
});

beforeEach(() => {
  mediaAnswer = async () => nextImageId++;
});

const KEY = (n: number) => n.toString(16).padStart(64, '0');
const addPhoto = (productId: number, n: number, overrides: Partial<catalog.AddPhotoRequest> = {}) =>
  harness.client.addPhoto(
    catalog.AddPhotoRequest.fromPartial({
      store_id: storeId,
      product_id: productId,
      image_id: n,
      media_key: KEY(n),
      width: 800,
      height: 600,
      ...overrides,
    }),
  );
const photoIds = (product: catalog.Product | undefined) => product!.photos.map((photo) => photo.id);
const imageIds = (product: catalog.Product | undefined) => product!.photos.map((photo) => photo.image_id);
const getProduct = async (productId: number, store = storeId) =>
  (await harness.client.getProduct({ store_id: store, product_id: productId })).product!;
const updatePhotos = (productId: number, urls: string[]) =>
  harness.client.updateProduct(catalog.UpdateProductRequest.fromPartial({ store_id: storeId, product_id: productId, photos: { urls } }));

describe('AddPhoto', () => {
  it('adds a hosted photo at its position, answers it and the product, and publishes product/updated', async () => {
    const product = await createProduct(harness.client, storeId);
    const first = await addPhoto(product.id, 1);
    const second = await addPhoto(product.id, 2, { position: 1 });
    const third = await addPhoto(product.id, 3, { position: 0 });

    expect(first.photo).toEqual({ id: expect.any(Number), url: '', image_id: 1, media_key: KEY(1), width: 800, height: 600 });
    expect(photoIds(third.product)).toEqual([second.photo!.id, first.photo!.id, third.photo!.id]);
    expect(new Set(photoIds(third.product)).size).toBe(3);
    expect(third.store_context).toMatchObject({ currency: 'USD' });
    const events = await harness.waitForEvents('catalog', 4, {
      store_id: storeId,
      where: (event) => event.resource_type === 'product' && event.resource_id === product.id,
    });
    expect(events.map((event) => event.topic)).toEqual(['product/created', 'product/updated', 'product/updated', 'product/updated']);
    const rendered = (events[3]!.resource as { photos: Array<{ photo: Record<string, unknown> }> }).photos.map(({ photo }) => photo);
    expect(rendered.map((photo) => photo.id)).toEqual(photoIds(third.product));
    expect(rendered[0]).toMatchObject({ id: second.photo!.id, width: 800, height: 600, large: `/media/${KEY(2)}/large` });
  });

  it('refuses a sixth photo as PHOTO_LIMIT, and concurrent adds never lose one nor pass five', async () => {
    const product = await createProduct(harness.client, storeId);
    const outcomes = await Promise.allSettled([1, 2, 3, 4, 5, 6, 7, 8].map((n) => addPhoto(product.id, n)));

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(refused.map(({ reason }) => [reason.code, reason.reason])).toEqual([
      [GrpcStatus.FAILED_PRECONDITION, 'PHOTO_LIMIT'],
      [GrpcStatus.FAILED_PRECONDITION, 'PHOTO_LIMIT'],
      [GrpcStatus.FAILED_PRECONDITION, 'PHOTO_LIMIT'],
    ]);
    const added = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.photo!.id] : []));
    expect(photoIds(await getProduct(product.id)).sort()).toEqual(added.sort());
  });

  it('answers NOT_FOUND for a product of another store, and INVALID_ARGUMENT for an image that is not one', async () => {
    const otherStore = (await harness.newStore()).id;
    const theirs = await createProduct(harness.client, otherStore);

    expect((await rejectionOf(addPhoto(theirs.id, 1))).code).toBe(GrpcStatus.NOT_FOUND);
    expect(await getProduct(theirs.id, otherStore)).toMatchObject({ photos: [] });
    const mine = await createProduct(harness.client, storeId);
    const bad = await rejectionOf(addPhoto(mine.id, 0, { media_key: 'nope', width: 0, position: -1 }));
    expect(bad.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(Object.keys(bad.fieldViolations ?? {}).sort()).toEqual(['image_id', 'media_key', 'position', 'width']);
  });
});

describe('UpdatePhoto and DeletePhoto', () => {
  it('moves a photo (1 first, past the end last) and deletes one, answering the photo removed', async () => {
    const product = await createProduct(harness.client, storeId);
    const [a, b, c] = [
      (await addPhoto(product.id, 1)).photo!,
      (await addPhoto(product.id, 2)).photo!,
      (await addPhoto(product.id, 3)).photo!,
    ];
    const move = (photoId: number, position: number) =>
      harness.client.updatePhoto({ store_id: storeId, product_id: product.id, photo_id: photoId, position });

    expect(photoIds((await move(c.id, 1)).product)).toEqual([c.id, a.id, b.id]);
    expect(photoIds((await move(c.id, 9)).product)).toEqual([a.id, b.id, c.id]);
    expect((await move(b.id, 2)).photo).toEqual(b);
    expect((await rejectionOf(move(b.id, 0))).code).toBe(GrpcStatus.INVALID_ARGUMENT);

    const deleted = await harness.client.deletePhoto({ store_id: storeId, product_id: product.id, photo_id: a.id });
    expect(deleted.photo).toEqual(a);
    expect(photoIds(deleted.product)).toEqual([b.id, c.id]);
    expect(photoIds(await getProduct(product.id))).toEqual([b.id, c.id]);
    const again = await rejectionOf(harness.client.deletePhoto({ store_id: storeId, product_id: product.id, photo_id: a.id }));
    expect(again.code).toBe(GrpcStatus.NOT_FOUND);
  });

  it("answers NOT_FOUND for a photo of another product, and for another store's product", async () => {
    const product = await createProduct(harness.client, storeId);
    const other = await createProduct(harness.client, storeId);
    const photo = (await addPhoto(other.id, 1)).photo!;
    const otherStore = (await harness.newStore()).id;

    const calls = [
      harness.client.updatePhoto({ store_id: storeId, product_id: product.id, photo_id: photo.id, position: 1 }),
      harness.client.deletePhoto({ store_id: storeId, product_id: product.id, photo_id: photo.id }),
      harness.client.deletePhoto({ store_id: otherStore, product_id: other.id, photo_id: photo.id }),
      harness.client.updatePhoto({ store_id: otherStore, product_id: other.id, photo_id: photo.id, position: 1 }),
    ];
    for (const call of calls) expect((await rejectionOf(call)).code).toBe(GrpcStatus.NOT_FOUND);
    expect(photoIds(await getProduct(other.id))).toEqual([photo.id]);
  });
});

describe('ImagesInUse', () => {
  it("answers the ids a live product's photos refer to, in the order asked, not another store's nor a deleted product's", async () => {
    const product = await createProduct(harness.client, storeId);
    await addPhoto(product.id, 501);
    await addPhoto(product.id, 502);
    const gone = await createProduct(harness.client, storeId);
    await addPhoto(gone.id, 503);
    await harness.client.deleteProduct({ store_id: storeId, product_id: gone.id });
    const otherStore = (await harness.newStore()).id;

    const inUse = (store: number, ids: number[]) => harness.client.imagesInUse({ store_id: store, image_ids: ids });
    expect(await inUse(storeId, [504, 502, 503, 501, 502])).toEqual({ image_ids: [502, 501] });
    expect(await inUse(otherStore, [501, 502])).toEqual({ image_ids: [] });
  });
});

describe('photos given by URL', () => {
  it('registers each new URL with media; a photo relisted by its URL or hosted address stays as it was', async () => {
    imported.length = 0;
    const product = await createProduct(harness.client, storeId, {
      photo_urls: ['https://img.example/a.jpg', 'https://img.example/b.jpg'],
    });
    expect(imported.map(({ url }) => url).sort()).toEqual(['https://img.example/a.jpg', 'https://img.example/b.jpg']);
    expect(imported.every((call) => call.storeId === storeId)).toBe(true);
    expect(product.photos.map((photo) => [photo.url, photo.media_key])).toEqual([
      ['https://img.example/a.jpg', ''],
      ['https://img.example/b.jpg', ''],
    ]);
    expect(imageIds(product).every((id) => id > 0)).toBe(true);
    const uploaded = (await addPhoto(product.id, 77)).photo!;

    imported.length = 0;
    const { product: updated } = await updatePhotos(product.id, [
      `//api.example.com/media/${KEY(77)}/400sq`,
      'https://img.example/b.jpg',
      'https://img.example/c.jpg',
    ]);
    expect(imported.map(({ url }) => url)).toEqual(['https://img.example/c.jpg']);
    expect(photoIds(updated).slice(0, 2)).toEqual([uploaded.id, product.photos[1]!.id]);
    expect(updated!.photos[0]).toEqual(uploaded);
    expect(updated!.photos[1]).toEqual(product.photos[1]);
    expect(updated!.photos[2]).toMatchObject({ url: 'https://img.example/c.jpg', image_id: expect.any(Number) });
    expect(new Set(photoIds(updated)).size).toBe(3);

    // Reordering the photos by their `original` as the product's JSON shows them fetches nothing and keeps each photo.
    imported.length = 0;
    const originals = updated!.photos.map((photo) => presentPhoto(photo, '//api.example.com').original).reverse();
    const { product: reordered } = await updatePhotos(product.id, originals);
    expect(imported).toEqual([]);
    expect(reordered!.photos).toEqual([...updated!.photos].reverse());
  });

  it('still refuses more than five URLs as the photos field, and a protocol-relative URL that keeps no hosted photo', async () => {
    const product = await createProduct(harness.client, storeId);
    const six = [1, 2, 3, 4, 5, 6].map((n) => `https://img.example/${n}.jpg`);
    expect((await rejectionOf(updatePhotos(product.id, six))).fieldViolations).toEqual({ photos: ['must have at most 5 items'] });
    const relative = await rejectionOf(updatePhotos(product.id, [`//api.example.com/media/${KEY(5)}/large`]));
    expect(relative.fieldViolations).toEqual({ 'photos[0]': ['must be an http or https URL'] });
    const created = await rejectionOf(harness.client.createProduct(aProduct(storeId, { photo_urls: ['//img.example/a.jpg'] })));
    expect(created.fieldViolations).toEqual({ 'photos[0]': ['must be an http or https URL'] });
  });

  it('writes the photo without an image, showing its URL, when media refuses the URL', async () => {
    mediaAnswer = () => Promise.reject(Object.assign(new Error('bad url'), { code: GrpcStatus.INVALID_ARGUMENT }));
    const product = await createProduct(harness.client, storeId, { photo_urls: ['https://img.example/x.jpg'] });
    expect(product.photos).toEqual([
      { id: expect.any(Number), url: 'https://img.example/x.jpg', image_id: 0, media_key: '', width: 0, height: 0 },
    ]);
  });

  it('writes the product at once when media hangs: no image, bounded by the media deadline', async () => {
    const { port } = hung.address() as net.AddressInfo;
    const client = new MediaClient(createClient(media.MediaServiceClient, `127.0.0.1:${port}`, { deadlineMs: 500 }));
    mediaAnswer = (store, url) => client.importImage(store, url);
    const started = Date.now();
    const product = await createProduct(harness.client, storeId, {
      photo_urls: ['https://img.example/slow.jpg', 'https://img.example/slow2.jpg'],
    });

    expect(Date.now() - started).toBeLessThan(1_500);
    expect(imageIds(product)).toEqual([0, 0]);
    expect(product.photos[0]!.url).toBe('https://img.example/slow.jpg');
  });
});

/** Media's internal image events, as media publishes them: the Image with proto field names. */
let mediaSequence = 1;
async function publishImage(store: number, topic: 'image/ready' | 'image/failed', image: Record<string, unknown>): Promise<void> {
  // The media topics are not in libs/events' list yet (the media service adds them): typed loosely here.
  const event = newEvent({
    topic: topic as never,
    storeId: store,
    resourceType: 'image',
    resourceId: image.id as number,
    sequence: mediaSequence++,
    resource: image as never,
  }) as unknown as DomainEvent;
  await nc.jetstream().publish(eventSubject('media', event), encodeEvent(event), { msgID: event.id });
}
const readyImage = (id: number) => ({ id, key: KEY(id), status: 'ready', width: 1200, height: 800, byte_size: 1000, format: 'jpeg' });
const productEventsOf = (productId: number) => (event: { resource_type?: string; resource_id?: number }) =>
  event.resource_type === 'product' && event.resource_id === productId;

describe("media's image events", () => {
  it('image/ready shows the hosted image on every photo referring to it, with product/updated; again, it changes nothing', async () => {
    mediaAnswer = async () => 4242;
    const product = await createProduct(harness.client, storeId, { photo_urls: ['https://img.example/ready.jpg'] });
    const other = await createProduct(harness.client, storeId, { photo_urls: ['https://img.example/ready.jpg'] });
    await publishImage(storeId, 'image/failed', { id: 4242, status: 'failed', error: 'the address answered 404' });
    await publishImage(storeId, 'image/ready', readyImage(4242));
    await publishImage(storeId, 'image/ready', readyImage(4242));

    const shown = await waitFor(async () => {
      const found = await getProduct(product.id);
      return found.photos[0]!.media_key ? found : undefined;
    });
    expect(shown.photos).toEqual([{ ...product.photos[0], media_key: KEY(4242), width: 1200, height: 800 }]);
    expect(await waitFor(async () => ((await getProduct(other.id)).photos[0]!.media_key ? true : undefined))).toBe(true);
    const events = await harness.waitForEvents('catalog', 2, { store_id: storeId, where: productEventsOf(product.id) });
    const photo = (events[1]!.resource as { photos: Array<{ photo: Record<string, unknown> }> }).photos[0]!.photo;
    expect(events[1]!.topic).toBe('product/updated');
    expect(photo).toMatchObject({ id: product.photos[0]!.id, width: 1200, height: 800, original: `/media/${KEY(4242)}/original` });

    // A later product event shows the repeated image/ready wrote nothing: the next change is sequence 3.
    await harness.client.updateProduct(catalog.UpdateProductRequest.fromPartial({ store_id: storeId, product_id: product.id, cents: 1 }));
    const after = await harness.waitForEvents('catalog', 3, { store_id: storeId, where: productEventsOf(product.id) });
    expect(after.map((event) => [event.topic, event.sequence])).toEqual([
      ['product/created', 1],
      ['product/updated', 2],
      ['product/updated', 3],
    ]);
  });

  it('a photo written after its image became ready shows it at once', async () => {
    await publishImage(storeId, 'image/ready', readyImage(4343));
    mediaAnswer = async () => 4343;
    const product = await waitFor(async () => {
      const created = await createProduct(harness.client, storeId, { photo_urls: ['https://img.example/early.jpg'] });
      return created.photos[0]!.media_key ? created : undefined;
    });
    expect(product.photos[0]).toMatchObject({ image_id: 4343, media_key: KEY(4343), width: 1200, height: 800 });
  });

  it("image/ready of another store's image id touches none of this store's photos", async () => {
    mediaAnswer = async () => 4444;
    const product = await createProduct(harness.client, storeId, { photo_urls: ['https://img.example/mine.jpg'] });
    mediaAnswer = async () => 4445;
    const marker = await createProduct(harness.client, storeId, { photo_urls: ['https://img.example/marker.jpg'] });
    const otherStore = (await harness.newStore()).id;
    await publishImage(otherStore, 'image/ready', readyImage(4444));
    await publishImage(storeId, 'image/ready', readyImage(4445)); // handled after the one before: once it shows, that one was handled

    await waitFor(async () => ((await getProduct(marker.id)).photos[0]!.media_key ? true : undefined));
    expect((await getProduct(product.id)).photos[0]).toMatchObject({ image_id: 4444, media_key: '' });
  });
});

describe('migration 1', () => {
  it('gives the photos stored as URLs before photos had ids an id each, showing their URLs', async () => {
    const product = await createProduct(harness.client, storeId);
    await harness.service.stop();
    const db = await openDatabase(databaseOptionsFrom(harness.config, 'catalog'));
    try {
      await db
        .collection('products')
        .updateOne(
          { store_id: storeId, id: product.id },
          { $set: { photo_urls: ['https://img.example/old-1.jpg', 'https://img.example/old-2.jpg'] }, $unset: { photos: '' } },
        );
      await db.collection('_migrations').deleteOne({ _id: 'service/1' });
    } finally {
      await db.close();
    }
    await harness.restart();

    const migrated = await getProduct(product.id);
    expect(migrated.photos.map((photo) => [photo.url, photo.image_id, photo.media_key])).toEqual([
      ['https://img.example/old-1.jpg', 0, ''],
      ['https://img.example/old-2.jpg', 0, ''],
    ]);
    expect(migrated.photos.every((photo) => photo.id > 0)).toBe(true);
    expect(new Set(migrated.photos.map((photo) => photo.id)).size).toBe(2);
    const { product: kept } = await updatePhotos(product.id, ['https://img.example/old-2.jpg']);
    expect(kept!.photos).toEqual([migrated.photos[1]]);
  });
});
