import { connect, type NatsConnection } from 'nats';
import sharp from 'sharp';
import { startNatsServer, type NatsServerHandle } from '@commerce/testing';
import { ImageStore } from '../src/infra/image-store';

/** docs/media.md#where-the-bytes-live, on a real nats-server with JetStream: content-addressed, each image once. */
let server: NatsServerHandle;
let nc: NatsConnection;
let store: ImageStore;

const photo = (red: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: red, g: 120, b: 30 } } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  server = await startNatsServer();
  nc = await connect({ servers: server.url });
  store = await ImageStore.open(nc);
});

afterAll(async () => {
  await nc?.drain();
  await server?.stop();
});

it('stores the same bytes sent eight times at once as one object, named by their SHA-256', async () => {
  const bytes = await photo(200);
  const keys = await Promise.all(Array.from({ length: 8 }, () => store.put(bytes)));
  expect(new Set(keys)).toEqual(new Set([ImageStore.keyOf(bytes)]));
  expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
  expect(await store.usage()).toEqual({ objects: 1, bytes: bytes.length });
  expect(Buffer.from((await store.get(keys[0]!))!)).toEqual(bytes);
});

it('keeps different bytes apart, survives a broker restart, and deletes once', async () => {
  const other = await photo(10);
  const key = await store.put(other);
  expect((await store.usage()).objects).toBe(2);

  await server.restart();
  const again = await connect({ servers: server.url });
  try {
    const reopened = await ImageStore.open(again);
    expect(Buffer.from((await reopened.get(key))!)).toEqual(other);
    expect(await reopened.delete(key)).toBe(true);
    expect(await reopened.delete(key)).toBe(false);
    expect(await reopened.get(key)).toBeNull();
    expect((await reopened.usage()).objects).toBe(1);
  } finally {
    await again.drain();
  }
});
